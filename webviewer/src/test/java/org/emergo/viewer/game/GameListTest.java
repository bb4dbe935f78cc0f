package org.emergo.viewer.game;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameSummary;
import org.emergo.store.jooq.tables.records.ReviewRecord;
import org.emergo.store.review.ReviewSettings;
import org.emergo.viewer.ViewerFixture;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.SortField;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The games list answers every combination of filters, orders and pages as one plain SQL query
 * over all the rows would: the same games, in the same order, and the same count. GameList
 * takes other roads (indexes alone, then the page's rows), so this query is the reference.
 */
class GameListTest {

    private static final String LONG_NAME = "Long, " + "n".repeat(3_000);
    private static final List<String> PLAYERS = List.of("Aster, Ada", "Brand, Bram", "Castell, Cora", LONG_NAME);
    private static final List<String> DATES = List.of("2003.05.14", "2003.??.??", "????.??.??", "2010.01.02", "1999.12.31");
    private static final int PAGE = 4;

    private static Database db;

    @TempDir
    static Path folder;

    @BeforeAll
    static void database() {
        db = Database.open(folder.resolve("list").toString());
        new GameRepository(db.dsl()).insertAll(games(), null);
        new AnalysisJob(db, 1).run(false, done -> { });
    }

    @AfterAll
    static void close() {
        db.close();
    }

    /**
     * Self-played games and missed majority captures (findings) between four players, one with
     * a name longer than a PostgreSQL B-tree takes, in all pairings, a player against herself
     * too; dates known, partly known, unknown and missing; two games left unanalysed.
     */
    private static List<GameRecord> games() {
        List<GameRecord> games = new ArrayList<>();
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 11);
        int n = 0;
        for (String white : PLAYERS) {
            for (String black : PLAYERS) {
                String date = n % 7 == 6 ? null : DATES.get(n % DATES.size());
                GameRecord played = selfPlay.game(n + 1);
                games.add(retagged(played, white, black, date, played.setupPosition(), played.moves()));
                if (n % 3 == 0) {
                    games.add(retagged(played, white, black, date, ViewerFixture.EXAMPLE, List.of("f4-e4", "e5xe3")));
                }
                n++;
            }
        }
        return games;
    }

    private static GameRecord retagged(GameRecord game, String white, String black, String date, String setup,
            List<String> moves) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "List " + white.length() + " " + moves.size());
        if (date != null) tags.put("Date", date);
        tags.put("White", white);
        tags.put("Black", black);
        tags.put("Result", game.result());
        if (setup != null) {
            tags.put("SetUp", "1");
            tags.put("Position", setup);
        }
        return new GameRecord(Variant.EMERGO, tags, setup, moves, null, "list", 1);
    }

    /** Twice: with every game analysed, and with two games not (which the list finds another way). */
    @Test
    void everyCombinationOfIndexedFiltersOrdersAndPagesListsWhatPlainSqlLists() {
        assertTrue(db.dsl().fetchCount(FINDING) > 0, "the fixture has findings");
        assertEquals(14 * 3 * 3 * 4 * 3 * 2, everyCombination());
        List<Long> firstTwo = db.dsl().select(GAME.ID).from(GAME).orderBy(GAME.ID).limit(2).fetch(GAME.ID);
        db.dsl().deleteFrom(FINDING).where(FINDING.GAME_ID.in(firstTwo)).execute();
        db.dsl().deleteFrom(ANALYSIS).where(ANALYSIS.GAME_ID.in(firstTwo)).execute();
        assertEquals(14 * 3 * 3 * 4 * 3 * 2, everyCombination());
    }

    /** The results recorded, with a player, a date range, each order. */
    @Test
    void theRecordedResultWithAPlayerListsWhatPlainSqlLists() {
        int combinations = 0;
        for (Map<String, String> player : players()) {
            for (String result : new String[] {"1-0", "0-1", "1/2-1/2", "*"}) {
                for (String from : new String[] {null, "2003"}) {
                    for (String sort : new String[] {"id", "date"}) {
                        for (String dir : new String[] {"asc", "desc"}) {
                            Map<String, String> p = new HashMap<>(player);
                            p.put("result", result);
                            put(p, "from", from);
                            p.put("sort", sort);
                            p.put("dir", dir);
                            assertSameAsPlainSql(p);
                            combinations++;
                        }
                    }
                }
            }
        }
        assertEquals(14 * 4 * 2 * 2 * 2, combinations);
    }

    /** No player; each player either colour, as White, as Black with another either colour; nobody. */
    private static List<Map<String, String>> players() {
        List<Map<String, String>> players = new ArrayList<>();
        players.add(Map.of());
        for (String p : PLAYERS) {
            players.add(Map.of("player", p));
            players.add(Map.of("white", p));
            players.add(Map.of("black", p, "player", PLAYERS.get(0)));
        }
        players.add(Map.of("player", "Nobody"));
        return players;
    }

    private static int everyCombination() {
        int combinations = 0;
        for (Map<String, String> player : players()) {
            for (String code : new String[] {null, "MISSED_MAJORITY", "RESULT_MISMATCH"}) {
                for (String findings : new String[] {null, "yes", "no"}) {
                    for (String[] range : new String[][] {{null, null}, {"2003", "2003.05"}, {"2000", null}, {null, "2003.05"}}) {
                        for (String sort : new String[] {"id", "date", "plies"}) {
                            for (String dir : new String[] {"asc", "desc"}) {
                                Map<String, String> p = new HashMap<>(player);
                                put(p, "code", code);
                                put(p, "findings", findings);
                                put(p, "from", range[0]);
                                put(p, "to", range[1]);
                                p.put("sort", sort);
                                p.put("dir", dir);
                                assertSameAsPlainSql(p);
                                combinations++;
                            }
                        }
                    }
                }
            }
        }
        return combinations;
    }

    /** Length limits, alone and with a player or findings, each order the list has. */
    @Test
    void lengthLimitsListWhatPlainSqlLists() {
        int combinations = 0;
        for (Map<String, String> other : List.of(Map.<String, String>of(), Map.of("player", PLAYERS.get(1)),
                Map.of("findings", "no"), Map.of("code", "MISSED_MAJORITY"))) {
            for (String[] plies : new String[][] {{"3", null}, {null, "3"}, {"2", "40"}, {"1000", null}}) {
                for (String sort : GameFilter.SORTS) {
                    for (String dir : new String[] {"asc", "desc"}) {
                        Map<String, String> p = new HashMap<>(other);
                        put(p, "minply", plies[0]);
                        put(p, "maxply", plies[1]);
                        p.put("sort", sort);
                        p.put("dir", dir);
                        assertSameAsPlainSql(p);
                        combinations++;
                    }
                }
            }
        }
        assertEquals(4 * 4 * 8 * 2, combinations);
    }

    @Test
    void filtersThatNeedTheRowsStillNarrowTheIndexedOnes() {
        assertSameAsPlainSql(Map.of("player", PLAYERS.get(1), "minply", "3", "sort", "date", "dir", "desc"));
        assertSameAsPlainSql(Map.of("white", PLAYERS.get(2), "q", "list", "findings", "yes"));
        assertSameAsPlainSql(Map.of("player", LONG_NAME, "result", "*", "code", "MISSED_MAJORITY"));
    }

    @Test
    void anEventIsCountedFromItsIndexWithoutTheRows() {
        // as GameList asks it: H2 reads the event from game_event_idx alone (sql/h2/V26_1)
        String count = db.dsl().selectCount().from(GAME).where(GAME.EVENT.containsIgnoreCase("list 2"))
                .getSQL(org.jooq.conf.ParamType.INLINED);
        String plan = db.dsl().fetchValue("EXPLAIN " + count).toString();
        assertTrue(plan.contains("GAME_EVENT_IDX") && !plan.contains("tableScan"), plan);
        assertSameAsPlainSql(Map.of("event", "list 2"));
        assertSameAsPlainSql(Map.of("event", "List", "sort", "event", "dir", "desc"));
    }

    /**
     * The review's filters and figures against the review rows read whole and judged in Java:
     * reviews at two settings, the later one of a game the one that counts (a tie broken by the
     * setting made last), games without a review, each side's figures and either side's.
     */
    @Test
    void theReviewsFiltersAndFiguresAreThoseOfEachGamesLatestReview() throws Exception {
        List<Long> ids = db.dsl().select(GAME.ID).from(GAME).orderBy(GAME.ID).fetch(GAME.ID);
        int first = new ReviewSettings(db.dsl()).setting(Limit.depth(2), "list-a").id();
        int second = new ReviewSettings(db.dsl()).setting(Limit.depth(3), "list-b").id();
        int third = new ReviewSettings(db.dsl()).setting(Limit.depth(4), "list-c").id();
        LocalDateTime t = LocalDateTime.of(2026, 1, 1, 0, 0);
        try {
            for (int i = 0; i < ids.size(); i++) {
                if (i % 5 == 4) continue; // not reviewed
                review(ids.get(i), first, t, i);
                if (i % 3 == 0) review(ids.get(i), second, i % 2 == 0 ? t : t.plusHours(1), i * 7 + 3);
                if (i % 11 == 1) review(ids.get(i), third, t.minusHours(1), i * 5 + 1); // earlier: does not count
            }
            Map<Long, ReviewRecord> latest = new HashMap<>();
            for (ReviewRecord r : db.dsl().selectFrom(REVIEW).fetch()) {
                latest.merge(r.getGameId(), r, (a, b) -> later(a, b) ? a : b);
            }
            int combinations = 0;
            for (String reviewed : new String[] {null, "yes", "no"}) {
                for (String side : new String[] {null, "w", "b"}) {
                    for (String[] limits : new String[][] {{null, null, null}, {"60", null, null}, {null, "2", null},
                            {null, null, "3"}, {"80", "1", "1"}, {"0", null, null}}) {
                        Map<String, String> p = new HashMap<>();
                        put(p, "reviewed", reviewed);
                        put(p, "side", side);
                        put(p, "maxacc", limits[0]);
                        put(p, "minmistakes", limits[1]);
                        put(p, "minblunders", limits[2]);
                        GameFilter filter = GameFilter.parse(p::get);
                        List<Long> expected = ids.stream().sorted(java.util.Comparator.reverseOrder())
                                .filter(id -> meets(latest.get(id), filter.review())).toList();
                        for (GameList list : List.of(new GameList(db.dsl()), new GameList(db.dsl(), 0))) {
                            GameList.Page page = list.find(filter, 1_000);
                            assertEquals(expected, page.games().stream().map(GameSummary::id).toList(), p.toString());
                            assertEquals(expected.size(), page.total(), p.toString());
                            for (GameSummary g : page.games()) assertEquals(figures(latest.get(g.id())), g.review(), p.toString());
                        }
                        combinations++;
                    }
                }
            }
            assertEquals(3 * 3 * 6, combinations);
            assertTrue(latest.values().stream().anyMatch(r -> r.getSettingId() == second), "a second setting counts somewhere");
        } finally {
            db.dsl().deleteFrom(REVIEW).execute();
        }
    }

    /** Figures that differ from game to game and side to side; a side without a move now and then. */
    private static void review(long gameId, int settingId, LocalDateTime at, int seed) {
        db.dsl().insertInto(REVIEW)
                .set(REVIEW.GAME_ID, gameId)
                .set(REVIEW.SETTING_ID, settingId)
                .set(REVIEW.PLIES, 10)
                .set(REVIEW.WHITE_ACCURACY, seed % 13 == 0 ? null : (float) (seed * 37 % 101))
                .set(REVIEW.BLACK_ACCURACY, (float) (seed * 53 % 101) + 0.5f)
                .set(REVIEW.WHITE_INACCURACIES, (short) 0)
                .set(REVIEW.WHITE_MISTAKES, (short) (seed % 4))
                .set(REVIEW.WHITE_BLUNDERS, (short) (seed % 5))
                .set(REVIEW.BLACK_INACCURACIES, (short) 0)
                .set(REVIEW.BLACK_MISTAKES, (short) (seed / 3 % 4))
                .set(REVIEW.BLACK_BLUNDERS, (short) (seed / 2 % 6))
                .set(REVIEW.WHITE_FORCED_LOSSES, (short) 0)
                .set(REVIEW.BLACK_FORCED_LOSSES, (short) 0)
                .set(REVIEW.NODES, 0L)
                .set(REVIEW.CURVE_GENERATION, 0)
                .set(REVIEW.REVIEWED_AT, at)
                .execute();
    }

    private static boolean later(ReviewRecord a, ReviewRecord b) {
        int c = a.getReviewedAt().compareTo(b.getReviewedAt());
        return c != 0 ? c > 0 : a.getSettingId() > b.getSettingId();
    }

    private static boolean meets(ReviewRecord r, GameFilter.ReviewFilter f) {
        if (f.reviewed() != null && f.reviewed() != (r != null)) return false;
        if (!f.limitsFigures()) return true;
        if (r == null) return false;
        boolean white = side(r.getWhiteAccuracy(), r.getWhiteMistakes(), r.getWhiteBlunders(), f);
        boolean black = side(r.getBlackAccuracy(), r.getBlackMistakes(), r.getBlackBlunders(), f);
        return f.side() == 'w' ? white : f.side() == 'b' ? black : white || black;
    }

    private static boolean side(Float accuracy, short mistakes, short blunders, GameFilter.ReviewFilter f) {
        return (f.maxAccuracy() == null || accuracy != null && accuracy <= f.maxAccuracy())
                && (f.minMistakes() == null || mistakes >= f.minMistakes())
                && (f.minBlunders() == null || blunders >= f.minBlunders());
    }

    private static GameSummary.ReviewFigures figures(ReviewRecord r) {
        return r == null ? null : new GameSummary.ReviewFigures(r.getWhiteAccuracy(), r.getBlackAccuracy(),
                r.getWhiteMistakes(), r.getWhiteBlunders(), r.getBlackMistakes(), r.getBlackBlunders());
    }

    /** A download of the list reads every game its filters match, which the pages list one by one. */
    @Test
    void theDownloadsConditionMatchesWhatTheListPagesThrough() {
        for (Map<String, String> p : List.of(Map.<String, String>of(), Map.of("player", PLAYERS.get(1)),
                Map.of("findings", "yes", "from", "2003"), Map.of("rbr", "1-0", "q", "list"),
                Map.of("code", "MISSED_MAJORITY", "minply", "3"), Map.of("findings", "no", "white", PLAYERS.get(2)))) {
            GameFilter filter = GameFilter.parse(p::get);
            List<Long> listed = plainSql(filter);
            List<Long> matched = new ArrayList<>();
            new GameRepository(db.dsl()).forEachGame(GameList.matching(filter, db.dialect()), g -> matched.add(g.id()));
            assertEquals(listed.stream().sorted().toList(), matched, p.toString());
        }
    }

    private static void put(Map<String, String> p, String name, String value) {
        if (value != null) p.put(name, value);
    }

    /**
     * Every page of the filter, and one past the end, against the reference: as the list sends
     * the games its indexes left to SQL as ids, and as the conditions they stand for (which it
     * does when there are many).
     */
    private static void assertSameAsPlainSql(Map<String, String> parameters) {
        assertSameAsPlainSql(parameters, new GameList(db.dsl()));
        assertSameAsPlainSql(parameters, new GameList(db.dsl(), 0));
    }

    private static void assertSameAsPlainSql(Map<String, String> parameters, GameList list) {
        GameFilter filter = GameFilter.parse(parameters::get);
        List<Long> expected = plainSql(filter);
        int pages = expected.size() / PAGE + 1;
        for (int page = 1; page <= pages + 1; page++) {
            GameList.Page got = list.find(filter.withPage(page), PAGE);
            int from = Math.min((page - 1) * PAGE, expected.size());
            List<Long> want = expected.subList(from, Math.min(from + PAGE, expected.size()));
            String what = parameters + " page " + page;
            assertEquals(expected.size(), got.total(), what);
            assertEquals(want, got.games().stream().map(GameSummary::id).toList(), what);
        }
    }

    /** Every filter as a condition on the joined rows, the list's order, all of it at once. */
    private static List<Long> plainSql(GameFilter f) {
        Condition c = GameList.condition(f, db.dialect());
        if (f.player() != null) c = c.and(GAME.WHITE.eq(f.player()).or(GAME.BLACK.eq(f.player())));
        if (f.white() != null) c = c.and(GAME.WHITE.eq(f.white()));
        if (f.black() != null) c = c.and(GAME.BLACK.eq(f.black()));
        if (f.hasFindings() != null) c = c.and(f.hasFindings() ? ANALYSIS.FINDINGS.gt(0) : ANALYSIS.FINDINGS.eq(0));
        if (f.minPlies() != null) c = c.and(GAME.PLY_COUNT.ge(f.minPlies()));
        if (f.maxPlies() != null) c = c.and(GAME.PLY_COUNT.le(f.maxPlies()));
        if (f.code() != null) {
            c = c.and(DSL.exists(DSL.selectOne().from(FINDING)
                    .where(FINDING.GAME_ID.eq(GAME.ID)).and(FINDING.CODE.eq(f.code().name()))));
        }
        Field<?> key = GameList.sortColumn(f.sort(), db.dialect());
        List<SortField<?>> order = List.of(f.descending() ? key.desc().nullsLast() : key.asc().nullsFirst(),
                f.descending() ? GAME.ID.desc() : GAME.ID.asc());
        return db.dsl().select(GAME.ID).from(GAME.leftJoin(ANALYSIS).on(ANALYSIS.GAME_ID.eq(GAME.ID)))
                .where(c).orderBy(order).fetch(GAME.ID);
    }
}
