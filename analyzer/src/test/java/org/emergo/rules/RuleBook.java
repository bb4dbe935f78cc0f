package org.emergo.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Helpers for the rule-book tests: positions from text, legal moves as sorted canonical
 * strings, and the square lists of docs/rules.md#the-emergo-board and
 * docs/rules.md#the-hexemergo-board written out by hand.
 */
final class RuleBook {

    /** The 41 Emergo squares in canonical order (docs/rules.md#the-emergo-board: by file, then rank). */
    static final List<String> EMERGO_SQUARES = List.of(
        "a5",
        "b4", "b5", "b6",
        "c3", "c4", "c5", "c6", "c7",
        "d2", "d3", "d4", "d5", "d6", "d7", "d8",
        "e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9",
        "f2", "f3", "f4", "f5", "f6", "f7", "f8",
        "g3", "g4", "g5", "g6", "g7",
        "h4", "h5", "h6",
        "i5");

    /** The 37 HexEmergo cells in canonical order (docs/rules.md#the-hexemergo-board: by column, then number). */
    static final List<String> HEX_CELLS = List.of(
        "a1", "a2", "a3", "a4",
        "b1", "b2", "b3", "b4", "b5",
        "c1", "c2", "c3", "c4", "c5", "c6",
        "d1", "d2", "d3", "d4", "d5", "d6", "d7",
        "e2", "e3", "e4", "e5", "e6", "e7",
        "f3", "f4", "f5", "f6", "f7",
        "g4", "g5", "g6", "g7");

    private RuleBook() {}

    static Position emergo(String text) {
        return PositionText.parse(text, Variant.EMERGO);
    }

    static Position hex(String text) {
        return PositionText.parse(text, Variant.HEXEMERGO);
    }

    /** The legal moves of a position as canonical strings, sorted. */
    static List<String> legal(Position p) {
        List<String> moves = new ArrayList<>();
        for (Move m : MoveGen.legalMoves(p)) moves.add(m.toString());
        moves.sort(null);
        return moves;
    }

    /** The given moves, sorted like {@link #legal}. */
    static List<String> moves(String... moves) {
        List<String> list = new ArrayList<>(Arrays.asList(moves));
        list.sort(null);
        return list;
    }

    /** Entries on every square of a list except the given ones, sorted. */
    static List<String> entriesExcept(List<String> squares, String... excluded) {
        List<String> list = new ArrayList<>(squares);
        for (String s : excluded) {
            if (!list.remove(s)) throw new IllegalArgumentException("no square " + s);
        }
        list.sort(null);
        return list;
    }

    /** A move from its written route ({@code e4xc4xc6}, {@code f4-e4}, {@code g6}), built square by square. */
    static Move move(Board board, String route) {
        String[] names = route.split("[x-]");
        int[] squares = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            squares[i] = board.square(names[i]);
            if (squares[i] < 0) throw new IllegalArgumentException("no square " + names[i]);
        }
        return Move.of(board, squares);
    }

    /** The position after a move written as its route. */
    static Position after(Position p, String route) {
        return p.play(move(p.board(), route));
    }
}
