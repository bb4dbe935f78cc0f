package org.emergo.viewer.game;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.GAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameSummary;
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
