package org.emergo.review;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Side;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.SearchResult;
import org.emergo.search.WinCurve;

/**
 * The judgement of a game's moves from the scores of its positions ({@link Judgement} for each
 * move, with a curve): the move from position p is judged by the best score there and the score
 * of position p + 1, both for the mover. The move the search itself would play gives nothing
 * away, whatever the two scores say (the search of the next position looks a ply further).
 * Pure: a review judged again with another curve needs only its stored scores.
 */
public final class MoveJudgements {

    /** In a move's loss a score counts at most this much either way: all 24 men. */
    public static final int SCORE_CAP = 2400;

    private MoveJudgements() {}

    /**
     * Hundredths of a man a move gave away: the best score before it less the score after it,
     * both for the mover and capped at {@link #SCORE_CAP}; 0 for the best move or a better one.
     */
    public static int loss(int before, int after, boolean best) {
        if (best) return 0;
        return Math.max(0, cap(before) - cap(after));
    }

    private static int cap(int score) {
        return Math.max(-SCORE_CAP, Math.min(SCORE_CAP, score));
    }

    /**
     * What the moves of a game gave away and each side's figures.
     *
     * @param toMove     the side to move in positions 0..n
     * @param scoreWhite the scores of positions 0..n from White's view
     * @param best       for moves 1..n (index p: the move from position p), whether it was the search's best move
     * @param proofs     for the same moves, the exact proof's result, null where none was tried
     * @param curve      the curve that classes moves ({@link Judgement#curve}); both chances of a
     *                   move in the same frame
     */
    public static Judged judge(Side[] toMove, int[] scoreWhite, boolean[] best, ForcedLoss.Proof[] proofs, WinCurve curve) {
        int moves = scoreWhite.length - 1;
        int[] loss = new int[moves];
        double[] chancesLost = new double[moves];
        MoveClass[] classes = new MoveClass[moves];
        Tally white = new Tally();
        Tally black = new Tally();
        for (int p = 0; p < moves; p++) {
            Side mover = toMove[p];
            int before = forSide(scoreWhite[p], mover);
            int after = forSide(scoreWhite[p + 1], mover);
            double chanceBefore = Judgement.chanceBefore(curve, before);
            // the next position is searched for the opponent, who moves there
            double chanceAfter = Judgement.chanceAfter(curve, -after);
            if (best[p]) chanceAfter = Math.max(chanceAfter, chanceBefore);
            loss[p] = loss(before, after, best[p]);
            ForcedLoss.Proof proof = proofs[p];
            ForcedLoss.Verdict v = proof == null ? null : proof.verdict();
            if (v != null) {
                // A proven loss is lost whatever the search thought: the class says at least what the verdict says.
                switch (v.kind()) {
                    case MEN -> {
                        chanceAfter = Math.min(chanceAfter, curve.chance(cap(before) - 100 * v.men()));
                        loss[p] = Math.max(loss[p], 100 * v.men());
                    }
                    case GAME -> chanceAfter = 0;
                    case NO_MOVE, REPETITION -> chanceAfter = Math.min(chanceAfter, 0.5);
                    // A win missed costs the chances the better move would have given: the played move's score
                    // and the men it left, in the same frame as a loss.
                    case MISSES_MEN -> {
                        chanceBefore = Math.max(chanceBefore, curve.chance(cap(after + 100 * v.men())));
                        loss[p] = Math.max(loss[p], 100 * v.men());
                    }
                    case MISSES_GAME -> {
                        chanceBefore = 1;
                        loss[p] = Math.max(loss[p], cap(SCORE_CAP) - cap(after));
                    }
                }
            }
            double drop = Judgement.drop(chanceBefore, chanceAfter);
            // A move the exact proof finds keeps as much as any other is at most an inaccuracy.
            if (proof != null && proof.outcome() == ForcedLoss.Outcome.BEST) drop = Math.min(drop, Judgement.INACCURACY);
            // Two men or more lost or missed, or the game lost, from within a man of level: a mistake at least,
            // whatever the curve makes of it.
            if (v != null && Math.abs(cap(before)) <= 100 && isHeavy(v)) drop = Math.max(drop, Judgement.MISTAKE);
            chancesLost[p] = drop;
            classes[p] = Judgement.classOf(drop);
                        // a forced loss counts the moves that lose by force; a win missed is not one
            (mover == Side.WHITE ? white : black).add(classes[p], Judgement.accuracyOf(drop), v != null && !ReviewText.isMissedWin(v.kind()));
        }
        return new Judged(loss, chancesLost, classes, white.figures(), black.figures());
    }

