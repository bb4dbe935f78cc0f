package org.emergo.viewer.data;

import org.emergo.pattern.Pattern;
import org.emergo.pattern.SquareCondition;
import org.emergo.rules.Side;

/**
 * What a link of the board editor does to a pattern: a square's next condition in the cycle, on
 * the first pattern's board or on the second's ({@code then:K}), and adding or removing the
 * second pattern. Everything else of the pattern is kept as it was.
 */
public final class PatternEditing {

    /** The plies within which a second pattern added by the editor must follow: {@code then:6}. */
    public static final int DEFAULT_WITHIN = 6;

    private static final SquareCondition[] CYCLE = {
        SquareCondition.ANY,
        SquareCondition.EMPTY,
        SquareCondition.column(Side.WHITE, null, false),
        SquareCondition.column(Side.BLACK, null, false),
        SquareCondition.OCCUPIED,
        SquareCondition.column(null, null, true),
    };

    private PatternEditing() {
    }

    /** The pattern with the square's condition moved on; a condition typed by hand goes back to any. */
    public static Pattern cycle(Pattern p, int sq) {
        SquareCondition[] squares = p.squares().clone();
        squares[sq] = next(squares[sq]);
        return new Pattern(p.variant(), squares, p.toMove(), p.whiteHand(), p.blackHand(), p.capture(), p.entry(),
                p.finding(), p.within(), p.then());
    }

    /** The pattern with the square's condition moved on in its second pattern, which it must have. */
    public static Pattern cycleThen(Pattern p, int sq) {
        if (p.then() == null) throw new IllegalArgumentException("the pattern has no second pattern: " + p);
        return withThen(p, p.within(), cycle(p.then(), sq));
    }

    /** The pattern followed within {@code within} plies by a second pattern that asks nothing ({@code then:K any}). */
    public static Pattern addThen(Pattern p, int within) {
        return withThen(p, within, new Pattern(p.variant(), Pattern.anySquares(p.variant()), null, null, null, null, false,
                false, 0, null));
    }

    /** The pattern without its second pattern. */
    public static Pattern removeThen(Pattern p) {
        return withThen(p, 0, null);
    }

    private static Pattern withThen(Pattern p, int within, Pattern then) {
        return new Pattern(p.variant(), p.squares(), p.toMove(), p.whiteHand(), p.blackHand(), p.capture(), p.entry(),
                p.finding(), within, then);
    }

    private static SquareCondition next(SquareCondition now) {
        for (int i = 0; i < CYCLE.length; i++) {
            if (CYCLE[i].equals(now)) return CYCLE[(i + 1) % CYCLE.length];
        }
        return SquareCondition.ANY;
    }
}
