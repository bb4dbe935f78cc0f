package org.emergo.pattern;

/** A malformed pattern: where (the column of the text, from 1) and what. */
public final class PatternException extends IllegalArgumentException {

    private final int column;

    public PatternException(int column, String what) {
        super("column " + column + ": " + what);
        this.column = column;
    }

    public int column() {
        return column;
    }
}
