package org.emergo.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.Position;

/**
 * Proofs that a move loses men by force: an exact search (no pruning that could change the
 * answer) of every reply up to a horizon. Only a completed proof yields a verdict.
 *
 * <p>The definition (docs/engine.md#losing-men-by-force): a side's material is the men it
 * commands, in hand and in the columns it owns. {@code V(h, x)} is the mover's material after
 * move x and the best play of both sides for h plies in all (x the first), every capture then
 * due played out as well, the mover maximising it and the opponent minimising it; a game that
 * ends counts as it stands. Move x concedes {@code C(h, x) = max(0, M - V(h, x))} men, M the
 * mover's material now. The move played loses N men within horizon h when it concedes N more
 * than the best other move: {@code N = C(h, played) - min over x != played of C(h, x) >= 1}.
 * The verdict takes the smallest such h up to the cap, and its line is the played move's
 * principal line at that horizon, up to its last capture: K is that line's length in plies.
 */
public final class ForcedLoss {

    /**
     * "loses {@code men} men by force within {@code plies} plies", with the forcing line that
     * shows it, starting with the move judged.
     */
    public record Verdict(int men, int plies, List<Move> line) {
        public Verdict {
            line = List.copyOf(line);
        }

        /** The verdict in words: {@code loses 3 men by force within 6 plies}. */
        public String text() {
            return "loses " + men + (men == 1 ? " man" : " men") + " by force within " + plies + (plies == 1 ? " ply" : " plies");
        }
    }

    /** Horizon the review uses: the move and seven more plies. */
    public static final int DEFAULT_PLIES = 8;

    /** Node budget the review uses per move judged. */
    public static final long DEFAULT_NODES = 10_000;

    private ForcedLoss() {}

    /**
     * The verdict on {@code played} in {@code before}, or null when it loses no more men by force
     * than the position's best move does within {@code maxPlies}, or the proof would cost more
     * than {@code maxNodes}. A move that is not legal in {@code before}, or the only legal move,
     * gets no verdict.
     *
     * @param history hashes of the game's positions before {@code before}, oldest first, for the
     *                repetition rule
     */
    public static Verdict judge(Position before, long[] history, Move played, int maxPlies, long maxNodes) {
        FastBoard board = FastBoard.of(before);
        MoveList root = new MoveList();
        board.generate(root);
        int index = root.indexOf(board, played);
        if (index < 0 || root.size() < 2) return null;
        Prover prover = new Prover(board, history, maxNodes, RESOURCES.get());
        // Scores are the mover's material less the opponent's; the total is constant, so a man is 2.
        int now = board.material[board.side] - board.material[board.side ^ 1];
        int columns = board.columnCount();
        try {
            for (int h = 1; h <= maxPlies; h++) {
                board.make(root, index);
                prover.enter(root.length(index) == 1 || board.columnCount() < columns);
                int played0 = -prover.search(h - 1, 1, -Prover.INF, Prover.INF);
                int[] line = prover.line(root.key(index));
                board.unmake(root, index);
                // A move that keeps what the mover has concedes nothing, whatever else was there to win.
                if (played0 >= now) continue;
                int best = played0;
                for (int i = 0; i < root.size() && best < now; i++) {
                    if (i == index) continue;
                    board.make(root, i);
                    prover.enter(root.length(i) == 1 || board.columnCount() < columns);
                    // Only whether it concedes less, and then how much less: the window from there up to nothing conceded.
                    int v = -prover.search(h - 1, 1, -now, -best);
                    board.unmake(root, i);
                    best = Math.max(best, v);
                }
                best = Math.min(best, now);
                if (best > played0) return verdict(before, (best - played0) / 2, line);
            }
        } catch (Prover.OutOfNodes e) {
            return null;
        }
        return null;
    }

    /** The verdict with the line turned into moves and cut after its last capture. */
    private static Verdict verdict(Position before, int men, int[] keys) {
        FastBoard b = FastBoard.of(before);
        MoveList ml = new MoveList();
        List<Move> moves = new ArrayList<>();
        int lastCapture = 0;
        int[] material = {b.material[0], b.material[1]};
        for (int key : keys) {
            b.generate(ml);
            int found = -1;
            for (int i = 0; i < ml.size() && found < 0; i++) if (ml.key(i) == key) found = i;
            if (found < 0) break;
            moves.add(ml.toMove(b, found));
            b.make(ml, found);
            if (b.material[0] != material[0]) {
                lastCapture = moves.size();
                material[0] = b.material[0];
                material[1] = b.material[1];
            }
        }
        int plies = Math.max(1, lastCapture);
        return new Verdict(men, plies, moves.subList(0, Math.min(plies, moves.size())));
    }

    /**
     * Alpha-beta over material alone: the score is the side to move's material less the
     * other's. Exact: alpha-beta cuts only what cannot change the score, and there is no table.
     */
    private static final class Prover {

        static final int INF = 1 << 20;
        private static final int MAX_PLY = FastBoard.MAX_PLY;

        /** Thrown when the proof would cost more than its budget. */
        static final class OutOfNodes extends RuntimeException {
            OutOfNodes() {
                super(null, null, false, false);
            }
        }

        private final FastBoard board;
        private final long[] history;
        private final long maxNodes;
        private long nodes;
        private final MoveList[] lists;
        private final long[] pathHash = new long[MAX_PLY + 1];
        private final int[] windowStart = new int[MAX_PLY + 1];
        private final int[][] pv = new int[MAX_PLY + 1][MAX_PLY + 1];
        private final int[] pvLength = new int[MAX_PLY + 1];
        private final TranspositionTable table;
        private final int[] historyScore;

