package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.emergo.generate.SelfPlay;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.PatternText;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.store.PostgresServer;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.analysis.ExplorerFilter;
import org.emergo.store.analysis.GameLoader;
import org.emergo.store.analysis.GameReplay;
import org.emergo.store.analysis.PositionExplorer;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameSummary;
import org.emergo.store.game.PlayerSummary;
import org.emergo.store.pattern.PatternHitRows;
import org.emergo.store.pattern.PatternNextMoves;
import org.emergo.store.pattern.PatternSearch;
import org.emergo.store.puzzle.PlayerMistakes;
import org.emergo.store.puzzle.PuzzleBook;
import org.emergo.store.puzzle.PuzzleJob;
import org.emergo.store.puzzle.StoredPuzzle;
import org.emergo.store.rating.RatingJob;
import org.emergo.store.rating.RatingRepository;
import org.emergo.store.review.ReviewFigures;
import org.emergo.store.review.ReviewJob;
import org.emergo.store.review.ReviewRepository;
import org.emergo.store.stats.GameStatistics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The viewer's reads give the same answers on a PostgreSQL database with a linguistic collation
 * as on H2: the games list (its indexed filters too), a player's page (shadowpieces included),
 * the statistics, the ratings, the reviews and puzzles (the next puzzle and the filters too),
 * a pattern search with its next moves, the explorer and a game as its page shows it; the same
 * games, in the same order.
 * Names, events and dates are chosen where a linguistic order differs from H2's: case, accents,
 * punctuation, and unknown dates ("????"), which H2 sorts after every digit.
 */
