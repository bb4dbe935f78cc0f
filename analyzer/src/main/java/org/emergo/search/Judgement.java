package org.emergo.search;

/**
 * How a move is judged from two scores, as lichess does it (lila's WinPercent, Advice,
 * AccuracyPercent): scores become winning chances through a logistic curve fitted to games,
 * a move's class comes from the chances it gave away, accuracy from the same drop.
 * Pure functions; the search knows nothing of them.
 */
public final class Judgement {

    /** The classes of a move, by the winning chances it gave away. */
    public enum MoveClass { GOOD, INACCURACY, MISTAKE, BLUNDER }

    private Judgement() {}
}
