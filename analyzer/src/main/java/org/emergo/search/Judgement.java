package org.emergo.search;

import java.util.Locale;
import org.emergo.rules.Variant;

/**
 * How a move is judged from two scores, as lichess does it (lila's WinPercent, Advice,
 * AccuracyPercent): scores become winning chances through a logistic curve fitted to games,
 * a move's class comes from the chances it gave away, accuracy from the same drop.
 * Pure functions; the search knows nothing of them (docs/engine.md#judging-moves).
 *
 * <p>A move's chances: {@code before} is the mover's chance with the position's best score,
 * {@code after} the mover's chance with the score of the position after the move, which is
 * searched from the opponent's view: {@link #chanceAfter}.
 */
public final class Judgement {

    /** The classes of a move, by the winning chances it gave away. */
    public enum MoveClass {
        GOOD, INACCURACY, MISTAKE, BLUNDER;

        /** The class as stored and as the API and the pages' styles write it: good, inaccuracy, mistake, blunder. */
        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The class of a {@link #code()}; null for null. */
        public static MoveClass of(String code) {
            if (code == null) return null;
            for (MoveClass c : values()) if (c.code().equals(code)) return c;
            throw new IllegalArgumentException("no move class " + code);
        }
    }

    /**
     * Drops of winning chances that make a move an inaccuracy, a mistake, a blunder: lila's
     * 0.1, 0.2 and 0.3 on its scale of winning chances from -1 to +1, which are 5, 10 and 15
     * points of the chance from 0 to 1 used here.
     */
    public static final double INACCURACY = 0.05;
    public static final double MISTAKE = 0.10;
    public static final double BLUNDER = 0.15;

    // lila's AccuracyPercent: 103.1668 * exp(-0.04354 * drop in percent) - 3.1669.
    private static final double ACCURACY_A = 103.1668100711649;
    private static final double ACCURACY_K = 0.04354415386753951;
    private static final double ACCURACY_B = -3.166924740191411;

    private Judgement() {}

    /**
     * The curves that class moves (docs/engine.md#judging-moves): fitted to the engine's own
     * play at the review's setting ({@code FitEngineCurve}: depth 4 against itself from
     * {@code EngineMatch}'s varied openings), each position counted from both sides, so they have
     * no side-to-move term. Emergo: 150 games, 22,621 positions; a man up 60.2%, two 69.7%.
     */
    public static final WinCurve EMERGO = new WinCurve(0.00415725, 0);

    /** As {@link #EMERGO}, for HexEmergo: 150 games, 20,030 positions; a man up 55.9%, two 61.6%. */
    public static final WinCurve HEXEMERGO = new WinCurve(0.00237171, 0);

    /** The curve that classes a board's moves. */
    public static WinCurve curve(Variant variant) {
        return variant == Variant.EMERGO ? EMERGO : HEXEMERGO;
    }

    /**
     * The mover's chance before its move: the position's score is for the mover. Both chances of a
     * move are in the same frame ({@link WinCurve#chance}): no credit for having the move.
     */
    public static double chanceBefore(WinCurve curve, int scoreBefore) {
        return curve.chance(scoreBefore);
    }

    /** The mover's chance after its move: {@code scoreAfter} is the next position's score, for the opponent. */
    public static double chanceAfter(WinCurve curve, int scoreAfter) {
        return 1 - curve.chance(scoreAfter);
    }

    /**
     * White's chance in a position scored {@code scoreWhite} from White's view, whoever is to move
     * (the graph of a game): no credit for having the move, so the line does not saw with the turn.
     */
    public static double whiteChance(WinCurve curve, int scoreWhite) {
        return curve.chance(scoreWhite);
    }

    /**
     * The smallest loss of men from a position scored {@code score} (for the mover) that makes a
     * move at least {@code drop} of chances, by the curve: what "about a man is an inaccuracy"
     * means, derived (docs/engine.md#judging-moves). In hundredths of a man; -1 when no loss does.
     */
    public static int lossFor(WinCurve curve, int score, double drop) {
        double before = chanceBefore(curve, score);
        for (int loss = 1; loss <= 4800; loss++) {
            if (before - curve.chance(score - loss) >= drop - 1e-12) return loss;
        }
        return -1;
    }

    /** The chances a move gave away, never negative (a move that does better than the search thought gives none away). */
    public static double drop(double before, double after) {
        return Math.max(0, before - after);
    }

    /** The class of a move from the mover's chances before and after it. */
    public static MoveClass classify(double before, double after) {
        return classOf(drop(before, after));
    }

    /** The class of a move from the chances it gave away. */
    public static MoveClass classOf(double drop) {
        if (drop >= BLUNDER) return MoveClass.BLUNDER;
        if (drop >= MISTAKE) return MoveClass.MISTAKE;
        if (drop >= INACCURACY) return MoveClass.INACCURACY;
        return MoveClass.GOOD;
    }

    /** The class of a move from the two scores, each for the side to move in its position. */
    public static MoveClass classify(WinCurve curve, int scoreBefore, int scoreAfter) {
        return classify(chanceBefore(curve, scoreBefore), chanceAfter(curve, scoreAfter));
    }

    /** lila's accuracy of one move, 0..100, from the mover's chances before and after it. */
    public static double accuracy(double before, double after) {
        if (after >= before) return 100;
        return accuracyOf(drop(before, after));
    }

    /** lila's accuracy of one move from the chances it gave away. */
    public static double accuracyOf(double drop) {
        if (drop <= 0) return 100;
        double dropPercent = 100 * drop;
        double raw = ACCURACY_A * Math.exp(-ACCURACY_K * dropPercent) + ACCURACY_B;
        return Math.max(0, Math.min(100, raw));
    }

    /**
     * A player's accuracy over a game from the accuracies of his moves: the mean of their
     * arithmetic mean and their harmonic mean (each move counted at least 1, so one move at 0
     * does not make the whole game 0). The harmonic mean weighs bad moves heavily, as lila's
     * does; NaN for no moves.
     */
    public static double gameAccuracy(double[] moveAccuracies) {
        if (moveAccuracies.length == 0) return Double.NaN;
        double sum = 0;
        double inverse = 0;
        for (double a : moveAccuracies) {
            sum += a;
            inverse += 1 / Math.max(1, a);
        }
        double mean = sum / moveAccuracies.length;
        double harmonic = moveAccuracies.length / inverse;
        return (mean + harmonic) / 2;
    }
}
