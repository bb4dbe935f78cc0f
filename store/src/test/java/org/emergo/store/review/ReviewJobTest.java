package org.emergo.store.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.review.ForcingLine;
import org.emergo.review.MoveJudgements;
import org.emergo.review.PlayedGame;
import org.emergo.review.ReviewText;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.Limit;
import org.emergo.search.WinCurve;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.analysis.AnalysisQueriesTest;
import org.emergo.store.game.GameRepository;
import org.emergo.store.sql.QueryException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code emergo review} on a few self-played games and two set-up ones: what it stores per
 * position, move and game, that the stored judgement follows from the stored scores, that it
 * is the same however run, and that a stopped run leaves whole games and is finished by the next.
 */
class ReviewJobTest {

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

    /** Shallow: the tests are about what is stored, not about the engine. */
    static final Limit LIMIT = Limit.depth(2);

    static final String WORKED_EXAMPLE = AnalysisQueriesTest.WORKED_EXAMPLE;

    static final int GAMES = 5;

    /** Ids in this order: two self-played games, one of HexEmergo, the worked example, a missed majority capture. */
    static List<GameRecord> fixture() {
        return FIXTURE;
    }

    private static final List<GameRecord> FIXTURE = games();

    private static List<GameRecord> games() {
        List<GameRecord> games = new ArrayList<>();
        SelfPlay emergo = new SelfPlay(Variant.EMERGO, 16);
        for (int i = 1; i <= 2; i++) games.add(emergo.game(i));
        games.add(new SelfPlay(Variant.HEXEMERGO, 16).game(1));
        games.add(AnalysisQueriesTest.game("Aster, Ada", "Brand, Bram", WORKED_EXAMPLE,
                "f4-e4 h4xf4xd4 e4xc4xc6xe6xe4xc4", "1-0"));
        // Black takes one man where two were due: the rules refuse move 2
        games.add(AnalysisQueriesTest.game("Castell, Cora", "Brand, Bram", WORKED_EXAMPLE, "f4-e4 e5xe3", "*"));
        return List.copyOf(games);
    }

    abstract static class Cases extends DatabaseTestCase {

        List<Long> ids;

        Cases(TestDatabases kind) {
            super(kind);
        }

        @BeforeEach
        void storeTheFixture() {
            db.dsl().execute("DELETE FROM review_ply");
            db.dsl().execute("DELETE FROM review");
            db.dsl().execute("DELETE FROM review_setting");
            ids = new GameRepository(db.dsl()).insertAll(fixture(), null).ids();
        }

        ReviewJob.Summary review(int threads) {
            try (ReviewJob job = new ReviewJob(db, LIMIT, threads)) {
                return job.run(null, games -> { });
            }
        }

        /** Everything a review stores but the time it was made. */
        Map<String, List<List<Object>>> stored() {
            Map<String, List<List<Object>>> tables = new LinkedHashMap<>();
            tables.put("review_setting", plainRows("SELECT id, setting, engine_version FROM review_setting ORDER BY id"));
            tables.put("review_curve", plainRows("SELECT * FROM review_curve ORDER BY setting_id, variant"));
            tables.put("review", plainRows("SELECT game_id, setting_id, plies, stopped_at_ply, white_accuracy, black_accuracy,"
                    + " white_inaccuracies, white_mistakes, white_blunders, black_inaccuracies, black_mistakes,"
                    + " black_blunders, white_forced_losses, black_forced_losses, nodes, curve_generation"
                    + " FROM review ORDER BY game_id, setting_id"));
            tables.put("review_ply", plainRows("SELECT * FROM review_ply ORDER BY game_id, setting_id, ply"));
            return tables;
        }

        ReviewSetting setting() {
            try (ReviewJob job = new ReviewJob(db, LIMIT, 1)) {
                return job.setting();
            }
        }

        StoredReview stored(long gameId) throws Exception {
            return new ReviewRepository(db).find(gameId, setting()).orElseThrow();
        }

        PlayedGame played(int index) {
            GameRecord g = fixture().get(index);
            Position start = g.setupPosition() == null ? Position.start(g.variant())
                    : org.emergo.rules.PositionText.parse(g.setupPosition(), g.variant());
            return PlayedGame.replay(start, g.moves());
        }

