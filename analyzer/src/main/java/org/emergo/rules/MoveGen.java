package org.emergo.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Legal move generation (docs/rules.md#a-turn). A turn is, in this order: the longest captures if
 * any capture exists, else an entry while men are in hand, else a one-step move.
 */
public final class MoveGen {

    private MoveGen() {}

    /** Every legal move of the side to move, each a distinct route. Empty when the game is over. */
    public static List<Move> legalMoves(Position p) {
        Side side = p.sideToMove();
        if (p.inHand(side) > 0) return hasCapture(p, side) ? maximalCaptures(p) : entries(p);
        // One pass over the columns finds either a capture or all the steps.
        List<Move> steps = stepsUnlessCapture(p);
        return steps != null ? steps : maximalCaptures(p);
    }

    /** docs/rules.md#captures: can this side jump anything right now, whoever is to move? */
    public static boolean hasCapture(Position p, Side side) {
        Board board = p.board();
        int bit = side.ordinal();
        int dirs = board.directions();
        for (int sq = 0; sq < board.size(); sq++) {
            int c = p.packed(sq);
            if (c == 0 || Column.ownerBit(c) != bit) continue;
            for (int d = 0; d < dirs; d++) {
                int mid = board.neighbour(sq, d);
                if (mid < 0) continue;
                int m = p.packed(mid);
                if (m == 0 || Column.ownerBit(m) == bit) continue;
                int land = board.neighbour(mid, d);
                if (land >= 0 && p.packed(land) == 0) return true;
            }
        }
        return false;
    }

    /** The side to move is attacked when the opponent would have a capture now (docs/rules.md#the-feeding-ban). */
    public static boolean isAttacked(Position p) {
        return hasCapture(p, p.sideToMove().opponent());
    }

    /** The largest number of men any capture of the side to move takes (0 if none). */
    public static int maximumCapture(Position p) {
        return new CaptureSearch(p).run().best;
    }

    /**
     * docs/rules.md#majority-capture, global: among all capture sequences of all the side's
     * columns, those that take the most men. A sequence stops only where no jump is left.
     */
    public static List<Move> maximalCaptures(Position p) {
        return new CaptureSearch(p).run().moves;
    }

    /** docs/rules.md#entering: entering, with the centre ban of the first move and the feeding ban. */
    static List<Move> entries(Position p) {
        Board board = p.board();
        Side side = p.sideToMove();
        boolean attacked = isAttacked(p);
        int centreBanned = p.isStart() ? board.centre() : -1;
        List<Move> moves = new ArrayList<>(board.size());
        for (int sq = 0; sq < board.size(); sq++) {
            if (p.packed(sq) != 0 || sq == centreBanned) continue;
            if (!attacked && feeds(p, sq, side)) continue;
            moves.add(board.entry(sq));
        }
        return moves;
    }

    /**
     * Would a column of this side entered on sq give the opponent a capture? With the
     * opponent having none before, only a jump over sq itself can be new: filling a square
     * takes a landing square away and changes no owner.
     */
    static boolean feeds(Position p, int sq, Side side) {
        Board board = p.board();
        int bit = side.ordinal();
        for (int d = 0; d < board.directions(); d++) {
            int attacker = board.neighbour(sq, d);
            if (attacker < 0) continue;
            int a = p.packed(attacker);
            if (a == 0 || Column.ownerBit(a) == bit) continue;
            int land = board.neighbour(sq, d ^ 1);
            if (land >= 0 && p.packed(land) == 0) return true;
        }
        return false;
    }

    /**
     * docs/rules.md#a-turn: every step of an own column to an adjacent vacant square, or null as soon
     * as a jump turns up (docs/rules.md#a-turn: then a capture is due instead).
     */
    static List<Move> stepsUnlessCapture(Position p) {
        Board board = p.board();
        int bit = p.sideToMove().ordinal();
        int dirs = board.directions();
        List<Move> moves = new ArrayList<>();
        for (int sq = 0; sq < board.size(); sq++) {
            int c = p.packed(sq);
            if (c == 0 || Column.ownerBit(c) != bit) continue;
            for (int d = 0; d < dirs; d++) {
                int to = board.neighbour(sq, d);
                if (to < 0) continue;
                int t = p.packed(to);
                if (t == 0) {
                    moves.add(board.step(sq, d));
                } else if (Column.ownerBit(t) != bit) {
                    int land = board.neighbour(to, d);
                    if (land >= 0 && p.packed(land) == 0) return null;
                }
            }
        }
        return moves;
    }

    /** Depth-first search over all capture sequences on a scratch board, undoing each jump. */
    private static final class CaptureSearch {
        private final Board board;
        private final int[] cells;
        private final int bit;
        private final int dirs;
        private int[] route = new int[16];
        private int best;
        private final List<Move> moves = new ArrayList<>();

        CaptureSearch(Position p) {
            board = p.board();
            cells = new int[board.size()];
            for (int sq = 0; sq < cells.length; sq++) cells[sq] = p.packed(sq);
            bit = p.sideToMove().ordinal();
            dirs = board.directions();
        }

        CaptureSearch run() {
            for (int sq = 0; sq < cells.length; sq++) {
                int c = cells[sq];
                if (c == 0 || Column.ownerBit(c) != bit) continue;
                route[0] = sq;
                extend(sq, -1, 0);
            }
            return this;
        }

        /** Tries every jump from {@code at}; a sequence that cannot go on is complete. */
        private void extend(int at, int lastDir, int depth) {
            boolean extended = false;
            for (int d = 0; d < dirs; d++) {
                // No 180-degree turn: the jump straight back is not allowed (docs/rules.md#multi-captures).
                if (lastDir >= 0 && d == (lastDir ^ 1)) continue;
                int mid = board.neighbour(at, d);
                if (mid < 0) continue;
                int jumped = cells[mid];
                if (jumped == 0 || Column.ownerBit(jumped) == bit) continue;
                int land = board.neighbour(mid, d);
                if (land < 0 || cells[land] != 0) continue;
                // Each jump takes effect at once: the start square is vacated, the top man moves.
                int capturer = cells[at];
                cells[at] = 0;
                cells[mid] = Column.removeTop(jumped);
                cells[land] = Column.addPrisoner(capturer);
                if (depth + 1 >= route.length) route = Arrays.copyOf(route, route.length * 2);
                route[depth + 1] = land;
                extend(land, d, depth + 1);
                cells[land] = 0;
                cells[mid] = jumped;
                cells[at] = capturer;
                extended = true;
            }
            if (!extended && depth > 0) record(depth);
        }

        private void record(int depth) {
            if (depth < best) return;
            if (depth > best) {
                best = depth;
                moves.clear();
            }
            int[] r = new int[depth + 1];
            System.arraycopy(route, 0, r, 0, depth + 1);
            moves.add(new Move(board, r));
        }
    }
}
