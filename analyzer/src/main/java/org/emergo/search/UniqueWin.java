package org.emergo.search;

import java.util.ArrayList;
import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.Position;

/**
 * The one move that wins: where the side to move has a move that wins at least a man more than
 * every other legal move (or wins the game where no other does), proven by the exact search of
 * {@link ForcedLoss} at every horizon from the one where it begins up to the cap
 * (docs/puzzles.md#mining). A win whose line ends the game in a draw is none.
 *
 * <p>Values are those of ForcedLoss: {@code V(h, x)}, in half men, what the mover keeps after
 * move x and best play for h plies in all, captures then due played out. Move m wins uniquely at
 * h when {@code V(h, m) >= M + 1 man} (M what the mover has now) or m wins the game, and every
 * other move x has {@code V(h, x) <= V(h, m) - 1 man} (or, where m wins the game, does not win it).
 */
public final class UniqueWin {

    /**
     * A unique win: the move, what it wins at the cap ({@code men}, or the whole game with
     * {@code game}), the least horizon {@code from} from which it wins uniquely at every horizon
     * up to {@code horizon}, the cap, and the exact search's line at the cap from the move.
     */
    public record Found(Move move, int men, boolean game, int from, int horizon, List<Move> line) {
        public Found {
            line = List.copyOf(line);
        }
    }

    private static final int MAN = 2;

    private UniqueWin() {}

    /**
     * The unique win in {@code p} within {@code maxNodes} nodes at horizons up to
     * {@code maxPlies}, or null: no move wins uniquely at the cap, the budget ran out first, or
     * the win is a capture that the cap does not search two plies past (a quiet move and a reply
     * could win it back).
     *
     * @param history hashes of the game's positions before {@code p}, oldest first
     */
    public static Found find(Position p, long[] history, int maxPlies, long maxNodes) {
        FastBoard board = FastBoard.materialOnly(p);
        MoveList root = new MoveList();
        board.generate(root);
        if (root.size() < 2) return null;
        ForcedLoss.Prover prover = new ForcedLoss.Prover(board, history, maxNodes, ForcedLoss.RESOURCES.get(), false);
        int now = board.material[board.side] - board.material[board.side ^ 1];
        int columns = board.columnCount();
        try {
            // The cap first: most positions fail there, and then nothing below matters.
            int[] atCap = unique(board, root, prover, maxPlies, now, columns, -1);
            if (atCap == null) return null;
            int best = atCap[0];
            // Searched once more with the whole window, for the line.
            board.make(root, best);
            prover.enter(root.length(best) == 1 || board.columnCount() < columns);
            prover.search(maxPlies - 1, 1, -ForcedLoss.Prover.INF, ForcedLoss.Prover.INF);
            int[] keys = prover.line(root.key(best));
            board.unmake(root, best);
            int from = maxPlies;
            while (from > 1) {
                int[] below = unique(board, root, prover, from - 1, now, columns, best);
                if (below == null || below[0] != best) break;
                from--;
            }
            List<Move> line = moves(p, keys);
            boolean game = isWin(atCap[1]);
            // A line that ends the game drawn (no legal move, a third occurrence) wins no men: a draw is a draw.
            if (!game && ForcedLoss.endsDrawn(p, history, line)) return null;
            int lastCapture = 0;
            for (int i = 0; i < line.size(); i++) if (line.get(i).isCapture()) lastCapture = i + 1;
            if (!game && lastCapture + 2 > maxPlies) return null;
            int men = game ? board.material[board.side] : (atCap[1] - now) / MAN;
            return new Found(root.toMove(board, best), men, game, from, maxPlies, line);
        } catch (ForcedLoss.Prover.OutOfNodes e) {
            return null;
        }
    }

    /**
     * The exact search's line from {@code move} in {@code p} at {@code plies} plies, the move
     * first: what the best replies do to a move (the viewer's refutation of a wrong move). The
     * move alone when it is not legal or the search would pass {@code maxNodes}.
     */
    public static List<Move> lineAfter(Position p, long[] history, Move move, int plies, long maxNodes) {
        FastBoard board = FastBoard.materialOnly(p);
        MoveList root = new MoveList();
        board.generate(root);
        int i = root.indexOf(board, move);
        if (i < 0) return List.of(move);
        ForcedLoss.Prover prover = new ForcedLoss.Prover(board, history, maxNodes, ForcedLoss.RESOURCES.get(), false);
        try {
            value(board, root, prover, i, plies, board.columnCount(), -ForcedLoss.Prover.INF, ForcedLoss.Prover.INF);
            return moves(p, prover.line(root.key(i)));
        } catch (ForcedLoss.Prover.OutOfNodes e) {
            return List.of(move);
        }
    }

    /**
     * At horizon h: {index of the move that wins uniquely, its value}, or null. {@code first}
     * is searched first when it is a move (-1: the root's order).
     */
    private static int[] unique(FastBoard board, MoveList root, ForcedLoss.Prover prover, int h, int now, int columns,
            int first) {
        int n = root.size();
        int best = first >= 0 ? first : 0;
        int b1 = value(board, root, prover, best, h, columns, -ForcedLoss.Prover.INF, ForcedLoss.Prover.INF);
        for (int i = 0; i < n; i++) {
            if (i == best || (first >= 0 && i == first)) continue;
            if (isWin(b1)) {
                // Two moves that both win the game leave nothing unique, however fast either wins.
                int threshold = ForcedLoss.WIN - FastBoard.MAX_PLY;
                if (value(board, root, prover, i, h, columns, threshold - 1, threshold) >= threshold) return null;
                continue;
            }
            int v = value(board, root, prover, i, h, columns, b1 - MAN, b1 + MAN);
            if (v <= b1 - MAN) continue;
            if (v < b1 + MAN) return null;
            // A better move: its exact value; every move before it is a man or more below the old best.
            b1 = value(board, root, prover, i, h, columns, v - 1, ForcedLoss.Prover.INF);
            best = i;
        }
        boolean wins = isWin(b1) || b1 >= now + MAN;
        return wins ? new int[] {best, b1} : null;
    }

    static boolean isWin(int v) {
        return v >= ForcedLoss.WIN - FastBoard.MAX_PLY;
    }

    private static int value(FastBoard board, MoveList root, ForcedLoss.Prover prover, int i, int h, int columns,
            int alpha, int beta) {
        board.make(root, i);
        prover.enter(root.length(i) == 1 || board.columnCount() < columns);
        int v = -prover.search(h - 1, 1, -beta, -alpha);
        board.unmake(root, i);
        return v;
    }

    /** The line's keys as moves, replayed from {@code p}. */
    private static List<Move> moves(Position p, int[] keys) {
        FastBoard b = FastBoard.materialOnly(p);
        MoveList ml = new MoveList();
        List<Move> out = new ArrayList<>();
        for (int key : keys) {
            b.generate(ml);
            int found = -1;
            for (int i = 0; i < ml.size() && found < 0; i++) if (ml.key(i) == key) found = i;
            if (found < 0) break;
            out.add(ml.toMove(b, found));
            b.make(ml, found);
        }
        return out;
    }
}
