package org.emergo.search;

import org.emergo.rules.Position;

/**
 * Plain minimax with the searcher's definitions and none of its shortcuts: no pruning, no
 * table, no move ordering, the repetition rule counted over the whole history and path. The
 * property tests hold the searcher to its scores.
 */
final class Minimax {

    private static final int MAX_PLY = FastBoard.MAX_PLY;

    private final FastBoard board;
    private final long[] path;
    private final MoveList[] lists = new MoveList[MAX_PLY + 1];
    long nodes;
    private long maxNodes = Long.MAX_VALUE;

    /** Thrown when a minimax would take more than its allowance of nodes. */
    static final class TooBig extends RuntimeException {
        TooBig() {
            super(null, null, false, false);
        }
    }

    private Minimax(Position root, long[] history) {
        board = FastBoard.of(root);
        path = new long[history.length + MAX_PLY + 1];
        System.arraycopy(history, 0, path, 0, history.length);
        for (int i = 0; i < lists.length; i++) lists[i] = new MoveList();
        this.base = history.length;
    }

    private final int base;

    /** The minimax score of the root at this depth, or null when the game is over there. */
    static Integer score(Position root, long[] history, int depth) {
        return score(root, history, depth, Long.MAX_VALUE);
    }

    /** As {@link #score(Position, long[], int)}, or {@link TooBig} past {@code maxNodes}. */
    static Integer score(Position root, long[] history, int depth, long maxNodes) {
        Minimax m = new Minimax(root, history);
        m.maxNodes = maxNodes;
        m.path[m.base] = m.board.hash;
        MoveList ml = m.lists[0];
        m.board.generate(ml);
        if (ml.size() == 0 || m.occurrences(0) >= 2) return null;
        int best = -Score.WIN - 1;
        for (int i = 0; i < ml.size(); i++) {
            m.board.make(ml, i);
            best = Math.max(best, -m.node(depth - 1, 1));
            m.board.unmake(ml, i);
        }
        return best;
    }

    private int occurrences(int ply) {
        long h = path[base + ply];
        int n = 0;
        for (int j = 0; j < base + ply; j++) if (path[j] == h) n++;
        return n;
    }

    private int node(int depth, int ply) {
        if (++nodes > maxNodes) throw new TooBig();
        path[base + ply] = board.hash;
        if (occurrences(ply) >= 2) return 0;
        boolean capture = board.hasCapture(board.side);
        if (depth <= 0 && !capture || ply >= MAX_PLY - 1) {
            if (!capture && !board.hasQuietMove()) return terminal(ply);
            return Evaluation.evaluate(board, Evaluation.Terms.DEFAULT);
        }
        MoveList ml = lists[ply];
        board.generate(ml);
        if (ml.size() == 0) return terminal(ply);
        int best = -Score.WIN - 1;
        for (int i = 0; i < ml.size(); i++) {
            board.make(ml, i);
            best = Math.max(best, -node(depth - 1, ply + 1));
            board.unmake(ml, i);
        }
        return best;
    }

    private int terminal(int ply) {
        return board.sideToMoveHasNoPieces() ? -(Score.WIN - ply) : 0;
    }
}
