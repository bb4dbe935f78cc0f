package org.emergo.store.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.emergo.generate.SelfPlay;
import org.emergo.puzzle.Puzzle;
import org.emergo.puzzle.PuzzleMiner;
import org.emergo.replay.GameRecord;
import org.emergo.review.PlayedGame;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.game.GameRepository;
import org.emergo.store.output.OutputFormat;
import org.emergo.store.review.ReviewJob;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code emergo puzzles} on reviewed self-played games: every stored puzzle is the miner's at its
 * ply, the same on every run, thread count and with two jobs at once; a stopped run leaves whole
 * games and the next finishes; attempts rate puzzle and solver; the export has lichess's columns.
 */
class PuzzleJobTest {

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

        @Test
        void twoJobsAtOnceShareTheGamesWithNoOverlap() throws Exception {
            mine(1);
            Map<String, List<List<Object>>> clean = stored();
            clearPuzzles();
            ExecutorService two = Executors.newFixedThreadPool(2);
            try {
                Future<PuzzleJob.Summary> a = two.submit(() -> new PuzzleJob(db, 1).run(null, g -> { }));
                Future<PuzzleJob.Summary> b = two.submit(() -> new PuzzleJob(db, 1).run(null, g -> { }));
                assertEquals(GAMES, a.get().games() + b.get().games());
            } finally {
                two.shutdownNow();
            }
            assertEquals(clean, stored());
        }
    }

    static final int GAMES = 8;

    @Test
    void aMistakeIsNumberedAsTheGamePageNumbersItsMove() {
        // White starts: ply 6 is White's 4th move, ply 7 Black's; Black starts: ply 0 is Black's 1st, ply 1 White's 2nd
        assertEquals("4. e8", new PlayerMistakes.Mistake(1, 6, "w", "e8", "e7", "mistake", null, null, null).label());
        assertEquals("4... e8", new PlayerMistakes.Mistake(1, 7, "b", "e8", "e7", "mistake", null, null, null).label());
        assertEquals("1... e8", new PlayerMistakes.Mistake(1, 0, "b", "e8", "e7", "mistake", null, null, null).label());
        assertEquals("2. e8", new PlayerMistakes.Mistake(1, 1, "w", "e8", "e7", "mistake", null, null, null).label());
    }

    /** Game, then ply. */
    static int compareKeys(List<Object> x, List<Object> y) {
        int byGame = Long.compare((Long) x.get(0), (Long) y.get(0));
        return byGame != 0 ? byGame : Long.compare((Long) x.get(1), (Long) y.get(1));
    }

    static final List<GameRecord> FIXTURE = fixture();

    private static List<GameRecord> fixture() {
        List<GameRecord> games = new ArrayList<>();
        SelfPlay emergo = new SelfPlay(Variant.EMERGO, 28);
        for (int i = 1; i <= 5; i++) games.add(emergo.game(i));
        SelfPlay hex = new SelfPlay(Variant.HEXEMERGO, 28);
        for (int i = 1; i <= 3; i++) games.add(hex.game(i));
        return List.copyOf(games);
    }

    abstract static class Cases extends DatabaseTestCase {

        List<Long> ids;

        Cases(TestDatabases kind) {
            super(kind);
        }

        @BeforeEach
        void storeAndReviewTheFixture() {
            db.dsl().execute("DELETE FROM puzzle_solver");
            db.dsl().execute("DELETE FROM review");
            db.dsl().execute("DELETE FROM review_setting");
            ids = new GameRepository(db.dsl()).insertAll(FIXTURE, null).ids();
            try (ReviewJob job = new ReviewJob(db, Limit.depth(2), 2)) {
                job.run(null, g -> { });
            }
        }

        PuzzleJob.Summary mine(int threads) {
            return new PuzzleJob(db, threads).run(null, g -> { });
        }

        void clearPuzzles() {
            db.dsl().execute("DELETE FROM puzzle");
            db.dsl().execute("DELETE FROM puzzle_mined");
        }

        /** Everything mining stores but the time. */
        Map<String, List<List<Object>>> stored() {
            Map<String, List<List<Object>>> tables = new LinkedHashMap<>();
            tables.put("puzzle", plainRows("SELECT * FROM puzzle ORDER BY game_id, ply"));
            tables.put("puzzle_theme", plainRows("SELECT * FROM puzzle_theme ORDER BY game_id, ply, theme"));
            tables.put("puzzle_mined", plainRows("SELECT game_id, miner_version, setting_id, tried, puzzles FROM puzzle_mined"
                    + " ORDER BY game_id"));
            return tables;
        }

        @Test
        void everyStoredPuzzleIsTheMinersAtItsPlyAndEveryGameIsMinedOnce() {
            PuzzleJob.Summary s = mine(2);
            assertEquals(GAMES, s.games());
            assertTrue(s.found() >= 3, "puzzles found: " + s.found());
            List<List<Object>> puzzles = plainRows("SELECT game_id, ply, epn, moves, roles, men, themes FROM puzzle ORDER BY game_id, ply");
            assertEquals(s.found(), puzzles.size());
            for (List<Object> row : puzzles) {
                int index = ids.indexOf((Long) row.get(0));
                GameRecord g = FIXTURE.get(index);
                PlayedGame played = PlayedGame.replay(Position.start(g.variant()), g.moves());
                int ply = ((Long) row.get(1)).intValue();
                Puzzle p = PuzzleMiner.at(played.positions().get(ply), played.history(ply));
                assertNotNull(p, () -> "no puzzle at " + row);
                assertEquals(List.of(PositionText.format(p.position()), p.movesText(), p.men()),
                        List.of(row.get(2), row.get(3), ((Long) row.get(5)).intValue()));
            }
            assertEquals(List.of(List.of((long) GAMES, (long) s.found())),
                    plainRows("SELECT COUNT(*), SUM(puzzles) FROM puzzle_mined"));
            assertEquals(0, mine(2).games());
        }

        @Test
        void theSameGamesGiveTheSamePuzzlesWithOneThreadOrThree() {
            mine(1);
            Map<String, List<List<Object>>> one = stored();
            clearPuzzles();
            mine(3);
            assertEquals(one, stored());
        }

        @Test
        void aRunStoppedAfterACommitLeavesWholeGamesAndTheNextRunFinishesTheJob() {
            mine(1);
            Map<String, List<List<Object>>> clean = stored();
            clearPuzzles();
            RuntimeException stop = new RuntimeException("stop");
            assertEquals(stop, assertThrows(RuntimeException.class, () -> new PuzzleJob(db, 2).run(null, g -> {
                throw stop;
            })));
            assertEquals(List.of(List.of((long) PuzzleJob.BATCH)), plainRows("SELECT COUNT(*) FROM puzzle_mined"));
            assertEquals(List.of(), plainRows("SELECT p.game_id FROM puzzle p WHERE NOT EXISTS"
                    + " (SELECT 1 FROM puzzle_mined m WHERE m.game_id = p.game_id)"));
            assertEquals(GAMES - PuzzleJob.BATCH, mine(1).games());
            assertEquals(clean, stored());
        }

        @Test
        void aSolvedAttemptLowersThePuzzlesRatingAndRaisesTheSolversAndAFailedOneTheOpposite() throws Exception {
            mine(2);
            PuzzleBook book = new PuzzleBook(db);
            StoredPuzzle p = book.next(PuzzleBook.Filter.ANY).orElseThrow();
            PuzzleBook.Attempted solved = book.attempt(p.id(), true, null);
            assertTrue(solved.puzzle().rating() < p.rating());
            assertTrue(solved.solver().rating() > 1500);
            // the next puzzle is another: the solver has tried this one
            StoredPuzzle q = book.next(PuzzleBook.Filter.ANY).orElseThrow();
            assertTrue(!q.id().equals(p.id()));
            PuzzleBook.Attempted failed = book.attempt(q.id(), false, "e5");
            assertTrue(failed.puzzle().rating() > q.rating());
            assertTrue(failed.solver().rating() < solved.solver().rating());
            assertEquals(List.of(List.of(true, ""), List.of(false, "e5")), plainRows(
                    "SELECT solved, COALESCE(wrong_move, '') FROM puzzle_attempt ORDER BY attempted_at, game_id, ply"));
            assertEquals(List.of(List.of(2L)), plainRows("SELECT attempts FROM puzzle_solver"));
            assertTrue(solved.rated() && failed.rated());
        }

        @Test
        void onlyTheFirstAttemptAtAPuzzleIsStoredAndRated() throws Exception {
            mine(2);
            PuzzleBook book = new PuzzleBook(db);
            StoredPuzzle p = book.next(PuzzleBook.Filter.ANY).orElseThrow();
            assertTrue(!book.triedBefore(p.id()));
            PuzzleBook.Attempted failed = book.attempt(p.id(), false, "e5");
            assertTrue(failed.rated() && book.triedBefore(p.id()));
            List<List<Object>> after = ratings();
            // tried again, and then the solution the failure showed: neither counts
            PuzzleBook.Attempted again = book.attempt(p.id(), false, "e4");
            PuzzleBook.Attempted shown = book.attempt(p.id(), true, null);
            assertTrue(!again.rated() && !shown.rated());
            assertEquals(failed.puzzle(), shown.puzzle());
            assertEquals(failed.solver(), shown.solver());
            assertEquals(after, ratings());
            assertEquals(List.of(List.of(false, "e5")), plainRows("SELECT solved, wrong_move FROM puzzle_attempt"));
        }

        @Test
        void aPlayersMistakesArePagedNewestFirstAndCountedAsAPlainQueryFindsThem() {
            for (String player : plainRows("SELECT white FROM game UNION SELECT black FROM game").stream()
                    .map(r -> (String) r.get(0)).toList()) {
                // the latest review of each game, as a plain query writes it
                List<List<Object>> expected = plainRows("SELECT g.id, p.ply, p.player, p.played FROM review_ply p"
                        + " JOIN game g ON g.id = p.game_id"
                        + " WHERE p.setting_id = (SELECT r.setting_id FROM review r WHERE r.game_id = g.id"
                        + " ORDER BY r.reviewed_at DESC, r.setting_id DESC LIMIT 1)"
                        + " AND p.move_class IN ('mistake', 'blunder')"
                        + " AND (g.white = '" + player.replace("'", "''") + "' AND p.player = 'w'"
                        + " OR g.black = '" + player.replace("'", "''") + "' AND p.player = 'b')"
                        + " ORDER BY CASE WHEN g.date IS NULL OR g.date LIKE '?%' THEN 1 ELSE 0 END, g.date DESC, g.id DESC, p.ply");
                PlayerMistakes book = new PlayerMistakes(db.dsl());
                assertEquals(expected.size(), book.count(player), player);
                List<List<Object>> paged = new ArrayList<>();
                for (int from = 0; from < expected.size() + 3; from += 3) {
                    for (PlayerMistakes.Mistake m : book.page(player, from, 3)) {
                        paged.add(List.of(m.gameId(), (long) m.ply(), m.side(), m.played()));
                        assertEquals(m, book.find(player, m.gameId(), m.ply()).orElseThrow());
                    }
                }
                assertEquals(expected, paged, player);
            }
            assertTrue(plainRows("SELECT COUNT(*) FROM review_ply WHERE move_class IN ('mistake', 'blunder')").get(0).get(0)
                    instanceof Long n && n > 0);
            assertTrue(new PlayerMistakes(db.dsl()).find("nobody", ids.get(0), 0).isEmpty());
        }

        /** The puzzles' ratings and counts, then the solver's. */
        private List<List<Object>> ratings() {
            List<List<Object>> rows = new ArrayList<>(plainRows("SELECT rating, rating_deviation, attempts, solved FROM puzzle"
                    + " ORDER BY game_id, ply"));
            rows.addAll(plainRows("SELECT rating, rating_deviation, attempts FROM puzzle_solver"));
            return rows;
        }

        /**
         * The set (view puzzle_set, the marks of sql/V24) against its rule computed here: of the
         * puzzles of one position (hash and string), the one of the lowest game and ply. Copies of
         * mined puzzles, stored behind the mining's back as a kill or a second program might leave
         * them, make the cases: a later ply of its game and a later game (left out), an earlier
         * game (taken instead), the same hash with another string (a position of its own). A
         * second run, with no game to mine, puts the marks right.
         */
        @Test
        void theSetHoldsOfEachPositionThePuzzleOfTheLowestGameAndPly() {
            mine(2);
            List<List<Object>> mined = plainRows("SELECT game_id, ply FROM puzzle ORDER BY game_id, ply");
            assertTrue(mined.size() >= 2, mined.toString());
            long firstGame = ids.get(0);
            long lastGame = ids.get(ids.size() - 1);
            List<Object> a = mined.get(0);
            List<Object> b = mined.get(mined.size() - 1);
            assertTrue((Long) b.get(0) > firstGame, "a puzzle after the first game: " + mined);
            copy(a, (Long) a.get(0), 901, "epn");
            copy(a, lastGame, 902, "epn");
            copy(b, firstGame, 903, "epn");
            copy(b, lastGame, 904, "epn || ' '");
            assertEquals(0, mine(2).games());

            Map<List<Object>, List<Object>> lowest = new LinkedHashMap<>();
            for (List<Object> row : plainRows("SELECT position_hash, epn, game_id, ply FROM puzzle")) {
                List<Object> key = List.of(row.get(0), row.get(1));
                List<Object> at = List.of(row.get(2), row.get(3));
                lowest.merge(key, at, (x, y) -> compareKeys(x, y) <= 0 ? x : y);
            }
            List<List<Object>> expected = new ArrayList<>(lowest.values());
            expected.sort(PuzzleJobTest::compareKeys);
            assertEquals(expected, plainRows("SELECT game_id, ply FROM puzzle_set ORDER BY game_id, ply"));
            assertTrue(expected.contains(List.of(firstGame, 903L)) && !expected.contains(b), expected.toString());
            assertTrue(expected.contains(List.of(lastGame, 904L)) && expected.contains(a), expected.toString());
            assertTrue(!expected.contains(List.of(a.get(0), 901L)) && !expected.contains(List.of(lastGame, 902L)),
                    expected.toString());
        }

        /** Stores a copy of the puzzle at {@code from} as the game's puzzle at {@code ply}, its string as {@code epn} makes it. */
        private void copy(List<Object> from, long game, int ply, String epn) {
            db.dsl().execute("INSERT INTO puzzle (game_id, ply, variant, epn, position_hash, solver, moves, roles, asked, men,"
                    + " wins_game, proof_from, horizon, themes, difficulty, played, rating, rating_deviation, volatility,"
                    + " attempts, solved, miner_version) SELECT ?, ?, variant, " + epn + ", position_hash, solver, moves, roles,"
                    + " asked, men, wins_game, proof_from, horizon, themes, difficulty, played, rating, rating_deviation,"
                    + " volatility, attempts, solved, miner_version FROM puzzle WHERE game_id = ? AND ply = ?",
                    game, ply, from.get(0), ((Long) from.get(1)).intValue());
        }

        @Test
        void theExampleQueryCountsTheThemesOfThePuzzlesEachPlayerMissed() throws Exception {
            mine(2);
            Map<List<Object>, Long> expected = new java.util.TreeMap<>(java.util.Comparator.comparing(Object::toString));
            for (List<Object> row : plainRows("SELECT p.solver, g.white, g.black, p.moves, p.played, p.themes FROM puzzle_set p"
                    + " JOIN game g ON g.id = p.game_id")) {
                String played = (String) row.get(4);
                String first = ((String) row.get(3)).split(" ")[0];
                if (played == null || played.equals(first)) continue;
                String player = (String) ("w".equals(row.get(0)) ? row.get(1) : row.get(2));
                for (String theme : ((String) row.get(5)).split(" ")) expected.merge(List.of(player, theme), 1L, Long::sum);
            }
            assertTrue(!expected.isEmpty());
            String sql = java.nio.file.Files.readString(java.nio.file.Path.of("..", "sql", "queries", "10_missed_themes_by_player.sql"));
            Map<List<Object>, Long> got = new java.util.TreeMap<>(java.util.Comparator.comparing(Object::toString));
            for (List<Object> row : plainRows(sql)) got.put(List.of(row.get(0), row.get(1)), ((Number) row.get(2)).longValue());
            assertEquals(expected, got);
        }

        @Test
        void theExportHasTheColumnsOfTheLichessPuzzleSetAndOneRowAPuzzleOfTheSet() {
            PuzzleJob.Summary s = mine(2);
            StringBuilder out = new StringBuilder();
            int n = new PuzzleBook(db).export(OutputFormat.CSV.writer(out));
            String[] lines = out.toString().split("\r?\n");
            assertEquals(String.join(",", PuzzleBook.EXPORT_COLUMNS), lines[0]);
            assertEquals(n + 1, lines.length);
            assertEquals(s.byBoard().values().stream().mapToInt(Integer::intValue).sum(), n);
            assertTrue(lines[1].matches("\\d+-\\d+,[wb] .*,/game/\\d+/\\d+,"), lines[1]);
        }
    }
}
