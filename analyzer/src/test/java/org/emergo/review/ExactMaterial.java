package org.emergo.review;

import java.util.ArrayList;
import java.util.List;
import org.emergo.rules.Column;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * The independent check of forced-loss verdicts: plain alpha-beta on material alone over the
 * rules engine's positions and legal moves, no table, no move ordering, every capture due past
 * the horizon played out to its end. Written apart from org.emergo.search on purpose.
 *
 * <p>Values are for the side to move, in half men (a side's men commanded less the other's; a man
 * changing sides moves it by 2): a game lost at ply p from the root is {@code -(WIN - p)}, won
 * {@code WIN - p}; a drawn end (no legal move with pieces left, a position's third occurrence)
 * is 0.
 */
final class ExactMaterial {

    static final int WIN = 10_000;
    static final int INF = 1 << 20;

    /** Thrown past the node budget. */
    static final class TooLong extends RuntimeException {
        TooLong() {
            super(null, null, false, false);
        }
    }

    private final List<Long> path = new ArrayList<>();
    private final long budget;
    long nodes;

    /** @param history the game's position hashes before the root, oldest first */
    ExactMaterial(long[] history, long budget) {
        for (long h : history) path.add(h);
        this.budget = budget;
    }

    /** Men commanded by {@code side}: in hand and in the columns it owns. */
    static int material(Position p, Side side) {
        int n = p.inHand(side);
        for (int sq = 0; sq < p.board().size(); sq++) {
            Column c = p.column(sq);
            if (c != null && c.owner() == side) n += c.height();
        }
        return n;
    }

    /** The side to move's material less the other's. */
    static int balance(Position p) {
        Side s = p.sideToMove();
        return material(p, s) - material(p, s.opponent());
    }

    /**
     * {@code V(h, move)} from {@code root}: the mover's value after {@code move} and {@code h - 1}
     * more plies of best play, captures then due played out.
     */
    int valueAfter(Position root, Move move, int h, int alpha, int beta) {
        path.add(root.hash());
        try {
            return -search(root.play(move), h - 1, 1, -beta, -alpha);
        } finally {
            path.remove(path.size() - 1);
        }
    }

    private int search(Position p, int depth, int ply, int alpha, int beta) {
        if (++nodes > budget) throw new TooLong();
        long hash = p.hash();
        int seen = 0;
        for (long h : path) if (h == hash) seen++;
        if (seen >= 2) return 0;
        List<Move> moves = MoveGen.legalMoves(p);
        if (moves.isEmpty()) {
            boolean none = p.inHand(p.sideToMove()) == 0 && p.columns(p.sideToMove()) == 0;
            return none ? -(WIN - ply) : 0;
        }
        if (depth <= 0 && !moves.get(0).isCapture()) return balance(p);
        int best = -INF;
        path.add(hash);
        try {
            for (Move m : moves) {
                int v = -search(p.play(m), depth - 1, ply + 1, -beta, -Math.max(alpha, best));
                if (v > best) {
                    best = v;
                    if (best >= beta) break;
                }
            }
        } finally {
            path.remove(path.size() - 1);
        }
        return best;
    }
}