        @Test
        void everyPositionUpToTheFirstRefusedMoveGetsARowAndEveryGameOneReview() throws Exception {
            ReviewJob.Summary s = review(2);

            assertEquals(GAMES, s.games());
            assertEquals(1, s.stopped());
            long positions = 0;
            for (int i = 0; i < ids.size(); i++) {
                PlayedGame g = played(i);
                positions += g.positions().size();
                StoredReview r = stored(ids.get(i));
                assertEquals(g.lastPly(), r.moves());
                assertEquals(g.positions().size(), r.positions().size());
                for (StoredReview.Ply p : r.positions()) {
                    assertEquals(g.positions().get(p.ply()).sideToMove(), p.player());
                    Move played = g.moveFrom(p.ply());
                    assertEquals(played == null ? null : played.toString(), p.played());
                }
            }
            assertEquals(positions, s.positions());
            assertEquals(List.of(List.of(1L, 2L)),
                    plainRows("SELECT plies, stopped_at_ply FROM review WHERE game_id = " + ids.get(4)));
            assertEquals(List.of(List.of(3L)), plainRows("SELECT plies FROM review WHERE game_id = " + ids.get(3)
                    + " AND stopped_at_ply IS NULL"));
            assertEquals(List.of(List.of((long) GAMES, "depth=2")), plainRows("SELECT COUNT(*), s.setting FROM review r"
                    + " JOIN review_setting s ON s.id = r.setting_id GROUP BY s.setting"));
        }

        @Test
        void theBestMoveIsLegalAndTheExpectedLineReplaysLegallyFromIt() throws Exception {
            review(1);
            int lines = 0;
            for (int i = 0; i < ids.size(); i++) {
                PlayedGame g = played(i);
                for (StoredReview.Ply p : stored(ids.get(i)).positions()) {
                    Position position = g.positions().get(p.ply());
                    if (p.bestMove() == null) {
                        assertTrue(MoveGen.legalMoves(position).isEmpty() || thirdOccurrence(g, p.ply()),
                                "no best move in a game going on: ply " + p.ply());
                        continue;
                    }
                    assertEquals(p.bestMove(), p.line().get(0));
                    assertTrue(ForcingLine.replaysLegally(position, moves(position, p.line())), p.line().toString());
                    lines++;
                }
            }
            assertTrue(lines > 200, lines + " lines");
        }

        /** Whether position {@code ply} stands for the third time: the game ends there by repetition. */
        private static boolean thirdOccurrence(PlayedGame g, int ply) {
            long seen = g.positions().subList(0, ply + 1).stream().filter(g.positions().get(ply)::equals).count();
            return seen >= 3;
        }

        /** Moves in canonical notation read back against the positions they are played from. */
        private static List<Move> moves(Position from, List<String> texts) {
            List<Move> out = new ArrayList<>();
            Position p = from;
            for (String text : texts) {
                Move m = MoveGen.legalMoves(p).stream().filter(x -> x.toString().equals(text)).findFirst()
                        .orElseThrow(() -> new AssertionError(text + " is no legal move in " + from));
                out.add(m);
                p = p.play(m);
            }
            return out;
        }

