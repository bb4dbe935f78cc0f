package org.emergo.store.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.game.GameRepository;
import org.emergo.store.sql.NamedParameters;
import org.emergo.store.sql.ReadOnlyQuery;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The example queries on reviews (sql/queries/09_*.sql) on two self-played games (one of each board) reviewed
 * at the default setting, which the queries name: each gives what the stored reviews, read
 * through the repository, say it should.
 */
class ReviewQueriesTest {

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

    abstract static class Cases extends DatabaseTestCase {

        final Map<Long, GameRecord> games = new HashMap<>();
        final List<StoredReview> reviews = new ArrayList<>();

        Cases(TestDatabases kind) {
            super(kind);
        }

        @BeforeEach
        void reviewTwoGames() throws Exception {
            db.dsl().execute("DELETE FROM review_ply");
            db.dsl().execute("DELETE FROM review");
            db.dsl().execute("DELETE FROM review_setting");
            games.clear();
            reviews.clear();
            List<GameRecord> records = List.of(new SelfPlay(Variant.EMERGO, 16).game(1),
                    new SelfPlay(Variant.HEXEMERGO, 16).game(2));
            List<Long> ids = new GameRepository(db.dsl()).insertAll(records, null).ids();
            for (int i = 0; i < ids.size(); i++) games.put(ids.get(i), records.get(i));
            new AnalysisJob(db, 1).run(false, done -> { });
            try (ReviewJob job = new ReviewJob(db, ReviewJob.DEFAULT_LIMIT, 2)) {
                assertEquals(2, job.run(null, done -> { }).games());
                for (long id : ids) reviews.add(new ReviewRepository(db).find(id, job.setting()).orElseThrow());
            }
        }

        List<List<Object>> query(String file, Map<String, String> params) throws IOException {
            String sql = Files.readString(Path.of("..", "sql", "queries", file));
            return plain(new ReadOnlyQuery(db).fetch(NamedParameters.bind(sql, params), 1000).rows());
        }

        /** Column {@code index} as a REAL column holds it: PostgreSQL's driver gives the shortest decimal of the float. */
        private static List<List<Object>> realsAt(int index, List<List<Object>> rows) {
            List<List<Object>> out = new ArrayList<>();
            for (List<Object> row : rows) {
                List<Object> r = new ArrayList<>(row);
                r.set(index, ((Number) row.get(index)).floatValue());
                out.add(r);
            }
            return out;
        }

        private String player(StoredReview r, StoredReview.Ply p) {
            return games.get(r.gameId()).tags().get(p.player() == Side.WHITE ? "White" : "Black");
        }

        @Test
        void query9ListsAPlayersTwentyCostliestMoves() throws IOException {
            record Costly(String player, StoredReview r, StoredReview.Ply p) {}
            List<Costly> moves = new ArrayList<>();
            for (StoredReview r : reviews) {
                for (StoredReview.Ply p : r.positions()) {
                    if (p.moveClass() != null && p.moveClass() != MoveClass.GOOD) moves.add(new Costly(player(r, p), r, p));
                }
            }
            moves.sort(Comparator.comparing((Costly c) -> -c.p().chancesLost())
                    .thenComparing(c -> -c.p().loss())
                    .thenComparing(c -> c.r().gameId())
                    .thenComparing(c -> c.p().ply()));
            Set<String> players = new TreeSet<>();
            for (GameRecord g : games.values()) players.addAll(List.of(g.tags().get("White"), g.tags().get("Black")));
            int listed = 0;
            for (String name : players) {
                List<List<Object>> expected = new ArrayList<>();
                for (Costly c : moves) {
                    if (!c.player().equals(name) || expected.size() == 20) continue;
                    expected.add(Arrays.asList(c.r().gameId(), (long) c.p().ply() + 1, c.p().played(), c.p().bestMove(),
                            c.p().chancesLost(), (long) c.p().loss(), c.p().moveClass().code()));
                }
                listed += expected.size();
                assertEquals(realsAt(4, expected), realsAt(4, query("09_costliest_moves.sql", Map.of("player", name))), name);
            }
            assertTrue(listed > 0, "the games have costly moves");
        }

        @Test
        void query9GivesEachPlayersMeanAccuracyAndBlunders() throws IOException {
            record Side(String player, double accuracy, int blunders) {}
            List<Side> sides = new ArrayList<>();
            for (StoredReview r : reviews) {
                GameRecord g = games.get(r.gameId());
                sides.add(new Side(g.tags().get("White"), r.white().accuracy(), r.white().blunders()));
                sides.add(new Side(g.tags().get("Black"), r.black().accuracy(), r.black().blunders()));
            }
            Map<String, List<Side>> byPlayer = new java.util.TreeMap<>();
            for (Side s : sides) byPlayer.computeIfAbsent(s.player(), p -> new ArrayList<>()).add(s);
            List<List<Object>> expected = new ArrayList<>();
            for (Map.Entry<String, List<Side>> e : byPlayer.entrySet()) {
                double mean = e.getValue().stream().mapToDouble(Side::accuracy).average().orElseThrow();
                expected.add(Arrays.asList(e.getKey(), (long) e.getValue().size(), Math.round(mean * 10) / 10.0,
                        (long) e.getValue().stream().mapToInt(Side::blunders).sum()));
            }
            expected.sort(Comparator.comparing((List<Object> row) -> -(double) row.get(2))
                    .thenComparing(row -> (String) row.get(0)));
            List<List<Object>> rows = query("09_accuracy_by_player.sql", Map.of());
            assertEquals(expected.size(), rows.size());
            for (int i = 0; i < rows.size(); i++) {
                List<Object> e = expected.get(i);
                List<Object> a = rows.get(i);
                assertEquals(List.of(e.get(0), e.get(1), e.get(3)), List.of(a.get(0), a.get(1), a.get(3)));
                // the database averages the stored REAL values: equal to a tenth, as rounded
                assertEquals((double) e.get(2), (double) a.get(2), 0.051);
            }
        }

        @Test
        void query9ListsPositionsWhereTheBestMoveTookTheMenAskedOrMoreAndAnotherWasPlayed() throws IOException {
            record Missed(StoredReview r, StoredReview.Ply p) {
                int takes() {
                    return p.bestMove().split("x").length - 1;
                }
            }
            List<Missed> missed = new ArrayList<>();
            for (StoredReview r : reviews) {
                for (StoredReview.Ply p : r.positions()) {
                    if (p.bestMove() != null && p.played() != null && !p.played().equals(p.bestMove())
                            && p.bestMove().split("x").length - 1 >= 3) {
                        missed.add(new Missed(r, p));
                    }
                }
            }
            missed.sort(Comparator.comparing((Missed m) -> -m.takes())
                    .thenComparing(m -> -m.p().loss())
                    .thenComparing(m -> m.r().gameId())
                    .thenComparing(m -> m.p().ply()));
            List<List<Object>> expected = new ArrayList<>();
            for (Missed m : missed) {
                String epn = db.dsl().fetchOne("SELECT epn FROM position WHERE game_id = ? AND ply = ?",
                        m.r().gameId(), m.p().ply()).get(0, String.class);
                expected.add(Arrays.asList(m.r().gameId(), (long) m.p().ply(), String.valueOf(m.p().player().letter()), m.p().bestMove(),
                        (long) m.takes(), m.p().played(), (long) m.p().loss(), m.p().moveClass().code(), epn));
            }
            assertFalse(expected.isEmpty(), "HexEmergo game 2 of seed 16 has such a position (ply 49)");
            assertEquals(expected, query("09_best_capture_not_played.sql", Map.of()));
        }
    }
}
