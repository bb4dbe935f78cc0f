package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The proofs' table reuses a result on another path only where no earlier position of that path
 * could have been a draw by repetition in it: the prover, its table shared by every root move and
 * horizon as a proof shares it, against a plain alpha-beta with no table, from positions whose
 * history makes a draw of every position two plies on that the path comes back to.
 */
class ProofTableTest {

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theProverWithItsTableScoresAsAPlainSearch(Variant variant) {
        int checked = 0;
        long drawsOnThePath = 0;
        for (SampleGames.Ply ply : SampleGames.sample(variant, 12, 7)) {
            // With men in hand most moves are entries, after which nothing comes back.
            if (ply.position().inHand(Side.WHITE) + ply.position().inHand(Side.BLACK) > 0) continue;
            long[] counts = check(ply, 5);
            checked += counts[0];
            drawsOnThePath += counts[1];
        }
        assertTrue(checked > 1000, "moves checked: " + checked);
        assertTrue(drawsOnThePath > 1000, "draws by a position the path came back to: " + drawsOnThePath);
    }

    /** A position where a table that cut with any entry of the same position, whatever the path, scores a move wrong at 6 plies. */
    @Test
    void aResultThatAnotherPathsRepetitionChangedIsNotReused() {
        SampleGames.Ply ply = SampleGames.plies(Variant.HEXEMERGO, 12).stream()
                .filter(p -> p.history().length == 282 && p.position().toString().equals("w 0 0 a1:w2 a2:w c1:w2b3 c5:wb6 e6:b2w g7:w5b"))
                .findFirst().orElseThrow();
        assertTrue(check(ply, 6)[1] > 0);
    }

    /**
     * Every move from the position at every horizon up to {@code horizons}, the prover's table
     * shared by them all as in a proof, held to the plain search; the moves checked and the draws
     * by a position that the plain search's path came back to.
     */
    private static long[] check(SampleGames.Ply ply, int horizons) {
        FastBoard root = FastBoard.materialOnly(ply.position());
        MoveList moves = new MoveList();
        root.generate(moves);
        long[] history = withNearbyPositions(ply.history(), root, moves);
        ForcedLoss.Prover prover = new ForcedLoss.Prover(root, history, Long.MAX_VALUE, new ForcedLoss.Resources(), false);
        Plain plain = new Plain(ply.position(), history);
        int columns = root.columnCount();
        long checked = 0;
        for (int h = 1; h <= horizons; h++) {
            for (int i = 0; i < moves.size(); i++) {
                int exact = plain.valueAfter(moves, i, h);
                String move = moves.toMove(root, i) + " at horizon " + h + " in " + ply.position();
                // The full window, then closed windows just below and at the value, where the table cuts.
                assertEquals(exact, value(prover, root, moves, i, h, columns, -ForcedLoss.Prover.INF, ForcedLoss.Prover.INF), move);
                assertTrue(value(prover, root, moves, i, h, columns, exact - 1, exact) >= exact, move);
                assertTrue(value(prover, root, moves, i, h, columns, exact, exact + 1) <= exact, move);
                checked++;
            }
        }
        return new long[] {checked, plain.drawsOnThePath};
    }

    private static int value(ForcedLoss.Prover prover, FastBoard board, MoveList root, int i, int h, int columns, int alpha, int beta) {
        board.make(root, i);
        prover.enter(root.length(i) == 1 || board.columnCount() < columns);
        int v = -prover.search(h - 1, 1, -beta, -alpha);
        board.unmake(root, i);
        return v;
    }

    /**
     * The game's history, then the root and every position one or two reversible plies from it, as if
     * the game had passed through them: one more visit on the path makes a third. (A history holds
     * no position past an entry or a column taken from the root: those have other hand counts or
     * fewer columns.)
     */
    private static long[] withNearbyPositions(long[] history, FastBoard board, MoveList moves) {
        long[] out = Arrays.copyOf(history, history.length + 1);
        out[history.length] = board.hash;
        int columns = board.columnCount();
        MoveList replies = new MoveList();
        for (int i = 0; i < moves.size(); i++) {
            board.make(moves, i);
            if (!board.madeIrreversible(moves, i, columns)) {
                out = Arrays.copyOf(out, out.length + 1);
                out[out.length - 1] = board.hash;
                board.generate(replies);
                for (int j = 0; j < replies.size(); j++) {
                    board.make(replies, j);
                    if (!board.madeIrreversible(replies, j, columns)) {
                        out = Arrays.copyOf(out, out.length + 1);
                        out[out.length - 1] = board.hash;
                    }
                    board.unmake(replies, j);
                }
            }
            board.unmake(moves, i);
        }
        return out;
    }

    /** Alpha-beta on material with no table and no order, the repetition rule counted over the whole history and path. */
    private static final class Plain {
        private final FastBoard board;
        private final long[] path;
        private final int base;
        private final MoveList[] lists = new MoveList[FastBoard.MAX_PLY + 1];
        long drawsOnThePath;

        Plain(Position root, long[] history) {
            board = FastBoard.materialOnly(root);
            path = Arrays.copyOf(history, history.length + FastBoard.MAX_PLY + 1);
            base = history.length;
            path[base] = board.hash;
            for (int i = 0; i < lists.length; i++) lists[i] = new MoveList();
        }

        int valueAfter(MoveList moves, int i, int h) {
            board.make(moves, i);
            int v = -search(h - 1, 1, -ForcedLoss.Prover.INF, ForcedLoss.Prover.INF);
            board.unmake(moves, i);
            return v;
        }

        private int search(int depth, int ply, int alpha, int beta) {
            long h = board.hash;
            path[base + ply] = h;
            int before = 0;
            int onPath = 0;
            for (int k = 0; k < base + ply; k++) {
                if (path[k] != h) continue;
                before++;
                if (k >= base) onPath++;
            }
            if (before >= 2) {
                if (onPath > 0) drawsOnThePath++;
                return 0;
            }
            int stand = board.material[board.side] - board.material[board.side ^ 1];
            if (ply >= FastBoard.MAX_PLY - 1) return stand;
            long capturers = board.capturers(board.side);
            if (depth <= 0 && capturers == 0) return board.hasQuietMove() ? stand : terminal(ply);
            MoveList ml = lists[ply];
            if (depth > 0) board.generate(ml, capturers);
            else board.generateCaptures(ml, capturers);
            if (ml.size() == 0) return terminal(ply);
            int best = -ForcedLoss.Prover.INF;
            for (int i = 0; i < ml.size() && best < beta; i++) {
                board.make(ml, i);
                int v = -search(depth - 1, ply + 1, -beta, -Math.max(alpha, best));
                board.unmake(ml, i);
                best = Math.max(best, v);
            }
            return best;
        }

        private int terminal(int ply) {
            return board.sideToMoveHasNoPieces() ? -(ForcedLoss.WIN - ply) : 0;
        }
    }
}
