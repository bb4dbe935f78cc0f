package org.emergo.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.emergo.rules.Board;
import org.emergo.rules.Move;
import org.emergo.rules.Position;

/**
 * The engine: iterative-deepening alpha-beta over one position. One searcher per thread; it
 * keeps its transposition table between calls, but every call's result depends only on its
 * arguments (entries from earlier calls are not used), so a review is the same however its
 * positions are spread over threads.
 *
 * <p>The score is exactly that of plain minimax at the searched depth (docs/engine.md#the-search):
 * a fixed number of plies, then every capture that is due played out (captures are compulsory,
 * so a position with a capture due is never evaluated as it stands); the transposition table
 * cuts only with an entry of exactly the depth wanted, and only where no repetition of an earlier
 * position can make the score depend on the path.
 */
public final class Searcher {

    /** Deepest iteration a node budget may reach. */
    static final int MAX_DEPTH = 60;

    private static final int INF = Score.WIN + 1;
    private static final int MAX_PLY = FastBoard.MAX_PLY;

    private final TranspositionTable table;
    private final FastBoard[] boards = new FastBoard[2];
    private FastBoard board;
    private final MoveList[] lists = new MoveList[MAX_PLY + 1];
    private final MoveList rootList = new MoveList();
    private final Repetitions repetitions = new Repetitions();
    private final int[][] pv = new int[MAX_PLY + 1][MAX_PLY + 1];
    private final int[] pvLength = new int[MAX_PLY + 1];
    private final int[] killer1 = new int[MAX_PLY + 1];
    private final int[] killer2 = new int[MAX_PLY + 1];
    private final int[] historyScore = new int[2 * 64 * 64];
    private FastBoard lineBoard;
    private final MoveList lineList = new MoveList();

    private long nodes;
    private long budget;
    private boolean abortable;
    private boolean aborted;

    private final Evaluation.Terms terms;

    /** @param tableBits the transposition table holds 2^tableBits entries */
    public Searcher(int tableBits) {
        this(tableBits, Evaluation.Terms.DEFAULT);
    }

    /** A searcher with other evaluation weights, for matches that measure them. */
    public Searcher(int tableBits, Evaluation.Terms terms) {
        this.terms = terms;
        table = new TranspositionTable(tableBits);
        for (int i = 0; i < lists.length; i++) lists[i] = new MoveList();
    }

    /**
     * Searches a position.
     *
     * @param root    the position
     * @param history hashes of the game's positions before root, oldest first (the start
     *                position included), for the repetition rule; empty when unknown
     * @param limit   depth or node budget
     */
    public SearchResult search(Position root, long[] history, Limit limit) {
        board = boardFor(root.board());
        board.set(root);
        table.newSearch();
        repetitions.start(history, board.hash);
        Arrays.fill(killer1, 0);
        Arrays.fill(killer2, 0);
        Arrays.fill(historyScore, 0);
        nodes = 1;
        aborted = false;
        abortable = false;
        budget = limit.nodes();

        board.generate(rootList);
        int n = rootList.size();
        if (n == 0) return new SearchResult(terminalScore(0), null, 0, nodes, List.of());
        // docs/rules.md#repetition: the root itself is the third occurrence, the game is over.
        if (repetitions.historyCount(board.hash) >= 2) return new SearchResult(0, null, 0, nodes, List.of());

        int maxDepth = limit.depth() > 0 ? limit.depth() : MAX_DEPTH;
        int bestScore = 0;
        int bestIndex = 0;
        int depthDone = 0;
        int[] line = new int[0];
        for (int depth = 1; depth <= maxDepth; depth++) {
            // The first iteration always completes, so there is always a move.
            abortable = budget > 0 && depth > 1;
            int score = searchRoot(depth);
            if (aborted) break;
            bestScore = score;
            depthDone = depth;
            line = Arrays.copyOf(pv[0], pvLength[0]);
            // The best move leads the next iteration.
            bestIndex = 0;
            if (budget > 0 && nodes >= budget) break;
        }
        Move best = rootList.toMove(board, bestIndex);
        return new SearchResult(bestScore, best, depthDone, nodes, lineOf(root, line, best));
    }

    private FastBoard boardFor(Board b) {
        int i = b == Board.EMERGO ? 0 : 1;
        if (boards[i] == null) boards[i] = new FastBoard(b);
        return boards[i];
    }