        Prover(FastBoard board, long[] history, long maxNodes, Resources r) {
            this.board = board;
            this.history = history.clone();
            Arrays.sort(this.history);
            this.maxNodes = maxNodes;
            lists = r.lists;
            table = r.table;
            table.newSearch();
            historyScore = r.historyScore;
            Arrays.fill(historyScore, 0);
            pathHash[0] = board.hash;
            windowStart[0] = -1;
        }

        /** Before searching the position after a root move: whether no earlier position can come back (an entry, a column taken). */
        void enter(boolean fresh) {
            windowStart[1] = fresh ? 1 : -1;
        }

        /** The principal line of the last search, the root move first. */
        int[] line(int rootKey) {
            int[] out = new int[pvLength[1] + 1];
            out[0] = rootKey;
            System.arraycopy(pv[1], 0, out, 1, pvLength[1]);
            return out;
        }

        int search(int depth, int ply, int alpha, int beta) {
            if (++nodes > maxNodes) throw new OutOfNodes();
            pvLength[ply] = 0;
            long h = board.hash;
            pathHash[ply] = h;
            int stand = board.material[board.side] - board.material[board.side ^ 1];
            if (isRepetition(ply) || ply >= MAX_PLY - 1) return stand;
            long capturers = board.capturers(board.side);
            if (depth <= 0 && capturers == 0) return stand;
            MoveList ml = lists[ply];
            int ttMove = -1;
            // As in the searcher: the table cuts only right after an entry, at the depth wanted, and
            // (so that the principal line stays whole) only where the window is closed.
            boolean fresh = depth > 0 && windowStart[ply] == ply;
            if (depth > 0) {
                long entry = table.probe(h);
                if (entry != 0) {
                    ttMove = TranspositionTable.move(entry);
                    int bound = TranspositionTable.bound(entry);
                    if (fresh && beta == alpha + 1 && bound != TranspositionTable.NONE && TranspositionTable.depth(entry) == depth) {
                        int s = TranspositionTable.score(entry);
                        if (bound == TranspositionTable.EXACT
                                || bound == TranspositionTable.LOWER && s >= beta
                                || bound == TranspositionTable.UPPER && s <= alpha) {
                            return s;
                        }
                    }
                }
                board.generate(ml);
            } else {
                board.generateCaptures(ml, capturers);
            }
            int n = ml.size();
            if (n == 0) return stand;
            int side = board.side;
            for (int i = 0; i < n; i++) {
                int key = ml.key(i);
                ml.scores[i] = TranspositionTable.moveKey(key) == ttMove ? 1 << 30
                        : historyScore[(side << 12) | (ml.from(i) << 6) | ml.to(i)];
            }
            int originalAlpha = alpha;
            int best = -INF;
            int bestKey = 0;
            int columns = board.columnCount();
            for (int i = 0; i < n; i++) {
                pick(ml, i);
                board.make(ml, i);
                windowStart[ply + 1] = ml.length(i) == 1 || board.columnCount() < columns ? ply + 1 : windowStart[ply];
                int v;
                if (i == 0) {
                    v = -search(depth - 1, ply + 1, -beta, -alpha);
                } else {
                    v = -search(depth - 1, ply + 1, -alpha - 1, -alpha);
                    if (v > alpha && v < beta) v = -search(depth - 1, ply + 1, -beta, -alpha);
                }
                board.unmake(ml, i);
                if (v > best) {
                    best = v;
                    bestKey = ml.key(i);
                    if (v > alpha) {
                        alpha = v;
                        pv[ply][0] = bestKey;
                        System.arraycopy(pv[ply + 1], 0, pv[ply], 1, pvLength[ply + 1]);
                        pvLength[ply] = pvLength[ply + 1] + 1;
                        if (v >= beta) {
                            int idx = (side << 12) | (ml.from(i) << 6) | ml.to(i);
                            historyScore[idx] = Math.min(historyScore[idx] + depth * depth + 1, 1 << 27);
                            break;
                        }
                    }
                }
            }
            if (depth > 0) {
                int bound = !fresh ? TranspositionTable.NONE
                        : best >= beta ? TranspositionTable.LOWER
                        : best > originalAlpha ? TranspositionTable.EXACT
                        : TranspositionTable.UPPER;
                table.store(h, depth, bound, best, bestKey);
            }
            return best;
        }

        private static void pick(MoveList ml, int i) {
            int best = i;
            for (int j = i + 1; j < ml.size(); j++) if (ml.scores[j] > ml.scores[best]) best = j;
            if (best != i) ml.swap(i, best);
        }

        /** docs/rules.md#repetition, counted as the searcher counts it. */
        private boolean isRepetition(int ply) {
            long h = pathHash[ply];
            int start = windowStart[ply];
            int count = 0;
            for (int j = ply - 2; j >= Math.max(start, 0); j -= 2) if (pathHash[j] == h) count++;
            if (start < 0) {
                int i = Arrays.binarySearch(history, h);
                if (i >= 0) {
                    int lo = i;
                    int hi = i;
                    while (lo > 0 && history[lo - 1] == h) lo--;
                    while (hi + 1 < history.length && history[hi + 1] == h) hi++;
                    count += hi - lo + 1;
                }
            }
            return count >= 2;
        }
    }

    /** What a prover needs that is worth keeping from one call to the next on a thread. */
    private static final class Resources {
        final MoveList[] lists = new MoveList[FastBoard.MAX_PLY + 1];
        final TranspositionTable table = new TranspositionTable(16);
        final int[] historyScore = new int[2 * 64 * 64];

        Resources() {
            for (int i = 0; i < lists.length; i++) lists[i] = new MoveList();
        }
    }

    private static final ThreadLocal<Resources> RESOURCES = ThreadLocal.withInitial(Resources::new);
}
