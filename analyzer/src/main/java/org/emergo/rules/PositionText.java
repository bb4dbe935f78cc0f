package org.emergo.rules;

/**
 * Position strings (docs/formats.md#position-strings):
 * {@code <side> <white in hand> <black in hand> <columns>},
 * columns as {@code square:column} in canonical square order, e.g. {@code b 0 3 d4:w3b2 e5:b}.
 * Reading accepts any column order and either case; writing is canonical.
 */
public final class PositionText {

    private PositionText() {}

    public static String format(Position p) {
        // Written into a char array: the analyser formats every position it replays.
        Board board = p.board();
        char[] out = new char[16 + 16 * board.size()];
        out[0] = p.sideToMove().letter();
        out[1] = ' ';
        int at = digits(out, 2, p.inHand(Side.WHITE));
        out[at++] = ' ';
        at = digits(out, at, p.inHand(Side.BLACK));
        for (int sq = 0; sq < board.size(); sq++) {
            int c = p.packed(sq);
            if (c == 0) continue;
            out[at++] = ' ';
            String name = board.name(sq);
            name.getChars(0, name.length(), out, at);
            at += name.length();
            out[at++] = ':';
            at = writeColumn(out, at, c);
        }
        return new String(out, 0, at);
    }

    /**
     * Column notation {@code <owner><J>[<other><P>]}, counts of 1 left out (see
     * {@link Column#toString()}), at most 12 characters; returns the next index.
     */
    static int writeColumn(char[] out, int at, int packed) {
        Side owner = Column.owner(packed);
        int jailers = Column.jailers(packed);
        int prisoners = Column.prisoners(packed);
        out[at++] = owner.letter();
        if (jailers != 1) at = digits(out, at, jailers);
        if (prisoners > 0) {
            out[at++] = owner.opponent().letter();
            if (prisoners != 1) at = digits(out, at, prisoners);
        }
        return at;
    }

    /** Writes a count of at most five digits; returns the next index. */
    private static int digits(char[] out, int at, int n) {
        if (n >= 10) at = digits(out, at, n / 10);
        out[at] = (char) ('0' + n % 10);
        return at + 1;
    }

    /** Reads a position string for a variant; throws {@link PositionFormatException} naming the bad token. */
    public static Position parse(String text, Variant variant) {
        Board board = variant.board();
        String trimmed = text == null ? "" : text.strip();
        if (trimmed.isEmpty()) throw new PositionFormatException("empty position string");
        String[] tokens = trimmed.split("\\s+");
        if (tokens.length < 3) {
            throw new PositionFormatException("expected '<side> <white in hand> <black in hand> <columns>', got '" + trimmed + "'");
        }
        Side side = tokens[0].length() == 1 ? Side.ofLetter(tokens[0].charAt(0)) : null;
        if (side == null) throw new PositionFormatException("bad side to move '" + tokens[0] + "' (w or b)");
        int white = count(tokens[1], "white in hand");
        int black = count(tokens[2], "black in hand");
        Column[] columns = new Column[board.size()];
        for (int i = 3; i < tokens.length; i++) {
            String token = tokens[i];
            int colon = token.indexOf(':');
            if (colon < 0) throw new PositionFormatException("bad column '" + token + "' (square:column, e.g. e5:w3b2)");
            String name = token.substring(0, colon);
            int sq = board.square(name);
            if (sq < 0) throw new PositionFormatException("no square '" + name + "' on the " + board + " board in '" + token + "'");
            if (columns[sq] != null) throw new PositionFormatException("square " + board.name(sq) + " given twice in '" + token + "'");
            columns[sq] = column(token.substring(colon + 1), token);
        }
        return Position.of(board, columns, white, black, side);
    }

    private static int count(String token, String what) {
        if (token.isEmpty() || token.length() > 5 || !token.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new PositionFormatException("bad " + what + " '" + token + "' (a number)");
        }
        return Integer.parseInt(token);
    }

    /** A column {@code <owner><J>[<other><P>]}, counts of 1 left out. */
    private static Column column(String s, String token) {
        int[] at = {0};
        Side owner = letter(s, at, token);
        int jailers = number(s, at, token);
        if (at[0] == s.length()) return make(owner, jailers, 0, token);
        Side other = letter(s, at, token);
        if (other == owner) throw new PositionFormatException("prisoners must be of the other colour in '" + token + "'");
        int prisoners = number(s, at, token);
        if (at[0] != s.length()) throw new PositionFormatException("unexpected '" + s.substring(at[0]) + "' in '" + token + "'");
        return make(owner, jailers, prisoners, token);
    }

    private static Column make(Side owner, int jailers, int prisoners, String token) {
        if (jailers < 1) throw new PositionFormatException("a column needs at least one jailer in '" + token + "'");
        if (jailers > Column.MAX_MEN || prisoners > Column.MAX_MEN) throw new PositionFormatException("too many men in '" + token + "'");
        return new Column(owner, jailers, prisoners);
    }

    private static Side letter(String s, int[] at, String token) {
        Side side = at[0] < s.length() ? Side.ofLetter(s.charAt(at[0])) : null;
        if (side == null) throw new PositionFormatException("bad column '" + token + "' (w or b expected at '" + s.substring(Math.min(at[0], s.length())) + "')");
        at[0]++;
        return side;
    }

    private static int number(String s, int[] at, String token) {
        int start = at[0];
        while (at[0] < s.length() && s.charAt(at[0]) >= '0' && s.charAt(at[0]) <= '9' && at[0] - start < 6) at[0]++;
        if (at[0] == start) return 1;
        try {
            return Integer.parseInt(s.substring(start, at[0]));
        } catch (NumberFormatException e) {
            throw new PositionFormatException("bad count in '" + token + "'");
        }
    }
}
