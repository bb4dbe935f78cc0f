package org.emergo.search;

/**
 * The static evaluation (docs/engine.md#the-evaluation), in hundredths of a man from the side
 * to move's view. Material first: the men a side commands, that is its men in hand and every man
 * of the columns it owns (jailers and the prisoners under them). Only called on positions
 * where no capture is due.
 */
final class Evaluation {

    /** One man. */
    static final int MAN = 100;

    private Evaluation() {}

    static int evaluate(FastBoard b) {
        int me = b.side;
        return (b.material[me] - b.material[me ^ 1]) * MAN;
    }
}
