package org.emergo.search;

/**
 * The static evaluation (docs/engine.md#the-evaluation), in hundredths of a man from the side
 * to move's view. Material first: the men a side commands, that is its men in hand and every man
 * of the columns it owns (jailers and the prisoners under them). Then positional terms, each
 * kept only where a match showed it wins games. Only called on positions where no capture is
 * due for the side to move.
 */
public final class Evaluation {

    /** One man. */
    static final int MAN = 100;

    /**
     * The weights of the terms, in hundredths of a man.
     *
     * @param mobility per step an own column could make, less the opponent's
     * @param fragile  per prisoner held under a single jailer (one jump frees them all), the opponent's counted for us
     * @param attacked when the opponent could capture if it were his turn
     */
    public record Terms(int mobility, int fragile, int attacked) {

        /** Material alone. */
        public static final Terms MATERIAL = new Terms(0, 0, 0);

        /** The evaluation the engine plays and reviews with. */
        public static final Terms DEFAULT = new Terms(5, 60, 0);
    }

    private Evaluation() {}

    static int evaluate(FastBoard b, Terms t) {
        int me = b.side;
        int score = (b.material[me] - b.material[me ^ 1]) * MAN;
        if (t.mobility() != 0) score += t.mobility() * b.mobilityBalance(me);
        if (t.fragile() != 0) score -= t.fragile() * (b.loose[me] - b.loose[me ^ 1]);
        if (t.attacked() != 0 && b.hasCapture(me ^ 1)) score -= t.attacked();
        return score;
    }
}
