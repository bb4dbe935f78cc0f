package org.emergo.review;

import java.util.List;

/**
 * The engine's review of one game: every position up to the last legal move with the move
 * played from it ({@link PlyReview}), and each side's figures.
 *
 * @param plies        positions 0..n, n the moves judged
 * @param stoppedAtPly the ply of the move the rules refused, where the review stopped; -1 when none
 * @param white        White's figures
 * @param black        Black's figures
 */
public record GameReview(List<PlyReview> plies, int stoppedAtPly, SideFigures white, SideFigures black) {

    public GameReview {
        plies = List.copyOf(plies);
    }

    /**
     * One side's figures in a game.
     *
     * @param accuracy     0 to 100 from the winning chances its moves gave away; null without a move
     * @param forcedLosses moves with a forced-loss verdict
     */
    public record SideFigures(Double accuracy, int inaccuracies, int mistakes, int blunders, int forcedLosses) {}

    /** The moves judged. */
    public int moves() {
        return plies.size() - 1;
    }

    /** Positions all the game's searches visited. */
    public long nodes() {
        long n = 0;
        for (PlyReview p : plies) n += p.nodes();
        return n;
    }
}