        @Test
        void everyForcedLossVerdictHasALineFromTheMovePlayedThatReplaysLegallyAndLosesThoseMen() throws Exception {
            review(2);
            int verdicts = 0;
            for (int i = 0; i < ids.size(); i++) {
                PlayedGame g = played(i);
                StoredReview r = stored(ids.get(i));
                int counted = 0;
                for (StoredReview.Ply p : r.positions()) {
                    if (p.forcedMen() == null) {
                        assertEquals(List.of(), p.forcedLine());
                        continue;
                    }
                    verdicts++;
                    Position before = g.positions().get(p.ply());
                    List<Move> line = moves(before, p.forcedLine());
                    String within = " within " + p.forcedPlies() + (p.forcedPlies() == 1 ? " ply" : " plies");
                    if (ReviewText.isMissedWin(p.forcedKind())) {
                        // a win missed: the line is the better move's
                        assertNotEquals(p.played(), p.forcedLine().get(0));
                        assertTrue(ForcingLine.replaysLegally(before, line));
                        assertTrue(ReviewText.verdict(p).startsWith("misses a win of "), ReviewText.verdict(p));
                        assertTrue(ReviewText.verdict(p).endsWith(within), ReviewText.verdict(p));
                        continue;
                    }
                    counted++;
                    assertEquals(p.played(), p.forcedLine().get(0));
                    assertTrue(ForcingLine.replaysLegally(before, line));
                    assertTrue(p.proofHorizon() >= p.forcedPlies() || p.forcedKind() != ForcedLoss.Kind.MEN, ReviewText.verdict(p));
                    switch (p.forcedKind()) {
                        case MEN -> {
                            assertEquals(p.forcedPlies(), line.size(), ReviewText.verdict(p));
                            Position after = before;
                            for (Move m : line) after = after.play(m);
                            Side mover = before.sideToMove();
                            assertTrue(material(before, mover) - material(after, mover) >= p.forcedMen(),
                                    ReviewText.verdict(p) + " along " + p.forcedLine());
                            assertEquals("loses " + p.forcedMen() + (p.forcedMen() == 1 ? " man" : " men") + " by force"
                                    + within, ReviewText.verdict(p));
                        }
                        case GAME -> assertEquals("loses the game by force" + within, ReviewText.verdict(p));
                        case NO_MOVE -> assertEquals("lets the opponent draw (no legal move)" + within, ReviewText.verdict(p));
                        case REPETITION -> assertEquals("lets the opponent draw (repetition)" + within, ReviewText.verdict(p));
                        case MISSES_MEN, MISSES_GAME -> throw new AssertionError("a missed win is counted above");
                    }
                }
                assertEquals(counted, r.white().forcedLosses() + r.black().forcedLosses());
            }
            assertTrue(verdicts >= 10, verdicts + " verdicts: self-play loses men often");
        }

        /** Men a side commands (the engine's material): in hand, and every man of the columns it owns. */
        private static int material(Position p, org.emergo.rules.Side side) {
            int n = p.inHand(side);
            for (int sq = 0; sq < p.board().size(); sq++) {
                org.emergo.rules.Column c = p.column(sq);
                if (c != null && c.owner() == side) n += c.height();
            }
            return n;
        }

        /** Checks every stored review against its board's curve at the setting as stored now. */
        void assertEveryGameJudgedByItsBoardsCurve() throws Exception {
            ReviewSetting setting = setting();
            for (int i = 0; i < ids.size(); i++) {
                ReviewSetting.Curve curve = setting.curve(fixture().get(i).variant());
                StoredReview r = stored(ids.get(i));
                assertEquals(curve.curve().toString(), r.curve());
                assertEquals(curve.source(), r.curveSource());
                assertJudgedBy(r, Judgement.curve(fixture().get(i).variant()));
            }
        }

        @Test
        void eachMovesLossClassAndTheAccuraciesFollowFromTheStoredScoresAndTheCurveOfItsBoard() throws Exception {
            review(2);
            ReviewSetting setting = setting();
            for (Variant v : Variant.values()) {
                assertEquals(ReviewSetting.DEFAULT_CURVE, setting.curve(v).source());
                assertEquals(WinCurve.of(v), setting.curve(v).curve());
            }
            assertNotEquals(WinCurve.of(Variant.EMERGO), WinCurve.of(Variant.HEXEMERGO));
            assertEveryGameJudgedByItsBoardsCurve();
            int judged = 0;
            for (long id : ids) judged += stored(id).moves();
            assertTrue(judged > 200, judged + " moves");
            List<List<Object>> classes = plainRows("SELECT DISTINCT move_class FROM review_ply WHERE move_class IS NOT NULL"
                    + " ORDER BY move_class");
            assertTrue(classes.size() >= 3, "shallow self-play has good moves and bad ones: " + classes);
        }

