package org.emergo.store.review;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.emergo.store.jooq.Tables.REVIEW_CURVE;
import static org.emergo.store.jooq.Tables.REVIEW_PLY;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.emergo.review.MoveJudgements;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.WinCurve;
import org.jooq.BatchBindStep;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record2;
import org.jooq.SelectJoinStep;
import org.jooq.impl.DSL;

/**
 * The curves a database fits to its own reviewed games, and the judging again of the games a
 * new curve concerns: from their stored scores, a batch of games per transaction, each game's
 * review row marked with the curve generation that judged it.
 */
public final class OwnCurves {

    /** The scores of reviewed positions with their game's result, for fitting a curve. */
    public record Samples(int[] scores, double[] results, long[] gameIds) {}

    /** A stored game's id and board. */
    public record GameOfBoard(long gameId, Variant variant) {}

    private final DSLContext dsl;

    public OwnCurves(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Games of a board reviewed at the setting whose recorded result is a win. */
    public int decisiveGames(int settingId, Variant variant) throws SQLException {
        return dsl.selectCount()
                .from(REVIEW)
                .join(GAME).on(GAME.ID.eq(REVIEW.GAME_ID))
                .where(REVIEW.SETTING_ID.eq(settingId))
                .and(GAME.VARIANT.eq(variant.tagName()))
                .and(GAME.RESULT.in("1-0", "0-1"))
                .fetchSingle(0, int.class);
    }

    /**
     * The score of every position of a board reviewed at the setting in a game with a recorded
     * result (a win or a draw), for its side to move, with that side's result: 1, 0.5 or 0, and
     * the game it is of. In
     * game and ply order, so a fit to them is the same every time.
     */
    public Samples samples(int settingId, Variant variant) throws SQLException {
        // PostgreSQL streams a result by the fetch size only in a transaction
        return dsl.transactionResult(tx -> {
            int[] scores = new int[1 << 16];
            double[] results = new double[scores.length];
            long[] games = new long[scores.length];
            int n = 0;
            try (var rows = tx.dsl().select(REVIEW_PLY.PLAYER, REVIEW_PLY.SCORE_WHITE, GAME.RESULT, REVIEW_PLY.GAME_ID)
                    .from(REVIEW_PLY)
                    .join(GAME).on(GAME.ID.eq(REVIEW_PLY.GAME_ID))
                    .where(REVIEW_PLY.SETTING_ID.eq(settingId))
                    .and(GAME.VARIANT.eq(variant.tagName()))
                    .and(GAME.RESULT.in("1-0", "0-1", "1/2-1/2"))
                    .andExists(DSL.selectOne()
                            .from(REVIEW)
                            .where(REVIEW.GAME_ID.eq(REVIEW_PLY.GAME_ID))
                            .and(REVIEW.SETTING_ID.eq(REVIEW_PLY.SETTING_ID)))
                    .orderBy(REVIEW_PLY.GAME_ID, REVIEW_PLY.PLY)
                    .fetchSize(10_000)
                    .fetchLazy()) {
                for (var r : rows) {
                    if (n == scores.length) {
                        scores = Arrays.copyOf(scores, n * 2);
                        results = Arrays.copyOf(results, n * 2);
                        games = Arrays.copyOf(games, n * 2);
                    }
                    Side side = Side.ofLetter(r.value1().charAt(0));
                    double white = switch (r.value3()) {
                        case "1-0" -> 1;
                        case "0-1" -> 0;
                        default -> 0.5;
                    };
                    games[n] = r.value4();
                    scores[n] = MoveJudgements.forSide(r.value2(), side);
                    results[n++] = side == Side.WHITE ? white : 1 - white;
                }
            }
            return new Samples(Arrays.copyOf(scores, n), Arrays.copyOf(results, n), Arrays.copyOf(games, n));
        });
    }

    /** Reviews of the setting judged with an older curve than their board's. */
    private Condition judgedWithOlderCurve(int settingId) {
        return REVIEW.SETTING_ID.eq(settingId).and(REVIEW.CURVE_GENERATION.lt(REVIEW_CURVE.CURVE_GENERATION));
    }

    private static SelectJoinStep<Record2<Long, String>> reviewsWithCurve(DSLContext dsl) {
        return dsl.select(REVIEW.GAME_ID, GAME.VARIANT)
                .from(REVIEW)
                .join(GAME).on(GAME.ID.eq(REVIEW.GAME_ID))
                .join(REVIEW_CURVE).on(REVIEW_CURVE.SETTING_ID.eq(REVIEW.SETTING_ID)
                        .and(REVIEW_CURVE.VARIANT.eq(GAME.VARIANT)));
    }

    /** Games of the setting judged with an older curve than their board's, after {@code afterId}, in id order. */
    public List<GameOfBoard> judgedWithOlderCurve(int settingId, long afterId, int limit) throws SQLException {
        return reviewsWithCurve(dsl)
                .where(judgedWithOlderCurve(settingId))
                .and(REVIEW.GAME_ID.gt(afterId))
                .orderBy(REVIEW.GAME_ID)
                .limit(limit)
                .fetch(r -> new GameOfBoard(r.value1(), Variant.parse(r.value2())));
    }

    /** How many games {@link #judgedWithOlderCurve} would give in all. */
    public int countJudgedWithOlderCurve(int settingId) throws SQLException {
        return dsl.fetchCount(reviewsWithCurve(dsl).where(judgedWithOlderCurve(settingId)));
    }

    /**
     * Judges reviewed games again with their board's curve at the setting, from their stored
     * scores: the chances lost and classes of their moves (only those that change are written),
     * their accuracies and counts; one transaction.
     */
    public void judgeAgain(List<GameOfBoard> games, ReviewSetting s) throws SQLException {
        if (games.isEmpty()) return;
        dsl.transaction(tx -> {
            DSLContext dsl = tx.dsl();
            BatchBindStep ply = dsl.batch(dsl.update(REVIEW_PLY)
                    .set(REVIEW_PLY.CHANCES_LOST, DSL.param(REVIEW_PLY.CHANCES_LOST))
                    .set(REVIEW_PLY.MOVE_CLASS, DSL.param(REVIEW_PLY.MOVE_CLASS))
                    .where(REVIEW_PLY.GAME_ID.eq(DSL.param(REVIEW_PLY.GAME_ID)))
                    .and(REVIEW_PLY.SETTING_ID.eq(DSL.param(REVIEW_PLY.SETTING_ID)))
                    .and(REVIEW_PLY.PLY.eq(DSL.param(REVIEW_PLY.PLY))));
            BatchBindStep review = dsl.batch(dsl.update(REVIEW)
                    .set(REVIEW.WHITE_ACCURACY, DSL.param(REVIEW.WHITE_ACCURACY))
                    .set(REVIEW.BLACK_ACCURACY, DSL.param(REVIEW.BLACK_ACCURACY))
                    .set(REVIEW.WHITE_INACCURACIES, DSL.param(REVIEW.WHITE_INACCURACIES))
                    .set(REVIEW.WHITE_MISTAKES, DSL.param(REVIEW.WHITE_MISTAKES))
                    .set(REVIEW.WHITE_BLUNDERS, DSL.param(REVIEW.WHITE_BLUNDERS))
                    .set(REVIEW.BLACK_INACCURACIES, DSL.param(REVIEW.BLACK_INACCURACIES))
                    .set(REVIEW.BLACK_MISTAKES, DSL.param(REVIEW.BLACK_MISTAKES))
                    .set(REVIEW.BLACK_BLUNDERS, DSL.param(REVIEW.BLACK_BLUNDERS))
                    .set(REVIEW.WHITE_FORCED_LOSSES, DSL.param(REVIEW.WHITE_FORCED_LOSSES))
                    .set(REVIEW.BLACK_FORCED_LOSSES, DSL.param(REVIEW.BLACK_FORCED_LOSSES))
                    .set(REVIEW.CURVE_GENERATION, DSL.param(REVIEW.CURVE_GENERATION))
                    .where(REVIEW.GAME_ID.eq(DSL.param(REVIEW.GAME_ID)))
                    .and(REVIEW.SETTING_ID.eq(DSL.param(REVIEW.SETTING_ID))));
            for (GameOfBoard g : games) {
                ReviewSetting.Curve curve = s.curve(g.variant());
                List<Object[]> before = new ArrayList<>();
                // moves are classed by the engine's curve of the board, not the database's: judged again
                // from their rows, they keep their classes; the new curve is calibration
                MoveJudgements.Judged j = judgeStored(dsl, g.gameId(), s.id(), Judgement.curve(g.variant()), before);
                for (int p = 0; p < j.classes().length; p++) {
                    String className = ReviewColumns.moveClass(j.classes()[p]);
                    // most moves keep their judgement (a best move gives nothing away with any curve)
                    if (Float.valueOf((float) j.chancesLost()[p]).equals(before.get(p)[0])
                            && className.equals(before.get(p)[1])) continue;
                    ply.bind((float) j.chancesLost()[p], className, g.gameId(), s.id(), p);
                }
                review.bind(accuracy(j.white().accuracy()), accuracy(j.black().accuracy()),
                        (short) j.white().inaccuracies(), (short) j.white().mistakes(), (short) j.white().blunders(),
                        (short) j.black().inaccuracies(), (short) j.black().mistakes(), (short) j.black().blunders(),
                        (short) j.white().forcedLosses(), (short) j.black().forcedLosses(), curve.generation(),
                        g.gameId(), s.id());
            }
            if (ply.size() > 0) ply.execute();
            review.execute();
        });
    }

    private static Float accuracy(Double accuracy) {
        return accuracy == null ? null : accuracy.floatValue();
    }

    /** A game's stored scores judged with a curve; {@code before} gets each move's stored chances lost and class. */
    private static MoveJudgements.Judged judgeStored(DSLContext dsl, long gameId, int settingId, WinCurve curve,
            List<Object[]> before) {
        List<Side> toMove = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        List<Boolean> best = new ArrayList<>();
        List<ForcedLoss.Proof> proofs = new ArrayList<>();
        for (var r : dsl.select(REVIEW_PLY.PLAYER, REVIEW_PLY.SCORE_WHITE, REVIEW_PLY.BEST_MOVE, REVIEW_PLY.PLAYED,
                        REVIEW_PLY.FORCED_MEN, REVIEW_PLY.CHANCES_LOST, REVIEW_PLY.MOVE_CLASS, REVIEW_PLY.FORCED_KIND,
                        REVIEW_PLY.PROOF, REVIEW_PLY.PROOF_HORIZON)
                .from(REVIEW_PLY)
                .where(REVIEW_PLY.GAME_ID.eq(gameId))
                .and(REVIEW_PLY.SETTING_ID.eq(settingId))
                .orderBy(REVIEW_PLY.PLY)
                .fetch()) {
            toMove.add(ReviewColumns.player(r.get(REVIEW_PLY.PLAYER)));
            scores.add(r.get(REVIEW_PLY.SCORE_WHITE));
            String played = r.get(REVIEW_PLY.PLAYED);
            if (played != null) {
                best.add(played.equals(r.get(REVIEW_PLY.BEST_MOVE)));
                proofs.add(ReviewColumns.proof(r.get(REVIEW_PLY.FORCED_MEN), r.get(REVIEW_PLY.FORCED_KIND),
                        r.get(REVIEW_PLY.PROOF), r.get(REVIEW_PLY.PROOF_HORIZON)));
                Float lost = r.get(REVIEW_PLY.CHANCES_LOST);
                before.add(new Object[] {lost == null ? 0f : lost, r.get(REVIEW_PLY.MOVE_CLASS)});
            }
        }
        boolean[] b = new boolean[best.size()];
        ForcedLoss.Proof[] f = proofs.toArray(ForcedLoss.Proof[]::new);
        for (int i = 0; i < b.length; i++) b[i] = best.get(i);
        return MoveJudgements.judge(toMove.toArray(Side[]::new), scores.stream().mapToInt(Integer::intValue).toArray(),
                b, f, curve);
    }
}