    /** Whether a verdict is of two men or more, or of the game, lost or missed. */
    static boolean isHeavy(ForcedLoss.Verdict v) {
        return switch (v.kind()) {
            case MEN, MISSES_MEN -> v.men() >= 2;
            case GAME, MISSES_GAME -> true;
            case NO_MOVE, REPETITION -> false;
        };
    }

    /** A score from White's view as {@code side} sees it. */
    public static int forSide(int scoreWhite, Side side) {
        return side == Side.WHITE ? scoreWhite : -scoreWhite;
    }

    /** What {@link #judge} found: per move (index p: the move from position p), then per side. */
    public record Judged(int[] loss, double[] chancesLost, MoveClass[] classes, GameReview.SideFigures white,
            GameReview.SideFigures black) {}

    /** A game's review from its searches and the proofs by ply ({@link Judgement#curve} of the game's board classes). */
    public static GameReview review(PlayedGame game, List<SearchResult> results, Map<Integer, ForcedLoss.Proof> proofs) {
        WinCurve curve = Judgement.curve(game.positions().get(0).variant());
        int n = game.lastPly();
        Side[] toMove = new Side[n + 1];
        int[] scoreWhite = new int[n + 1];
        boolean[] best = new boolean[n];
        ForcedLoss.Proof[] proof = new ForcedLoss.Proof[n];
        for (int p = 0; p <= n; p++) {
            toMove[p] = game.positions().get(p).sideToMove();
            scoreWhite[p] = forSide(results.get(p).score(), toMove[p]);
            if (p < n) {
                best[p] = game.moveFrom(p).equals(results.get(p).bestMove());
                proof[p] = proofs.get(p);
            }
        }
        Judged j = judge(toMove, scoreWhite, best, proof, curve);
        List<PlyReview> plies = new ArrayList<>(n + 1);
        for (int p = 0; p <= n; p++) {
            SearchResult r = results.get(p);
            boolean move = p < n;
            plies.add(new PlyReview(p, toMove[p], scoreWhite[p], r.bestMove(), r.depth(), r.nodes(), r.line(),
                    game.moveFrom(p), move ? j.loss()[p] : null, move ? j.chancesLost()[p] : null,
                    move ? j.classes()[p] : null, move && proof[p] != null ? proof[p].verdict() : null,
                    move ? proof[p] : null));
        }
        return new GameReview(plies, game.stoppedAtPly(), j.white(), j.black());
    }

    private static final class Tally {
        final List<Double> accuracies = new ArrayList<>();
        int inaccuracies;
        int mistakes;
        int blunders;
        int forcedLosses;

        void add(MoveClass c, double accuracy, boolean forced) {
            accuracies.add(accuracy);
            switch (c) {
                case INACCURACY -> inaccuracies++;
                case MISTAKE -> mistakes++;
                case BLUNDER -> blunders++;
                case GOOD -> { }
            }
            if (forced) forcedLosses++;
        }

        GameReview.SideFigures figures() {
            double[] a = accuracies.stream().mapToDouble(Double::doubleValue).toArray();
            return new GameReview.SideFigures(a.length == 0 ? null : Judgement.gameAccuracy(a), inaccuracies, mistakes,
                    blunders, forcedLosses);
        }
    }
}
