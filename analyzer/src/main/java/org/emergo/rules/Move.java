package org.emergo.rules;

import java.util.Arrays;

/**
 * A move as its whole route of squares (docs/rules.md#captures): one square is an entry, two adjacent
 * squares a step, anything else a capture whose landing squares follow the start square.
 * Moves are values: equal routes on the same board are equal moves.
 */
public final class Move {

    /** What a move does. */
    public enum Kind { ENTER, STEP, CAPTURE }

    private final Board board;
    private final int[] route;
    private final Kind kind;

    Move(Board board, int[] route) {
        this.board = board;
        this.route = route;
        if (route.length == 1) kind = Kind.ENTER;
        else if (route.length == 2 && board.stepDirection(route[0], route[1]) >= 0) kind = Kind.STEP;
        else kind = Kind.CAPTURE;
    }

    /** A move from its route on a board; squares must exist there. */
    public static Move of(Board board, int... route) {
        if (route.length == 0) throw new IllegalArgumentException("a move has at least one square");
        if (route.length == 1) return board.entry(checked(board, route[0]));
        for (int sq : route) checked(board, sq);
        if (route.length == 2) {
            int d = board.stepDirection(route[0], route[1]);
            if (d >= 0) return board.step(route[0], d);
        }
        return new Move(board, route.clone());
    }

    private static int checked(Board board, int sq) {
        if (sq < 0 || sq >= board.size()) throw new IllegalArgumentException("no square " + sq + " on " + board);
        return sq;
    }

    public Board board() {
        return board;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isCapture() {
        return kind == Kind.CAPTURE;
    }

    /** The first square: entered square, or start of a step or capture. */
    public int from() {
        return route[0];
    }

    /** The last square: where the entered or moved column stands afterwards. */
    public int to() {
        return route[route.length - 1];
    }

    /** Number of squares in the route. */
    public int length() {
        return route.length;
    }

    /** The i-th square of the route. */
    public int square(int i) {
        return route[i];
    }

    /** Number of jumps, which is the number of men a capture takes; 0 for other moves. */
    public int jumps() {
        return kind == Kind.CAPTURE ? route.length - 1 : 0;
    }

    /** A copy of the route. */
    public int[] route() {
        return route.clone();
    }

    /** Canonical notation (docs/formats.md#notation): {@code g6}, {@code f4-e4}, {@code e4xc4xc6}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(route.length * 3);
        char sep = kind == Kind.CAPTURE ? 'x' : '-';
        for (int i = 0; i < route.length; i++) {
            if (i > 0) sb.append(sep);
            sb.append(board.name(route[i]));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Move m && m.board == board && Arrays.equals(m.route, route);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(route) * 31 + board.size();
    }
}
