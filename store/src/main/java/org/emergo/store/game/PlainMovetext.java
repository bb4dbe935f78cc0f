package org.emergo.store.game;

import java.util.List;

/**
 * The canonical movetext of a record that holds nothing but its main line and result token:
 * {@code 1. d4 f6 2. e3 c5 0-1}, or {@code 1... e6 2. d4-c4 *} when Black moves first (a set-up
 * position with Black to move). The importer writes the same layout, so for most records this is
 * their movetext, and column game.movetext holds NULL instead of a second copy of the moves.
 */
public final class PlainMovetext {

    private PlainMovetext() {
    }

    /**
     * @param moves         the main-line moves joined by single spaces (column game.moves)
     * @param setupPosition the set-up position string, or null for the normal start
     * @param result        the result token
     */
    public static String of(String moves, String setupPosition, String result) {
        List<String> list = StoredGame.moveList(moves);
        StringBuilder out = new StringBuilder(list.size() * 8 + 8);
        int ply = blackFirst(setupPosition) ? 1 : 0;
        boolean first = true;
        for (String move : list) {
            if (ply % 2 == 0) {
                out.append(ply / 2 + 1).append(". ");
            } else if (first) {
                out.append(ply / 2 + 1).append("... ");
            }
            out.append(move).append(' ');
            first = false;
            ply++;
        }
        return out.append(result).toString();
    }

    /**
     * Is {@code text} the plain movetext of these moves, so that {@link #of} gives it back from
     * column game.moves? Compared in place, without building the text. Moves that are empty or
     * hold a space would not come back the same from the joined column: never plain.
     */
    static boolean matches(String text, List<String> moves, String setupPosition, String result) {
        int at = 0;
        int ply = blackFirst(setupPosition) ? 1 : 0;
        boolean first = true;
        for (String move : moves) {
            if (move.isEmpty() || move.indexOf(' ') >= 0) {
                return false;
            }
            if (ply % 2 == 0 || first) {
                at = number(text, at, ply / 2 + 1, ply % 2 == 0 ? ". " : "... ");
            }
            if (at < 0 || !text.startsWith(move, at) || text.length() <= at + move.length()
                    || text.charAt(at + move.length()) != ' ') {
                return false;
            }
            at += move.length() + 1;
            first = false;
            ply++;
        }
        return text.length() - at == result.length() && text.startsWith(result, at);
    }

    /** Where the text goes on after the move number and its dots, or -1 when they are not there. */
    private static int number(String text, int at, int number, String dots) {
        String digits = Integer.toString(number);
        if (!text.startsWith(digits, at) || !text.startsWith(dots, at + digits.length())) {
            return -1;
        }
        return at + digits.length() + dots.length();
    }

    /** A position string starts with the side to move (docs/formats.md#position-strings). */
    private static boolean blackFirst(String setupPosition) {
        return setupPosition != null && setupPosition.startsWith("b");
    }
}
