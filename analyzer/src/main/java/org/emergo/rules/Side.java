package org.emergo.rules;

/** The two players. White moves first (docs/rules.md#pieces-and-columns). */
public enum Side {
    WHITE('w'),
    BLACK('b');

    private final char letter;

    Side(char letter) {
        this.letter = letter;
    }

    /** The letter of position strings and column notation: {@code w} or {@code b}. */
    public char letter() {
        return letter;
    }

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }

    /** The side for a letter {@code w}/{@code b} (either case), or null. */
    public static Side ofLetter(char c) {
        return switch (Character.toLowerCase(c)) {
            case 'w' -> WHITE;
            case 'b' -> BLACK;
            default -> null;
        };
    }
}