        /**
         * Recomputes every judgement of a stored review from its stored scores, verdicts and proofs and
         * compares: moves are classed by the curve of the board's engine play ({@link Judgement#curve}),
         * whatever the setting's curve, both chances in the same frame; a verdict caps the chance after
         * the move, a move the proof finds best is at most an inaccuracy.
         */
        static void assertJudgedBy(StoredReview r, WinCurve curve) {
            int[] counts = new int[8];
            List<Double> white = new ArrayList<>();
            List<Double> black = new ArrayList<>();
            for (int i = 0; i < r.moves(); i++) {
                StoredReview.Ply p = r.positions().get(i);
                StoredReview.Ply next = r.positions().get(i + 1);
                int sign = p.player() == Side.WHITE ? 1 : -1;
                int before = sign * p.scoreWhite();
                int after = sign * next.scoreWhite();
                boolean best = p.played().equals(p.bestMove());
                int cappedBefore = Math.max(-MoveJudgements.SCORE_CAP, Math.min(MoveJudgements.SCORE_CAP, before));
                int cappedAfter = Math.max(-MoveJudgements.SCORE_CAP, Math.min(MoveJudgements.SCORE_CAP, after));
                int loss = best ? 0 : Math.max(0, cappedBefore - cappedAfter);
                double chanceBefore = Judgement.chanceBefore(curve, before);
                double chanceAfter = best ? chanceBefore : Judgement.chanceAfter(curve, -after);
                if (p.forcedMen() != null) {
                    switch (p.forcedKind()) {
                        case MEN -> {
                            chanceAfter = Math.min(chanceAfter, curve.chance(cappedBefore - 100 * p.forcedMen()));
                            loss = Math.max(loss, 100 * p.forcedMen());
                        }
                        case GAME -> chanceAfter = 0;
                        // a win missed: against the chance the better move would have given
                        case MISSES_MEN -> {
                            int better = Math.max(-MoveJudgements.SCORE_CAP, Math.min(MoveJudgements.SCORE_CAP, after + 100 * p.forcedMen()));
                            chanceBefore = Math.max(chanceBefore, curve.chance(better));
                            loss = Math.max(loss, 100 * p.forcedMen());
                        }
                        case MISSES_GAME -> {
                            chanceBefore = 1;
                            loss = Math.max(loss, MoveJudgements.SCORE_CAP - cappedAfter);
                        }
                        default -> chanceAfter = Math.min(chanceAfter, 0.5);
                    }
                    assertEquals(ForcedLoss.Outcome.LOSES, p.proof());
                }
                assertEquals(loss, p.loss(), "loss at ply " + p.ply());
                double drop = Judgement.drop(chanceBefore, chanceAfter);
                if (p.proof() == ForcedLoss.Outcome.BEST) drop = Math.min(drop, Judgement.INACCURACY);
                // two men or more lost or missed, or the game, from within a man: a mistake at least
                boolean heavy = p.forcedMen() != null && switch (p.forcedKind()) {
                    case MEN, MISSES_MEN -> p.forcedMen() >= 2;
                    case GAME, MISSES_GAME -> true;
                    default -> false;
                };
                if (heavy && Math.abs(cappedBefore) <= 100) drop = Math.max(drop, Judgement.MISTAKE);
                assertEquals(drop, p.chancesLost(), 1e-6);
                Judgement.MoveClass c = Judgement.classOf(drop);
                assertEquals(c, p.moveClass(), "class at ply " + p.ply());
                counts[(p.player() == Side.WHITE ? 0 : 4) + c.ordinal()]++;
                (p.player() == Side.WHITE ? white : black).add(Judgement.accuracyOf(drop));
            }
            StoredReview.Ply last = r.positions().get(r.moves());
            assertNull(last.played());
            assertNull(last.loss());
            assertNull(last.moveClass());
            assertEquals(List.of(counts[1], counts[2], counts[3]),
                    List.of(r.white().inaccuracies(), r.white().mistakes(), r.white().blunders()));
            assertEquals(List.of(counts[5], counts[6], counts[7]),
                    List.of(r.black().inaccuracies(), r.black().mistakes(), r.black().blunders()));
            assertAccuracy(white, r.white().accuracy());
            assertAccuracy(black, r.black().accuracy());
        }