@Tag("postgres")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SameAnswersOnEveryDatabaseTest {

    private static final List<String> PLAYERS = List.of("Aster, Ada", "aster, Bo", "Ångström, Åsa", "Zeeman, Zoë", "de Vries, Dirk",
            "O'Neill, Ona", "van Zon, Ed", "Zeeman-Åker, Al");
    private static final List<String> DATES = List.of("2003.05.14", "2003.??.??", "????.??.??", "1999.12.31", "2010.01.02",
            "2003.05.??");
    private static final List<String> EVENTS = List.of("e-4 Open", "E4 open", "Open", "open 2", "Ölympiade", "_first");
    private static final List<String> RESULTS = List.of("1-0", "0-1", "1/2-1/2", "*");

    /** The databases, made by CREATE DATABASE with these options, by a name for messages. */
    private static final Map<String, String> COLLATIONS = Map.of(
            "ICU en-US", "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'",
            "C.UTF-8", "TEMPLATE template0 LOCALE 'C.UTF-8'");

    /** The filters of a player's explorer and of the search page: a player, a colour, dates (unknown ones too), a result. */
    private static final List<ExplorerFilter> EXPLORER_FILTERS = List.of(ExplorerFilter.NONE,
            new ExplorerFilter("Aster, Ada", null, null, null, null), new ExplorerFilter("Groen, Greta", Side.BLACK, "2000", null, null),
            new ExplorerFilter(null, null, null, "2010", "1-0"), new ExplorerFilter("Ångström, Åsa", Side.WHITE, "2003", "2003.05", null),
            new ExplorerFilter(null, null, "1999", null, "*"));

    private Database h2;
    private final Map<String, Database> postgres = new LinkedHashMap<>();

    @BeforeAll
    void databases() {
        h2 = filled(Database.open("jdbc:h2:mem:same-answers-" + UUID.randomUUID()));
        COLLATIONS.forEach((name, options) -> postgres.put(name, filled(Database.open(PostgresServer.get().newDatabaseUrl(options)))));
        // the comparison means something: this database orders text otherwise than bytes
        assertTrue(postgres.get("ICU en-US").dsl().fetchOne("SELECT 'a' < 'B' AND '????' < '0'").get(0, Boolean.class));
    }

    @AfterAll
    void close() {
        h2.close();
        postgres.values().forEach(Database::close);
    }

    /** Every player against the next, with dates, events and results going round; one game has no date. */
    private static Database filled(Database db) {
        List<GameRecord> games = new ArrayList<>();
        int n = 0;
        for (String white : PLAYERS) {
            for (String black : PLAYERS) {
                Map<String, String> tags = new LinkedHashMap<>();
                tags.put("Event", EVENTS.get(n % EVENTS.size()));
                if (n % 11 != 10) tags.put("Date", DATES.get(n % DATES.size()));
                tags.put("White", white);
                tags.put("Black", black);
                tags.put("Result", RESULTS.get(n % RESULTS.size()));
                games.add(new GameRecord(Variant.EMERGO, tags, null, n % 2 == 0 ? List.of("e4") : List.of("e4", "e6"), null,
                        "same", n + 1));
                n++;
            }
        }
        // findings of two codes, so that their order is compared: White enters on the centre first
        // (goes on), and Black enters on the square White took (stops)
        for (List<String> moves : List.of(List.of("e5", "e4"), List.of("e5"), List.of("e4", "e4"))) {
            games.add(new GameRecord(Variant.EMERGO, Map.of("White", "Aster, Ada", "Black", "van Zon, Ed", "Result", "*"), null,
                    moves, null, "same", ++n));
        }
        // real games of both boards too, for the statistics: captures, tall columns, shadowpieces
        for (Variant variant : Variant.values()) {
            SelfPlay selfPlay = new SelfPlay(variant, 1986);
            for (int i = 1; i <= 12; i++) games.add(selfPlay.game(i));
        }
        new GameRepository(db.dsl()).insertAll(games, null);
        new AnalysisJob(db, 1).run(false, done -> { });
        new RatingJob(db).run();
        try (ReviewJob review = new ReviewJob(db, Limit.depth(2), 1)) {
            review.run(null, done -> { });
        }
        new PuzzleJob(db, 1).run(null, done -> { });
        return db;
    }

    /** Each order of the list, with date ranges, a player, and free text. */
    @ParameterizedTest
    @ValueSource(strings = {"id", "date", "white", "black", "event", "result", "plies"})
    void theGamesListSortsAndFiltersAsOnH2(String sort) {
        int compared = 0;
        for (String dir : new String[] {"asc", "desc"}) {
            for (String[] range : new String[][] {{null, null}, {"2003", null}, {null, "2003.05"}, {"2000", "2010"}, {"2003.05", "2003.05"}}) {
                for (String player : new String[] {null, "Ångström, Åsa", "aster, Bo"}) {
                    for (String text : new String[] {null, "open", "ÅNGSTRÖM", "zeeman-"}) {
                        Map<String, String> p = new HashMap<>();
                        p.put("sort", sort);
                        p.put("dir", dir);
                        if (range[0] != null) p.put("from", range[0]);
                        if (range[1] != null) p.put("to", range[1]);
                        if (player != null) p.put("player", player);
                        if (text != null) p.put("q", text);
                        GameFilter filter = GameFilter.parse(p::get);
                        GameList.Page expected = new GameList(h2.dsl()).find(filter, 200);
                        postgres.forEach((name, db) -> {
                            GameList.Page got = new GameList(db.dsl()).find(filter, 200);
                            assertEquals(expected.total(), got.total(), name + " " + p);
                            assertEquals(ids(expected), ids(got), name + " " + p);
                        });
                        compared++;
                    }
                }
            }
        }
        assertEquals(2 * 5 * 3 * 4, compared);
    }

    /** The review's filters, and the figures of each game's latest review beside it. */
    @Test
    void theGamesListsReviewFiltersAndFiguresAreAsOnH2() {
        int compared = 0;
        for (String reviewed : new String[] {null, "yes", "no"}) {
            for (String side : new String[] {null, "w", "b"}) {
                for (String[] limits : new String[][] {{null, null}, {"70", null}, {null, "1"}}) {
                    Map<String, String> p = new HashMap<>();
                    if (reviewed != null) p.put("reviewed", reviewed);
                    if (side != null) p.put("side", side);
                    if (limits[0] != null) p.put("maxacc", limits[0]);
                    if (limits[1] != null) p.put("minblunders", limits[1]);
                    GameFilter filter = GameFilter.parse(p::get);
                    GameList.Page expected = new GameList(h2.dsl()).find(filter, 200);
                    postgres.forEach((name, db) -> assertEquals(expected, new GameList(db.dsl()).find(filter, 200), name + " " + p));
                    compared++;
                }
            }
        }
        assertEquals(3 * 3 * 3, compared);
        assertTrue(new GameList(h2.dsl()).find(GameFilter.parse(Map.of("reviewed", "yes")::get), 200).total() > 0, "reviewed games");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Ångström, Åsa", "O'Neill, Ona", "van Zon, Ed", "Aster, Ada", "Groen, Greta"})
    void aPlayersLatestGamesFindingsAndShadowpiecesAreAsOnH2(String player) {
        PlayerSummary.Summary expected = new PlayerSummary(h2.dsl()).of(player);
        assertTrue(expected.games() > 0);
        postgres.forEach((name, db) -> {
            PlayerSummary.Summary got = new PlayerSummary(db.dsl()).of(player);
            assertEquals(expected.recent().stream().map(GameSummary::id).toList(), got.recent().stream().map(GameSummary::id).toList(),
                    name);
            assertEquals(expected.colours(), got.colours(), name);
            assertEquals(expected.findings(), got.findings(), name);
            assertEquals(expected.shadowpieces(), got.shadowpieces(), name);
        });
    }

    @Test
    void somePlayerPageShowsShadowpieces() {
        assertTrue(java.util.stream.Stream.of("Aster, Ada", "Groen, Greta")
                .anyMatch(p -> !new PlayerSummary(h2.dsl()).of(p).shadowpieces().isEmpty()), "no shadowpiece to compare");
    }

    /**
     * The filters the list answers from indexes alone (IndexedGames): a player of one colour, a
     * finding code, with or without findings, a length; alone, together, and with the filters
     * and orders that need the game rows.
     */
    @ParameterizedTest
    @ValueSource(strings = {"white=Aster, Ada", "black=Zeeman, Zoë", "code=CENTRE_FIRST_ENTRY", "code=UNPLAYABLE",
            "findings=yes", "findings=no", "minply=2", "maxply=1", "minply=20&maxply=200",
            "white=Aster, Ada&findings=yes", "player=Aster, Ada&findings=no&minply=2", "black=van Zon, Ed&code=UNPLAYABLE",
            "player=Groen, Greta&minply=10", "white=aster, Bo&maxply=1&result=1-0"})
    void theIndexedFiltersOfTheGamesListAreAsOnH2(String filters) {
        int compared = 0;
        for (String sort : new String[] {"id", "date", "white", "plies"}) {
            for (String dir : new String[] {"asc", "desc"}) {
                for (String[] range : new String[][] {{null, null}, {"2003", null}}) {
                    Map<String, String> p = new HashMap<>();
                    for (String pair : filters.split("&")) p.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
                    p.put("sort", sort);
                    p.put("dir", dir);
                    if (range[0] != null) p.put("from", range[0]);
                    GameFilter filter = GameFilter.parse(p::get);
                    GameList.Page expected = new GameList(h2.dsl()).find(filter, 200);
                    if (range[0] == null && sort.equals("id")) assertTrue(expected.total() > 0, "no game to compare: " + p);
                    postgres.forEach((name, db) -> {
                        GameList.Page got = new GameList(db.dsl()).find(filter, 200);
                        assertEquals(expected.total(), got.total(), name + " " + p);
                        assertEquals(ids(expected), ids(got), name + " " + p);
                    });
                    compared++;
                }
            }
        }
        assertEquals(4 * 2 * 2, compared);
    }

    @Test
    void theStatisticsAreAsOnH2() {
        GameStatistics h2Figures = new GameStatistics(h2.dsl());
        assertFalse(h2Figures.shadowpieces().isEmpty(), "no shadowpiece to compare");
        assertTrue(h2Figures.findings().size() > 1, "no order of findings to compare");
        List<Object> expected = figures(h2Figures);
        postgres.forEach((name, db) -> assertEquals(expected, figures(new GameStatistics(db.dsl())), name));
    }

    private static List<Object> figures(GameStatistics s) {
        return List.of(countsButTime(s.counts()), s.results(), s.gameLength(), s.captureLength(), s.firstCapture(), s.findings(),
                s.shadowpieces());
    }

    /** The counts without the latest analysis's time: each database was analysed at its own. */
    private static GameStatistics.Counts countsButTime(GameStatistics.Counts c) {
        assertNotNull(c.lastAnalysed(), "no analysis to count");
        return new GameStatistics.Counts(c.games(), c.analysed(), c.findings(), null, c.reviews(), c.curves());
    }

    @Test
    void theRatingsAreAsOnH2() {
        RatingRepository ratings = new RatingRepository(h2.dsl());
        String system = ratings.run().orElseThrow().shownSystem();
        assertFalse(ratings.leaders(system, Variant.EMERGO, 0, 100).isEmpty(), "no ratings to compare");
        List<Long> games = h2.dsl().fetch("SELECT id FROM game ORDER BY id").getValues(0, Long.class);
        assertTrue(games.stream().anyMatch(id -> !ratings.atGame(id, system).isEmpty()), "no game's ratings to compare");
        List<Object> expected = ratings(ratings, system, games);
        postgres.forEach((name, db) -> assertEquals(expected, ratings(new RatingRepository(db.dsl()), system, games), name));
    }

    /** What the players and ratings pages and a game's page read; not the time of the run. */
    private static List<Object> ratings(RatingRepository r, String system, List<Long> games) {
        RatingRepository.Run run = r.run().orElseThrow();
        List<Object> out = new ArrayList<>(List.of(run.ratedGames(), run.shownSystem(), r.quality(), r.variants(system)));
        for (long id : games) out.add(r.atGame(id, system));
        for (Variant v : Variant.values()) out.addAll(List.of(r.players(system, v), r.leaders(system, v, 0, 100)));
        for (String player : PLAYERS) {
            out.add(r.player(player, system));
            for (Variant v : Variant.values()) out.add(r.history(player, system, v));
        }
        return out;
    }

    @Test
    void theReviewsAndPuzzlesAreAsOnH2() {
        ReviewFigures.Setting setting = new ReviewFigures(h2.dsl()).mainSetting().orElseThrow();
        assertTrue(new PuzzleBook(h2).count(PuzzleBook.Filter.ANY) > 0, "no puzzle to compare");
        List<Object> expected = reviewsAndPuzzles(h2, setting);
        postgres.forEach((name, db) -> assertEquals(expected, reviewsAndPuzzles(db, setting), name));
    }

    /** What the review panel, the statistics page, a player's page and the puzzle pages read; not the times. */
    private static List<Object> reviewsAndPuzzles(Database db, ReviewFigures.Setting setting) {
        ReviewFigures figures = new ReviewFigures(db.dsl());
        PuzzleBook puzzles = new PuzzleBook(db);
        PlayerMistakes mistakes = new PlayerMistakes(db.dsl());
        List<Object> out = new ArrayList<>(List.of(figures.mainSetting().orElseThrow(), figures.decided(setting),
                puzzles.list(PuzzleBook.Filter.ANY, 0, 1000), puzzles.themes()));
        for (String player : PLAYERS) {
            out.addAll(List.of(figures.player(player), mistakes.page(player, 0, 100), mistakes.page(player, 3, 5),
                    mistakes.count(player)));
        }
        for (long id : db.dsl().fetch("SELECT id FROM game ORDER BY id").getValues(0, Long.class)) {
            new ReviewRepository(db).latest(id).ifPresent(r -> out.add(List.of(r.setting(), r.curve(), r.moves(),
                    r.white(), r.black(), r.positions())));
        }
        return out;
    }

    /** Patterns of every kind of word: squares, or, not, then, for, sym, colours, both boards. */
    @ParameterizedTest
    @ValueSource(strings = {"e5:w", "e5:w2+ not e5:wp", "a5:1+ or e1:1+ or e9:1+ or i5:1+", "sym a5:1+", "sym colours e5:w2+ then:6 e5:!w",
            "colours turn:w e4:b", "capture:2+", "takes:1+ not turn:b", "material:w+1+ for:3", "whand:0 bhand:1+",
            "turn:b entry finding", "e4:hit", "hexemergo d4:w2+ or d4:b2+", "hexemergo sym a1:occupied", "hexemergo colours c3:w not turn:b"})
    void aPatternSearchAndItsNextMovesAreAsOnH2(String text) {
        Pattern pattern = PatternText.parse(text);
        boolean transforms = pattern.sym() || pattern.colours();
        PatternSearch.Result all = new PatternSearch(h2).find(pattern);
        assertTrue(all.games() > 0, "no game matches " + text);
        List<Object> expected = pattern(h2, pattern, transforms);
        postgres.forEach((name, db) -> same(expected, pattern(db, pattern, transforms), name + " " + text));
    }

    /** Each part of an answer alike, so that a failure names the first part that differs. */
    private static void same(List<Object> expected, List<Object> got, String where) {
        assertEquals(expected.size(), got.size(), where);
        for (int i = 0; i < expected.size(); i++) assertEquals(expected.get(i), got.get(i), where + ", part " + i);
    }

    /** What the search page and its API read, with each filter of the explorer's. */
    private static List<Object> pattern(Database db, Pattern pattern, boolean transforms) {
        PatternSearch search = new PatternSearch(db);
        List<Object> out = new ArrayList<>();
        Map<Long, List<Integer>> plies = new LinkedHashMap<>();
        search.plies(pattern).forEach((game, at) -> plies.put(game, java.util.Arrays.stream(at).boxed().toList()));
        out.add(plies);
        for (ExplorerFilter filter : EXPLORER_FILTERS) {
            java.util.Set<Long> allowed = filter.games(db.dsl());
            PatternSearch.Result r = search.find(pattern).only(allowed);
            out.addAll(List.of(r, PatternHitRows.of(db, r.page(1, 50), transforms), PatternHitRows.of(db, r.page(2, 50), transforms),
                    PatternNextMoves.of(db, search, pattern, allowed)));
        }
        return out;
    }

    /**
     * The puzzle pages' reads with each filter: how many, the list, the next puzzle, each puzzle by
     * its id; then the next puzzle after an attempt at it, the same attempt on every database.
     */
    @Test
    void theNextPuzzleAndThePuzzleFiltersAreAsOnH2() throws SQLException {
        PuzzleBook book = new PuzzleBook(h2);
        List<String> themes = book.themes();
        assertFalse(themes.isEmpty(), "no theme to compare");
        List<PuzzleBook.Filter> filters = new ArrayList<>(List.of(PuzzleBook.Filter.ANY,
                new PuzzleBook.Filter(Variant.EMERGO, null, null, null, null, null),
                new PuzzleBook.Filter(Variant.HEXEMERGO, null, null, null, null, null),
                new PuzzleBook.Filter(null, null, 1400, 1600, null, null),
                new PuzzleBook.Filter(null, null, null, 1500, "Aster, Ada", null),
                new PuzzleBook.Filter(null, null, 1500, null, null, "Self-play Emergo"),
                new PuzzleBook.Filter(null, null, null, null, "Zeeman, Zoë", null)));
        for (String theme : themes) filters.add(new PuzzleBook.Filter(null, theme, null, null, null, null));
        List<Object> expected = puzzles(h2, filters);
        postgres.forEach((name, db) -> same(expected, puzzles(db, filters), name));
        // tried: the next one is another, and the ratings move the same way everywhere
        for (int attempt = 0; attempt < 3; attempt++) {
            String id = book.next(PuzzleBook.Filter.ANY).orElseThrow().id();
            boolean solved = attempt % 2 == 0;
            PuzzleBook.Attempted done = book.attempt(id, solved, solved ? null : "e4");
            for (Map.Entry<String, Database> pg : postgres.entrySet()) {
                assertEquals(done, new PuzzleBook(pg.getValue()).attempt(id, solved, solved ? null : "e4"), pg.getKey());
            }
            List<Object> after = puzzles(h2, filters);
            assertFalse(after.equals(expected), "the attempt changed nothing");
            String when = " after attempt " + attempt;
            postgres.forEach((name, db) -> same(after, puzzles(db, filters), name + when));
        }
    }

    private static List<Object> puzzles(Database db, List<PuzzleBook.Filter> filters) {
        PuzzleBook book = new PuzzleBook(db);
        List<Object> out = new ArrayList<>(List.of(book.themes(), book.solverRating()));
        for (PuzzleBook.Filter f : filters) {
            List<StoredPuzzle> list = book.list(f, 0, 1000);
            out.addAll(List.of(book.count(f), list, book.list(f, 3, 5), book.next(f)));
            for (StoredPuzzle p : list) out.add(book.find(p.id()));
        }
        return out;
    }

    @Test
    void theExplorerAndEachGameAsItsPageShowsItAreAsOnH2() {
        List<Long> ids = h2.dsl().fetch("SELECT id FROM game ORDER BY id").getValues(0, Long.class);
        int positions = 0;
        for (long id : ids) {
            GameReplay expected = new GameLoader(h2.dsl()).load(id).orElseThrow();
            postgres.forEach((name, db) -> assertEquals(expected, new GameLoader(db.dsl()).load(id).orElseThrow(), name + " " + id));
            if (id % 10 != 0) continue;
            for (String epn : expected.positions().subList(0, Math.min(8, expected.positions().size()))) {
                Position position = PositionText.parse(epn, expected.variant());
                for (ExplorerFilter filter : EXPLORER_FILTERS) {
                    PositionExplorer.Result here = new PositionExplorer(h2.dsl()).explore(position, filter);
                    postgres.forEach((name, db) -> assertEquals(here, new PositionExplorer(db.dsl()).explore(position, filter),
                            name + " " + epn + " " + filter));
                }
                positions++;
            }
        }
        assertTrue(positions > 20, "only " + positions + " positions explored");
    }

    private static List<Long> ids(GameList.Page page) {
        return page.games().stream().map(GameSummary::id).toList();
    }
}
