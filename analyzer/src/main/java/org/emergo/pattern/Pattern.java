package org.emergo.pattern;

import java.util.Arrays;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;

/**
 * A question about positions (docs/patterns.md#the-text-form): conditions on squares, side to move, men in
 * hand and the move played from the position; optionally a second pattern that must match
 * within {@code within} plies after it in the same game.
 *
 * @param squares   a condition per square of the variant's board, {@link SquareCondition#ANY} where none
 * @param toMove    the side to move, or null for either
 * @param whiteHand White's men in hand, or null for any number
 * @param blackHand Black's men in hand, or null for any number
 * @param capture   men taken by the move played, or null when the move does not matter
 * @param entry     the move played enters a man
 * @param finding   the move played has a finding (a rule breach)
 * @param within    plies (1 or more) in which {@code then} must follow; 0 when there is no {@code then}
 * @param then      the second pattern of a manoeuvre, or null
 */
public record Pattern(Variant variant, SquareCondition[] squares, Side toMove, Range whiteHand, Range blackHand,
        Range capture, boolean entry, boolean finding, int within, Pattern then) {

    /** Whether the move played from the position matters. */
    public boolean asksMove() {
        return capture != null || entry || finding;
    }

    /** Squares with a condition, as indices of the variant's board. */
    public int[] constrainedSquares() {
        return java.util.stream.IntStream.range(0, squares.length)
                .filter(sq -> squares[sq].kind() != SquareCondition.Kind.ANY).toArray();
    }

    /**
     * Whether one position matches this pattern (not its {@code then}). Squares are indices of
     * the variant's board; {@code jailers} signed (+ White commands, - Black, 0 vacant);
     * {@code jumps} the men the move played took, -1 when no move was played from it.
     */
    public boolean matches(int[] jailers, int[] prisoners, Side side, int white, int black, int jumps,
            boolean entered, boolean found) {
        if (toMove != null && side != toMove) return false;
        if (whiteHand != null && !whiteHand.contains(white)) return false;
        if (blackHand != null && !blackHand.contains(black)) return false;
        if (capture != null && (jumps < 0 || !capture.contains(jumps))) return false;
        if (entry && !entered) return false;
        if (finding && !found) return false;
        for (int sq = 0; sq < squares.length; sq++) {
            if (!squares[sq].test(jailers[sq], prisoners[sq])) return false;
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pattern p && p.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        return PatternText.format(this);
    }

    /** A copy of the square conditions, for callers that build a pattern. */
    public static SquareCondition[] anySquares(Variant v) {
        SquareCondition[] s = new SquareCondition[v.board().size()];
        Arrays.fill(s, SquareCondition.ANY);
        return s;
    }
}
