package org.emergo.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a written move against a position (docs/formats.md#notation). A whole route is taken as written;
 * a short form matches the legal captures that start and end on its squares and pass its
 * other squares in order; failing that, its squares are read as consecutive jumps if they can be.
 */
public final class MoveMatcher {

    private MoveMatcher() {}

    public static Resolution resolve(Position p, WrittenMove written) {
        return resolve(p, written, null);
    }

    /** As {@link #resolve(Position, WrittenMove)}, reusing the position's legal moves if known. */
    public static Resolution resolve(Position p, WrittenMove written, List<Move> legal) {
        Board board = p.board();
        int[] squares = new int[written.squares().size()];
        for (int i = 0; i < squares.length; i++) {
            squares[i] = board.square(written.squares().get(i));
            if (squares[i] < 0) return new Resolution.NotOnBoard(written.squares().get(i));
        }
        if (squares.length == 1) return new Resolution.Resolved(Move.of(board, squares), false);
        if (squares.length == 2 && board.stepDirection(squares[0], squares[1]) >= 0) {
            return new Resolution.Resolved(Move.of(board, squares), false);
        }
        boolean chainOfJumps = isChainOfJumps(board, squares);
        if (!written.compressed() && chainOfJumps) return new Resolution.Resolved(Move.of(board, squares), false);

        List<Move> candidates = matches(legal != null ? legal : MoveGen.legalMoves(p), squares);
        if (!candidates.isEmpty()) {
            Position first = p.apply(candidates.get(0));
            for (int i = 1; i < candidates.size(); i++) {
                if (!p.apply(candidates.get(i)).equals(first)) return new Resolution.Ambiguous(candidates);
            }
            return new Resolution.Resolved(candidates.get(0), true);
        }
        if (chainOfJumps) return new Resolution.Resolved(Move.of(board, squares), true);
        return new Resolution.Unplayable("no capture matches " + written.text());
    }

    private static boolean isChainOfJumps(Board board, int[] squares) {
        for (int i = 1; i < squares.length; i++) {
            if (board.jumpDirection(squares[i - 1], squares[i]) < 0) return false;
        }
        return true;
    }

    /** Legal captures from the first to the last written square passing the others in order. */
    private static List<Move> matches(List<Move> legal, int[] written) {
        List<Move> out = new ArrayList<>();
        for (Move m : legal) {
            if (!m.isCapture() || m.from() != written[0] || m.to() != written[written.length - 1]) continue;
            int next = 1;
            for (int i = 1; i < m.length() - 1 && next < written.length - 1; i++) {
                if (m.square(i) == written[next]) next++;
            }
            if (next == written.length - 1) out.add(m);
        }
        return out;
    }
}
