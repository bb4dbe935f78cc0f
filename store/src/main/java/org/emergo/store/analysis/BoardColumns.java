package org.emergo.store.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.emergo.rules.Board;

/**
 * The position table's {@code board} string (sql/V3__lean_positions.sql): one character per
 * square of either board, in the order of the columns of view position_board.
 */
final class BoardColumns {

    /** Every square name of either board: a1, a2, ..., i5. */
    static final List<String> NAMES = names();

    private static final int[] EMERGO = places(Board.EMERGO);
    private static final int[] HEXEMERGO = places(Board.HEXEMERGO);

    private BoardColumns() {
    }

    /** For each square of the board, its place in the string. */
    static int[] of(Board board) {
        return board == Board.EMERGO ? EMERGO : HEXEMERGO;
    }

    /** A board with every square vacant. */
    static char[] emptyBoard() {
        char[] squares = new char[NAMES.size()];
        Arrays.fill(squares, '.');
        return squares;
    }

    /** A-Z a White column of height 1-26, a-z a Black one, '+' and '-' taller ones. */
    static char letter(boolean white, int height) {
        if (height > 26) return white ? '+' : '-';
        return (char) ((white ? 'A' : 'a') + height - 1);
    }

    /** The height a letter of {@link #letter} stands for; 27 for any taller column ('+' or '-'). */
    static int height(char letter) {
        if (letter == '+' || letter == '-') return 27;
        return letter >= 'a' ? letter - 'a' + 1 : letter - 'A' + 1;
    }

    /** The owner a letter of {@link #letter} stands for: 'w' or 'b'. */
    static char owner(char letter) {
        return letter == '+' || (letter >= 'A' && letter <= 'Z') ? 'w' : 'b';
    }

    /** The square of the board at a place of the string. */
    static int square(Board board, int place) {
        return board.square(NAMES.get(place));
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (char file = 'a'; file <= 'i'; file++) {
            for (char rank = '1'; rank <= '9'; rank++) {
                String name = "" + file + rank;
                if (Board.EMERGO.square(name) >= 0 || Board.HEXEMERGO.square(name) >= 0) names.add(name);
            }
        }
        return List.copyOf(names);
    }

    private static int[] places(Board board) {
        int[] places = new int[board.size()];
        for (int sq = 0; sq < board.size(); sq++) places[sq] = NAMES.indexOf(board.name(sq));
        return places;
    }
}