    /** One iteration at the root with a full window; leaves the best move first in the root list. */
    private int searchRoot(int depth) {
        int alpha = -INF;
        int best = -INF;
        int bestIndex = 0;
        pvLength[0] = 0;
        MoveList ml = rootList;
        int columns = board.columnCount();
        for (int i = 0; i < ml.size(); i++) {
            board.make(ml, i);
            repetitions.moved(0, board.madeIrreversible(ml, i, columns));
            int s;
            if (i == 0) {
                s = -search(depth - 1, 1, -INF, -alpha);
            } else {
                s = -search(depth - 1, 1, -alpha - 1, -alpha);
                if (s > alpha && !aborted) s = -search(depth - 1, 1, -INF, -alpha);
            }
            board.unmake(ml, i);
            if (aborted) return 0;
            if (s > best) {
                best = s;
                bestIndex = i;
                if (s > alpha) alpha = s;
                updatePv(0, ml.key(i));
            }
        }
        // Keep the order, the best move first.
        for (int i = bestIndex; i > 0; i--) ml.swap(i, i - 1);
        return best;
    }

    private int search(int depth, int ply, int alpha, int beta) {
        if (++nodes > budget && abortable) {
            aborted = true;
            return 0;
        }
        pvLength[ply] = 0;
        long h = board.hash;
        repetitions.pathHash[ply] = h;
        if (repetitions.isThirdOccurrence(ply)) return 0;
        if (depth <= 0 || ply >= MAX_PLY - 1) return quiesce(ply, alpha, beta);

        // Only right after an entry or a column taken off is no earlier position within reach: there the table may cut.
        boolean fresh = repetitions.isFresh(ply);
        int ttMove = -1;
        long entry = table.probe(h);
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            int bound = TranspositionTable.bound(entry);
            if (fresh && bound != TranspositionTable.NONE && TranspositionTable.depth(entry) == depth) {
                int s = fromTable(TranspositionTable.score(entry), ply);
                if (bound == TranspositionTable.EXACT
                        || bound == TranspositionTable.LOWER && s >= beta
                        || bound == TranspositionTable.UPPER && s <= alpha) {
                    return s;
                }
            }
        }

