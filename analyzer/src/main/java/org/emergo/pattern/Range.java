package org.emergo.pattern;

/** A closed range of counts, {@code max} being {@link Integer#MAX_VALUE} for "or more". */
public record Range(int min, int max) {

    public static final int OPEN = Integer.MAX_VALUE;

    public boolean contains(int n) {
        return n >= min && n <= max;
    }

    /** The text form: {@code 3}, {@code 3+}, {@code 2-4}. */
    @Override
    public String toString() {
        if (max == OPEN) return min + "+";
        return min == max ? Integer.toString(min) : min + "-" + max;
    }
}