        private static void assertAccuracy(List<Double> moves, Double stored) {
            if (moves.isEmpty()) {
                assertNull(stored);
                return;
            }
            double expected = Judgement.gameAccuracy(moves.stream().mapToDouble(Double::doubleValue).toArray());
            assertEquals(expected, stored, 1e-3);
        }

        @Test
        void theSameReviewRunTwiceAndWithOneThreadOrTwoStoresTheSameRows() {
            review(1);
            Map<String, List<List<Object>>> once = stored();
            clearReviews();
            review(1);
            assertEquals(once, stored());
            clearReviews();
            review(2);
            assertEquals(once, stored());
        }

        private void clearReviews() {
            db.dsl().execute("DELETE FROM review_ply");
            db.dsl().execute("DELETE FROM review");
        }

        @Test
        void aSecondRunReviewsNothingAndChangesNoRow() {
            review(2);
            Map<String, List<List<Object>>> once = stored();
            ReviewJob.Summary again = review(2);
            assertEquals(0, again.games());
            assertEquals(GAMES, again.totals().games());
            assertEquals(once, stored());
        }

        @Test
        void aGameReviewedOnDemandHasTheRowsTheJobWouldStore() throws Exception {
            review(1);
            Map<String, List<List<Object>>> byTheJob = stored();
            clearReviews();
            try (OneGameReview job = new OneGameReview(db, LIMIT, 2)) {
                for (long id : ids) assertEquals(id, job.review(id).orElseThrow().gameId());
                assertTrue(job.review(-1).isEmpty());
            }
            assertEquals(byTheJob, stored());
        }

        @Test
        void whereChoosesTheGamesAndAConditionThatWritesIsRefused() {
            try (ReviewJob job = new ReviewJob(db, LIMIT, 1)) {
                assertEquals(2, job.countPending("white = 'Aster, Ada' OR black = 'Brand, Bram'"));
                assertEquals(2, job.run("white = 'Aster, Ada' OR black = 'Brand, Bram'", games -> { }).games());
                assertEquals(GAMES - 2, job.countPending(null));
                QueryException refused = assertThrows(QueryException.class, () -> job.run("1 = 1; DELETE FROM game", g -> { }));
                assertTrue(refused.getMessage().startsWith("refused"), refused.getMessage());
                QueryException failed = assertThrows(QueryException.class, () -> job.countPending("no_such_column = 1"));
                assertTrue(failed.getMessage().startsWith("the condition failed: "), failed.getMessage());
            }
            assertEquals(List.of(List.of((long) GAMES)), plainRows("SELECT COUNT(*) FROM game"));
        }

        @Test
        void aRunStoppedAfterACommitLeavesWholeGamesAndTheNextRunFinishesTheJob() {
            review(1);
            Map<String, List<List<Object>>> clean = stored();
            clearReviews();

            RuntimeException stop = new RuntimeException("stop");
            try (ReviewJob job = new ReviewJob(db, LIMIT, 2)) {
                assertEquals(stop, assertThrows(RuntimeException.class, () -> job.run(null, games -> {
                    throw stop;
                })));
            }
            List<List<Object>> reviewed = plainRows("SELECT COUNT(*) FROM review");
            assertEquals(List.of(List.of((long) ReviewJob.BATCH)), reviewed);
            // whole games only: every ply row belongs to a stored review, and every review has all its rows
            assertEquals(List.of(), plainRows("SELECT p.game_id FROM review_ply p WHERE NOT EXISTS"
                    + " (SELECT 1 FROM review r WHERE r.game_id = p.game_id AND r.setting_id = p.setting_id)"));
            assertEquals(List.of(), plainRows("SELECT r.game_id FROM review r WHERE r.plies + 1 <>"
                    + " (SELECT COUNT(*) FROM review_ply p WHERE p.game_id = r.game_id AND p.setting_id = r.setting_id)"));

            assertEquals(GAMES - ReviewJob.BATCH, review(1).games());
            assertEquals(clean, stored());
        }

        private int decisive(Variant v) {
            return ((Long) plainRows("SELECT COUNT(*) FROM game WHERE result IN ('1-0', '0-1') AND variant = '" + v.tagName()
                    + "'").get(0).get(0)).intValue();
        }

