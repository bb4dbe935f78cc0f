package org.emergo.viewer.data;

import org.emergo.pattern.Pattern;
import org.emergo.pattern.SquareCondition;
import org.emergo.rules.Side;

/** What a click on the board editor does to a pattern: the square's next condition in the cycle. */
public final class PatternEditing {

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
        SquareCondition now = p.squares()[sq];
        SquareCondition next = SquareCondition.ANY;
        for (int i = 0; i < CYCLE.length; i++) {
            if (CYCLE[i].equals(now)) next = CYCLE[(i + 1) % CYCLE.length];
        }
        SquareCondition[] squares = p.squares().clone();
        squares[sq] = next;
        return new Pattern(p.variant(), squares, p.toMove(), p.whiteHand(), p.blackHand(), p.capture(), p.entry(),
                p.finding(), p.within(), p.then());
    }
}
