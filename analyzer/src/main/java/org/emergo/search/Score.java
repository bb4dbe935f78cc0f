package org.emergo.search;

/**
 * Scores in hundredths of a man from the side to move's view. A won game is
 * {@code WIN - plies to the win}, a lost one the negative of that, so a nearer win scores higher.
 */
public final class Score {

    /** A win on the board now; no evaluation comes near it. */
    public static final int WIN = 1_000_000;

    /** Scores beyond this (either sign) are wins or losses found by search. */
    public static final int WIN_THRESHOLD = WIN - 10_000;

    private Score() {}

    public static boolean isWin(int score) {
        return score >= WIN_THRESHOLD;
    }

    public static boolean isLoss(int score) {
        return score <= -WIN_THRESHOLD;
    }

    /** Plies to the end of a won or lost game, for a score that is one. */
    public static int pliesToEnd(int score) {
        return WIN - Math.abs(score);
    }
}