        private long games(Variant v) {
            return fixture().stream().filter(g -> g.variant() == v).count();
        }

        @Test
        void onceEnoughDecisiveGamesOfABoardAreReviewedItsCurveIsFittedToThemAndItsGamesAreJudgedAgain() throws Exception {
            int emergo = decisive(Variant.EMERGO);
            assertTrue(emergo > decisive(Variant.HEXEMERGO), emergo + " decisive games of Emergo");
            ReviewJob.Summary s;
            try (ReviewJob job = new ReviewJob(db, LIMIT, 2, emergo, 3)) {
                s = job.run(null, games -> { });
            }
            assertEquals(games(Variant.EMERGO), s.judgedAgain());
            ReviewSetting setting = setting();
            ReviewSetting.Curve fitted = setting.curve(Variant.EMERGO);
            assertEquals(ReviewSetting.FITTED_CURVE, fitted.source());
            assertEquals(emergo, fitted.games());
            assertEquals(1, fitted.generation());
            OwnCurves.Samples samples = new OwnCurves(db.dsl()).samples(setting.id(), Variant.EMERGO);
            assertEquals(WinCurve.fit(samples.scores(), samples.results()), fitted.curve());
            assertNotEquals(WinCurve.EMERGO, fitted.curve());
            assertEquals("Emergo: the curve fitted to " + emergo + " decisive games of this database (" + fitted.curve() + ")",
                    s.curves().get(0));
            ReviewSetting.Curve hex = setting.curve(Variant.HEXEMERGO);
            assertEquals(List.of(ReviewSetting.DEFAULT_CURVE, 0, WinCurve.HEXEMERGO), List.of(hex.source(), hex.generation(), hex.curve()));
            assertEquals(List.of(List.of("Emergo", 1L, games(Variant.EMERGO)), List.of("HexEmergo", 0L, games(Variant.HEXEMERGO))),
                    plainRows("SELECT g.variant, r.curve_generation, COUNT(*) FROM review r JOIN game g ON g.id = r.game_id"
                            + " GROUP BY g.variant, r.curve_generation ORDER BY g.variant"));
            assertEveryGameJudgedByItsBoardsCurve();
        }

        @Test
        void aRunStoppedWhileJudgingAgainLeavesEachGameJudgedByOneCurveAndTheNextRunFinishes() throws Exception {
            RuntimeException stop = new RuntimeException("stop");
            int emergo = decisive(Variant.EMERGO);
            try (ReviewJob job = new ReviewJob(db, LIMIT, 1, emergo, 2)) {
                assertThrows(RuntimeException.class, () -> job.run(null, new ReviewJob.Listener() {
                    @Override
                    public void reviewed(long games) {
                    }

                    @Override
                    public void judgedAgain(long games, long of) {
                        throw stop;
                    }
                }));
            }
            String generations = "SELECT g.variant, r.curve_generation, COUNT(*) FROM review r JOIN game g ON g.id = r.game_id"
                    + " GROUP BY g.variant, r.curve_generation ORDER BY g.variant, r.curve_generation";
            assertEquals(List.of(List.of("Emergo", 0L, games(Variant.EMERGO) - 2), List.of("Emergo", 1L, 2L),
                    List.of("HexEmergo", 0L, games(Variant.HEXEMERGO))), plainRows(generations));
            ReviewSetting setting = setting();
            for (int i = 0; i < 2; i++) assertJudgedBy(stored(ids.get(i)), Judgement.curve(Variant.EMERGO));

            ReviewJob.Summary again;
            try (ReviewJob job = new ReviewJob(db, LIMIT, 1, emergo, 2)) {
                again = job.run(null, games -> { });
            }
            assertEquals(0, again.games());
            assertEquals(games(Variant.EMERGO) - 2, again.judgedAgain());
            assertEquals(List.of(List.of("Emergo", 1L, games(Variant.EMERGO)), List.of("HexEmergo", 0L, games(Variant.HEXEMERGO))),
                    plainRows(generations));
            assertEveryGameJudgedByItsBoardsCurve();
        }
    }
}
