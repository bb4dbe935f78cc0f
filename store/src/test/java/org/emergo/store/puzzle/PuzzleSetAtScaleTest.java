package org.emergo.store.puzzle;

import static org.emergo.store.jooq.Tables.PUZZLE;
import static org.emergo.store.jooq.Tables.PUZZLE_ATTEMPT;
import static org.emergo.store.jooq.Tables.PUZZLE_THEME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.TestDatabases;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.Select;
import org.jooq.conf.ParamType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The puzzle set at the demo's size (3,000 games, 6,000 puzzles, made here): the marks the mining
 * keeps give the set its rule defines, stored in any order; the viewer's queries (the next puzzle,
 * a page of the list, the count, under each filter) answer as that rule says, and their plans read
 * no table once per row, which is what kept the puzzles page from answering on the demo.
 */
class PuzzleSetAtScaleTest {

    @Nested
    class OnH2 extends Cases {
        OnH2() {
            super(TestDatabases.H2);
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        OnPostgres() {
            super(TestDatabases.POSTGRES);
        }
    }

    static final int GAMES = 3000;
    static final List<String> THEMES = List.of("capture", "majority", "liberation", "entry", "shadowpiece", "sacrifice", "game");

    /** A puzzle of the fixture, as the rule and the filters see it. */
    record Fixture(long gameId, int ply, Variant variant, String epn, long hash, String theme, double rating, String white,
            String black, String event) {
        List<Object> key() {
            return List.of(gameId, (long) ply);
        }
    }

    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class Cases {
        final TestDatabases kind;
        Database db;
        final List<Fixture> puzzles = new ArrayList<>();
        /** The set by its rule: of each position (hash and string), the puzzle of the lowest game and ply. */
        final List<Fixture> set = new ArrayList<>();
        final Set<List<Object>> tried = new java.util.HashSet<>();

        Cases(TestDatabases kind) {
            this.kind = kind;
        }

        @BeforeAll
        void makeTheFile() {
            db = kind.open();
            List<GameRecord> games = new ArrayList<>();
            for (int i = 0; i < GAMES; i++) {
                Map<String, String> tags = new LinkedHashMap<>();
                tags.put("Event", "Event " + i % 12);
                tags.put("White", "White " + i % 300);
                tags.put("Black", "Black " + i);
                tags.put("Round", String.valueOf(i));
                tags.put("Result", "*");
                Variant v = i % 3 == 2 ? Variant.HEXEMERGO : Variant.EMERGO;
                games.add(new GameRecord(v, tags, null, List.of(), "*", "scale", i + 1));
            }
            List<Long> ids = new GameRepository(db.dsl()).insertAll(games, null).ids();
            for (int i = 0; i < GAMES * 2; i++) {
                int game = i / 2;
                GameRecord g = games.get(game);
                // a position of its own, another game's (an earlier or a later one), or another's hash with a string of its own
                int same = i % 25 == 7 || i % 50 == 3 ? i + 1 : i % 25 == 19 ? (i - 40 + GAMES * 2) % (GAMES * 2) : i;
                String epn = "w 0 0 e5:w" + (same % 9 + 1) + " d" + (same % 9 + 1) + ":b #" + same;
                long hash = 0x9E3779B97F4A7C15L * (same + 1);
                if (i % 50 == 3) epn = epn + " other";
                puzzles.add(new Fixture(ids.get(game), 10 + 10 * (i % 2), g.variant(), epn, hash, THEMES.get(i % 7),
                        1000 + (i * 37) % 1500, g.tags().get("White"), g.tags().get("Black"), g.tags().get("Event")));
            }
            Map<List<Object>, Fixture> lowest = new TreeMap<>(Comparator.comparing(Object::toString));
            for (Fixture p : puzzles) {
                lowest.merge(List.of(p.hash(), p.epn()), p, (x, y) -> byKey(x, y) <= 0 ? x : y);
            }
            set.addAll(lowest.values());
            set.sort(Cases::byKey);
            assertEquals(puzzles.size() - 2 * puzzles.size() / 25, set.size(), "two puzzles in 25 share a position");

            // stored in batches in an order of their own, as the mining's threads store them, each batch settling its positions
            List<Fixture> order = new ArrayList<>(puzzles);
            Collections.shuffle(order, new Random(52));
            DSLContext dsl = db.dsl();
            for (int from = 0; from < order.size(); from += 240) {
                List<Fixture> batch = order.subList(from, Math.min(order.size(), from + 240));
                List<Query> inserts = new ArrayList<>();
                for (Fixture p : batch) inserts.addAll(insert(dsl, p));
                dsl.batch(inserts).execute();
                PuzzleSet.settle(dsl, batch.stream().map(Fixture::hash).toList());
            }
            // the solver has tried the first 100 of the set
            List<Query> attempts = new ArrayList<>();
            for (Fixture p : set.subList(0, 100)) {
                tried.add(p.key());
                attempts.add(dsl.insertInto(PUZZLE_ATTEMPT)
                        .set(PUZZLE_ATTEMPT.GAME_ID, p.gameId())
                        .set(PUZZLE_ATTEMPT.PLY, p.ply())
                        .set(PUZZLE_ATTEMPT.SOLVER_NAME, PuzzleBook.LOCAL_SOLVER)
                        .set(PUZZLE_ATTEMPT.ATTEMPT, 1)
                        .set(PUZZLE_ATTEMPT.SOLVED, true)
                        .set(PUZZLE_ATTEMPT.ATTEMPTED_AT, LocalDateTime.of(2026, 12, 5, 12, 0)));
            }
            dsl.batch(attempts).execute();
            if (db.isPostgres()) dsl.execute("ANALYZE");
        }

        @AfterAll
        void close() {
            if (db != null) db.close();
        }

        static int byKey(Fixture x, Fixture y) {
            int g = Long.compare(x.gameId(), y.gameId());
            return g != 0 ? g : Integer.compare(x.ply(), y.ply());
        }

        private static List<Query> insert(DSLContext dsl, Fixture p) {
            return List.of(dsl.insertInto(PUZZLE)
                    .set(PUZZLE.GAME_ID, p.gameId())
                    .set(PUZZLE.PLY, p.ply())
                    .set(PUZZLE.VARIANT, p.variant().tagName())
                    .set(PUZZLE.EPN, p.epn())
                    .set(PUZZLE.POSITION_HASH, p.hash())
                    .set(PUZZLE.SOLVER, "w")
                    .set(PUZZLE.MOVES, "e5-e4")
                    .set(PUZZLE.ROLES, "a")
                    .set(PUZZLE.ASKED, (short) 1)
                    .set(PUZZLE.MEN, (short) 1)
                    .set(PUZZLE.WINS_GAME, false)
                    .set(PUZZLE.PROOF_FROM, (short) 2)
                    .set(PUZZLE.HORIZON, (short) 4)
                    .set(PUZZLE.THEMES, p.theme())
                    .set(PUZZLE.DIFFICULTY, 3.0f)
                    .set(PUZZLE.RATING, p.rating())
                    .set(PUZZLE.RATING_DEVIATION, 350.0)
                    .set(PUZZLE.VOLATILITY, 0.06)
                    .set(PUZZLE.ATTEMPTS, 0)
                    .set(PUZZLE.SOLVED, 0)
                    .set(PUZZLE.MINER_VERSION, 1),
                    dsl.insertInto(PUZZLE_THEME)
                            .set(PUZZLE_THEME.GAME_ID, p.gameId())
                            .set(PUZZLE_THEME.PLY, p.ply())
                            .set(PUZZLE_THEME.THEME, p.theme()));
        }

        /** The filters a user sets on the puzzles page, each beside the rule it means. */
        Map<PuzzleBook.Filter, Predicate<Fixture>> filters() {
            Map<PuzzleBook.Filter, Predicate<Fixture>> f = new LinkedHashMap<>();
            f.put(PuzzleBook.Filter.ANY, p -> true);
            f.put(new PuzzleBook.Filter(Variant.HEXEMERGO, null, null, null, null, null), p -> p.variant() == Variant.HEXEMERGO);
            f.put(new PuzzleBook.Filter(null, "game", null, null, null, null), p -> p.theme().equals("game"));
            f.put(new PuzzleBook.Filter(null, null, 1800, null, null, null), p -> p.rating() >= 1800);
            f.put(new PuzzleBook.Filter(null, null, 1300, 1500, null, null), p -> p.rating() >= 1300 && p.rating() < 1500);
            f.put(new PuzzleBook.Filter(null, null, null, null, "White 7", null),
                    p -> p.white().equals("White 7") || p.black().equals("White 7"));
            f.put(new PuzzleBook.Filter(null, null, null, null, null, "Event 3"), p -> p.event().equals("Event 3"));
            f.put(new PuzzleBook.Filter(Variant.EMERGO, "capture", 1200, null, null, null),
                    p -> p.variant() == Variant.EMERGO && p.theme().equals("capture") && p.rating() >= 1200);
            return f;
        }

        @Test
        void theStoredMarksGiveTheSetItsRuleDefinesWhateverTheOrderTheGamesCameIn() {
            List<List<Object>> expected = set.stream().map(Fixture::key).toList();
            List<List<Object>> got = new ArrayList<>();
            db.dsl().select(PUZZLE.GAME_ID, PUZZLE.PLY).from(PUZZLE).where(PUZZLE.IN_SET.isTrue())
                    .orderBy(PUZZLE.GAME_ID, PUZZLE.PLY)
                    .forEach(r -> got.add(List.of(r.value1(), (long) r.value2())));
            assertEquals(expected, got);
            assertEquals(set.size(), db.dsl().fetchCount(db.dsl().selectFrom("puzzle_set")));
            // the whole set settled again changes nothing
            assertEquals(0, PuzzleSet.settleAll(db.dsl()));
        }

        @Test
        void everyFilterAnswersAsItsRuleSays() {
            PuzzleBook book = new PuzzleBook(db);
            for (Map.Entry<PuzzleBook.Filter, Predicate<Fixture>> e : filters().entrySet()) {
                List<Fixture> matching = set.stream().filter(e.getValue()).toList();
                assertTrue(matching.size() > 1, e.getKey() + " matches " + matching.size());
                assertEquals(matching.size(), book.count(e.getKey()), e.getKey().toString());
                assertEquals(ids(matching.subList(0, Math.min(100, matching.size()))), ids(book.list(e.getKey(), 0, 100)),
                        e.getKey().toString());
                int last = matching.size() - 1;
                assertEquals(List.of(StoredPuzzle.id(matching.get(last).gameId(), matching.get(last).ply())),
                        ids(book.list(e.getKey(), last, 100)), e.getKey().toString());
                Fixture next = matching.stream().filter(p -> !tried.contains(p.key())).findFirst().orElse(matching.get(0));
                assertEquals(StoredPuzzle.id(next.gameId(), next.ply()), book.next(e.getKey()).orElseThrow().id(),
                        e.getKey().toString());
            }
        }

        @Test
        void noQueryOfThePuzzlesPageReadsATableOncePerRow() throws Exception {
            DSLContext dsl = db.dsl();
            for (PuzzleBook.Filter f : filters().keySet()) {
                Condition c = f.condition();
                assertNoScanPerRow(PuzzleBook.listQuery(dsl, c.and(PuzzleBook.untried()), 0, 1), f + ", next untried");
                assertNoScanPerRow(PuzzleBook.listQuery(dsl, c, 0, 1), f + ", next");
                assertNoScanPerRow(PuzzleBook.listQuery(dsl, c, 100, 100), f + ", a page");
                assertNoScanPerRow(PuzzleBook.countQuery(dsl, c), f + ", count");
            }
        }

        private void assertNoScanPerRow(Select<?> query, String what) throws Exception {
            String sql = query.getSQL(ParamType.INLINED);
            if (db.isPostgres()) {
                String json = db.dsl().fetchValue("EXPLAIN (FORMAT JSON) " + sql).toString();
                JsonNode plan = new ObjectMapper().readTree(json).get(0).get("Plan");
                String problem = perRowScan(plan, false);
                if (problem != null) fail(what + ": " + problem + " in " + json);
            } else {
                StringBuilder plan = new StringBuilder();
                for (var r : db.dsl().fetch("EXPLAIN " + sql)) plan.append(r.get(0)).append('\n');
                // each table read, in the plan's order: /* PUBLIC.INDEX: condition */ or /* PUBLIC.TABLE.tableScan */
                Matcher m = Pattern.compile("/\\*\\s*PUBLIC\\.([\\w.]+)").matcher(plan);
                int reads = 0;
                while (m.find()) {
                    if (reads++ > 0 && m.group(1).endsWith(".tableScan")) fail(what + ": " + m.group(1) + " per row in " + plan);
                }
                assertTrue(reads >= 2, plan.toString());
                assertTrue(!plan.toString().contains("ROW_NUMBER"), plan.toString());
            }
        }

        /** A node that reads a whole table for each row of another (the inner side of a nested loop, a subplan), or null. */
        private static String perRowScan(JsonNode node, boolean perRow) {
            String type = node.get("Node Type").asText();
            if (type.equals("WindowAgg")) return "a window function";
            perRow |= node.has("Parent Relationship") && node.get("Parent Relationship").asText().equals("SubPlan");
            if (perRow && type.equals("Seq Scan")) return "a sequential scan of " + node.get("Relation Name").asText();
            JsonNode children = node.get("Plans");
            if (children == null) return null;
            for (int i = 0; i < children.size(); i++) {
                boolean inner = type.equals("Nested Loop") && i == 1;
                String found = perRowScan(children.get(i), perRow || inner);
                if (found != null) return found;
            }
            return null;
        }

        private static List<String> ids(List<?> puzzles) {
            List<String> out = new ArrayList<>();
            for (Object p : puzzles) {
                out.add(p instanceof Fixture f ? StoredPuzzle.id(f.gameId(), f.ply()) : ((StoredPuzzle) p).id());
            }
            return out;
        }
    }
}
