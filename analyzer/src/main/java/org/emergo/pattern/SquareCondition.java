package org.emergo.pattern;

import org.emergo.rules.Column;
import org.emergo.rules.Side;

/**
 * What a pattern asks of one square (docs/patterns.md#the-text-form). {@code ANY} asks nothing; {@code EMPTY}
 * a vacant square; {@code EXACT} a column of exactly {@code composition}; {@code COLUMN} a column
 * with, where set, this commander ({@code owner}), a height in {@code height}, and prisoners;
 * {@code HIT} a column that a legal capture of the side to move jumps.
 * {@code negated} ({@code SQ:!w}) turns a condition of a column into its opposite: anything else,
 * a vacant square included.
 */
public record SquareCondition(Kind kind, Side owner, Range height, boolean prisoners, Column composition,
        boolean negated) {

    public enum Kind { ANY, EMPTY, COLUMN, EXACT, HIT }

    public static final SquareCondition ANY = new SquareCondition(Kind.ANY, null, null, false, null, false);
    public static final SquareCondition EMPTY = new SquareCondition(Kind.EMPTY, null, null, false, null, false);
    public static final SquareCondition OCCUPIED = new SquareCondition(Kind.COLUMN, null, null, false, null, false);
    public static final SquareCondition HIT = new SquareCondition(Kind.HIT, null, null, false, null, false);

    public static SquareCondition column(Side owner, Range height, boolean prisoners) {
        return new SquareCondition(Kind.COLUMN, owner, height, prisoners, null, false);
    }

    public static SquareCondition exactly(Column c) {
        return new SquareCondition(Kind.EXACT, null, null, false, c, false);
    }

    /**
     * The opposite condition. {@code !empty} is {@code occupied} and {@code !occupied} is
     * {@code empty}, so that each question has one form; {@code any} has no opposite that
     * matches something, and is refused.
     */
    public SquareCondition negate() {
        if (kind == Kind.ANY) throw new IllegalArgumentException("'!any' matches no position");
        if (equals(EMPTY)) return OCCUPIED;
        if (equals(OCCUPIED)) return EMPTY;
        return new SquareCondition(kind, owner, height, prisoners, composition, !negated);
    }

    /** The same condition with White and Black swapped. */
    public SquareCondition swapped() {
        Side other = owner == null ? null : owner.opponent();
        Column c = composition == null ? null : new Column(composition.owner().opponent(), composition.jailers(), composition.prisoners());
        return new SquareCondition(kind, other, height, prisoners, c, negated);
    }

    /**
     * Whether a square holds what this asks: {@code jailers} signed (+ White commands, - Black,
     * 0 vacant), {@code prisoners} the men under the jailers.
     */
    public boolean test(int jailers, int prisonerCount) {
        return test(jailers, prisonerCount, false);
    }

    /** The same, {@code hit} telling whether a legal capture of the side to move jumps the column. */
    public boolean test(int jailers, int prisonerCount, boolean hit) {
        return negated != holds(jailers, prisonerCount, hit);
    }

    private boolean holds(int jailers, int prisonerCount, boolean hit) {
        switch (kind) {
            case ANY:
                return true;
            case HIT:
                return hit;
            case EMPTY:
                return jailers == 0;
            case EXACT:
                return jailers == (composition.owner() == Side.WHITE ? composition.jailers() : -composition.jailers())
                        && prisonerCount == composition.prisoners();
            default:
                if (jailers == 0) return false;
                if (owner != null && (jailers > 0) != (owner == Side.WHITE)) return false;
                if (prisoners && prisonerCount == 0) return false;
                return height == null || height.contains(Math.abs(jailers) + prisonerCount);
        }
    }

    /** The text after {@code square:} (docs/patterns.md#the-text-form). */
    @Override
    public String toString() {
        return negated ? "!" + new SquareCondition(kind, owner, height, prisoners, composition, false) : text();
    }

    private String text() {
        switch (kind) {
            case ANY:
                return "any";
            case EMPTY:
                return "empty";
            case HIT:
                return "hit";
            case EXACT:
                return "=" + composition;
            default:
                if (owner == null && height == null && !prisoners) return "occupied";
                StringBuilder sb = new StringBuilder();
                if (owner != null) sb.append(owner.letter());
                if (height != null) sb.append(height);
                if (prisoners) sb.append('p');
                return sb.toString();
        }
    }
}