        MoveList ml = lists[ply];
        board.generate(ml);
        int n = ml.size();
        if (n == 0) return terminalScore(ply);
        // One move needs no order.
        boolean ordered = n == 1 || scoreMoves(ml, ply, ttMove);
        int originalAlpha = alpha;
        int best = -INF;
        int bestKey = 0;
        int columns = board.columnCount();
        for (int i = 0; i < n; i++) {
            if (!ordered && i > 0) ordered = ml.pick(i);
            board.make(ml, i);
            repetitions.moved(ply, board.madeIrreversible(ml, i, columns));
            int s;
            if (i == 0) {
                s = -search(depth - 1, ply + 1, -beta, -alpha);
            } else {
                // Principal variation search: prove the move no better with a null window, else search it again.
                s = -search(depth - 1, ply + 1, -alpha - 1, -alpha);
                if (s > alpha && s < beta && !aborted) s = -search(depth - 1, ply + 1, -beta, -alpha);
            }
            board.unmake(ml, i);
            if (aborted) return 0;
            if (s > best) {
                best = s;
                bestKey = ml.key(i);
                if (s > alpha) {
                    alpha = s;
                    updatePv(ply, bestKey);
                    if (s >= beta) {
                        if (!ml.isCapture(i)) rememberCutoff(ml, i, ply, depth);
                        break;
                    }
                }
            }
        }
        int bound = !fresh ? TranspositionTable.NONE
                : best >= beta ? TranspositionTable.LOWER
                : best > originalAlpha ? TranspositionTable.EXACT
                : TranspositionTable.UPPER;
        table.store(h, depth, bound, toTable(best, ply), bestKey);
        return best;
    }

    /** A node past the horizon: every capture due is played out, then the position is evaluated. */
    private int quiesce(int ply, int alpha, int beta) {
        long capturers = board.capturers(board.side);
        if (capturers == 0 || ply >= MAX_PLY - 1) {
            if (capturers == 0 && !board.hasQuietMove()) return terminalScore(ply);
            return Evaluation.evaluate(board, terms);
        }
        MoveList ml = lists[ply];
        board.generateCaptures(ml, capturers);
        int n = ml.size();
        int best = -INF;
        int columns = board.columnCount();
        for (int i = 0; i < n; i++) {
            board.make(ml, i);
            repetitions.moved(ply, board.columnCount() < columns);
            int s = -quiesceNode(ply + 1, -beta, -alpha);
            board.unmake(ml, i);
            if (aborted) return 0;
            if (s > best) {
                best = s;
                if (s > alpha) {
                    alpha = s;
                    updatePv(ply, ml.key(i));
                    if (s >= beta) break;
                }
            }
        }
        return best;
    }

    private int quiesceNode(int ply, int alpha, int beta) {
        if (++nodes > budget && abortable) {
            aborted = true;
            return 0;
        }
        pvLength[ply] = 0;
        repetitions.pathHash[ply] = board.hash;
        if (repetitions.isThirdOccurrence(ply)) return 0;
        return quiesce(ply, alpha, beta);
    }

    /** docs/rules.md#end-of-the-game: no legal move; a loss with no pieces, else a draw. */
    private int terminalScore(int ply) {
        return board.sideToMoveHasNoPieces() ? -(Score.WIN - ply) : 0;
    }

    private static int toTable(int score, int ply) {
        if (score >= Score.WIN_THRESHOLD) return score + ply;
        if (score <= -Score.WIN_THRESHOLD) return score - ply;
        return score;
    }

    private static int fromTable(int score, int ply) {
        if (score >= Score.WIN_THRESHOLD) return score - ply;
        if (score <= -Score.WIN_THRESHOLD) return score + ply;
        return score;
    }

    // ---- move ordering: the table's move, the killers, then the history of cutoffs

    /**
     * Scores the moves and puts the first of the best first, as {@link MoveList#pick} of move 0
     * would, in the same pass; returns what that pick returns.
     */
    private boolean scoreMoves(MoveList ml, int ply, int ttMove) {
        int side = board.side;
        int n = ml.size();
        int[] scores = ml.scores;
        int k1 = killer1[ply];
        int k2 = killer2[ply];
        // A list is all captures, all entries or all steps.
        boolean captures = ml.isCapture(0);
        boolean entries = ml.isEntry(0);
        int best = 0;
        int top = Integer.MIN_VALUE;
        int before = Integer.MAX_VALUE;
        boolean ordered = true;
        for (int i = 0; i < n; i++) {
            int ends = ml.ends(i);
            int s = historyScore[(side << 12) | ends];
            if (captures) {
                // Captures are never killers; their keys (a mix of the route) are worth computing only for the table's move.
                if (ttMove >= 0 && TranspositionTable.moveKey(ml.key(i)) == ttMove) s = 1 << 30;
            } else {
                int key = entries ? MoveList.entryKey(ends) : MoveList.stepKey(ends);
                if (TranspositionTable.moveKey(key) == ttMove) s = 1 << 30;
                else if (key == k1) s = 1 << 29;
                else if (key == k2) s = (1 << 29) - 1;
            }
            scores[i] = s;
            ordered &= s <= before;
            if (s > top) {
                best = i;
                top = s;
            }
            before = s;
        }
        if (best == 0) return ordered;
        ml.swap(0, best);
        return false;
    }

    private void rememberCutoff(MoveList ml, int i, int ply, int depth) {
        int key = ml.key(i);
        if (killer1[ply] != key) {
            killer2[ply] = killer1[ply];
            killer1[ply] = key;
        }
        int idx = (board.side << 12) | ml.ends(i);
        historyScore[idx] = Math.min(historyScore[idx] + depth * depth, 1 << 27);
    }

    private void updatePv(int ply, int key) {
        int[] row = pv[ply];
        row[0] = key;
        int childLength = ply + 1 <= MAX_PLY ? pvLength[ply + 1] : 0;
        System.arraycopy(pv[ply + 1], 0, row, 1, childLength);
        pvLength[ply] = childLength + 1;
    }

    /** The expected line as moves, replayed from the root; it stops where a key finds no move. */
    private List<Move> lineOf(Position root, int[] keys, Move best) {
        List<Move> out = new ArrayList<>();
        if (lineBoard == null || lineBoard.board != root.board()) lineBoard = new FastBoard(root.board());
        FastBoard b = lineBoard;
        b.set(root);
        MoveList ml = lineList;
        for (int k = 0; k < keys.length; k++) {
            b.generate(ml);
            int found = -1;
            for (int i = 0; i < ml.size() && found < 0; i++) if (ml.key(i) == keys[k]) found = i;
            if (found < 0) break;
            Move m = ml.toMove(b, found);
            if (k == 0 && !m.equals(best)) break;
            out.add(m);
            b.make(ml, found);
        }
        if (out.isEmpty()) out.add(best);
        return out;
    }
}
