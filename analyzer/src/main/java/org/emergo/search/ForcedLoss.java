package org.emergo.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;

/**
 * Proofs that a move loses men, or the game, by force: an exact search (no pruning that could
 * change the answer) of every reply at each horizon up to a cap. Only a completed proof yields a
 * verdict (docs/engine.md#losing-men-by-force).
 *
 * <p>A side's material is the men it commands, in hand and in the columns it owns. {@code V(h, x)}
 * is what the mover keeps after move x and the best play of both sides for h plies in all (x the
 * first), every capture then due played out: its material less the opponent's, a game it wins or
 * loses counting as more or less than any material, a drawn end (no legal move, a third
 * repetition) as level material. Move x concedes {@code C(h, x) = max(0, M - V(h, x))}, M what the
 * mover has now. The played move falls short at h by {@code D(h) = C(h, played) - min over the
 * other moves of C(h, x)}. A verdict needs {@code D(h) >= 1 man} at <em>every</em> horizon from
 * the one where it begins to hold up to the cap: a loss that a longer line wins back is no loss.
 * It says the least of them; a proof that its budget stops short of the cap with a loss goes on
 * to the cap on a larger budget, and only a verdict of the game may stand short of it.
 */
public final class ForcedLoss {

    /** What a verdict says the move loses. */
    public enum Kind {
        /** men, with the game going on */
        MEN("men"),
        /** the game: the mover is left with no column and no man in hand */
        GAME("game"),
        /** a lead, to a draw: the opponent is left with no legal move */
        NO_MOVE("no-move"),
        /** a lead, to a draw: a position occurs for the third time */
        REPETITION("repetition");

        private final String code;

        Kind(String code) {
            this.code = code;
        }

        /** The kind as stored (review_ply.forced_kind). */
        public String code() {
            return code;
        }

        /** The kind stored as {@link #code()}; MEN for null (rows of earlier versions). */
        public static Kind of(String code) {
            if (code == null) return MEN;
            for (Kind k : values()) if (k.code.equals(code)) return k;
            throw new IllegalArgumentException("no verdict kind " + code);
        }
    }

    /**
     * A verdict on a move, with the forcing line that shows it, starting with the move judged:
     * "loses {@code men} men by force within {@code plies} plies" (MEN), "loses the game by force
     * within {@code plies} plies" (GAME; {@code men} is all the mover had), "lets the opponent
     * draw (no legal move / repetition) within {@code plies} plies" ({@code men} is the lead given
     * away).
     */
    public record Verdict(Kind kind, int men, int plies, List<Move> line, int horizon) {
        public Verdict {
            line = List.copyOf(line);
        }

        /** A verdict of men, as stored by earlier versions (horizon unknown: 0). */
        public Verdict(int men, int plies, List<Move> line) {
            this(Kind.MEN, men, plies, line, 0);
        }
    }

    /** What a proof found about a move. */
    public enum Outcome {
        /** it falls short by a man or more at every horizon from some horizon to the cap: a verdict */
        LOSES,
        /** at the cap it keeps as much as any other move: the exact search finds it best */
        BEST,
        /** it falls short at the cap, but not at every horizon from one on, or by less than a man */
        NEITHER,
        /** the proof would cost more than its budget, or the move is not legal or the only one */
        UNKNOWN;

        /** The outcome as stored (review_ply.proof): loses, best, neither, unknown. */
        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The outcome of a {@link #code()}; null for null. */
        public static Outcome of(String code) {
            if (code == null) return null;
            for (Outcome o : values()) if (o.code().equals(code)) return o;
            throw new IllegalArgumentException("no proof outcome " + code);
        }
    }

    /**
     * A proof's result: its outcome, for LOSES the verdict, and the deepest horizon it completed
     * (the outcome is at that horizon; 0 for UNKNOWN).
     */
    public record Proof(Outcome outcome, Verdict verdict, int horizon) {
        public static final Proof UNKNOWN = new Proof(Outcome.UNKNOWN, null, 0);
    }

    /**
     * Horizon the review uses: the move and six more plies. An odd cap, so that the mover plays the
     * last move searched: its verdicts are won back at 9 plies as often as those of a cap of 8, at
     * half the cost (docs/engine.md#the-odd-cap).
     */
    public static final int DEFAULT_PLIES = 7;

    /** Node budget the review uses per move judged, all horizons together. */
    public static final long DEFAULT_NODES = 20_000;

    /**
     * A proof whose budget runs out before the cap with a loss goes on to the cap within this
     * many times its budget more; the loss is said only if it holds there
     * (docs/engine.md#losing-men-by-force).
     */
    public static final int CHECK_BUDGET = 8;

    /** A proof that completes fewer horizons than this says nothing (UNKNOWN). */
    public static final int MIN_PLIES = 4;

    /** A game won or lost at ply p from the root scores {@code ±(WIN - p)}, in half men (a man is 2). */
    static final int WIN = 10_000;

    private ForcedLoss() {}

    /** The verdict on {@code played}, or null: {@link #prove}'s verdict. */
    public static Verdict judge(Position before, long[] history, Move played, int maxPlies, long maxNodes) {
        return prove(before, history, played, maxPlies, maxNodes).verdict();
    }

    /**
     * The proof about {@code played} in {@code before}, searched at every horizon from 1 to
     * {@code maxPlies} within {@code maxNodes} nodes in all, a horizon past {@link #MIN_PLIES}
     * begun only while the nodes spent are no more than those left; a loss found short of the
     * cap is searched on within {@link #CHECK_BUDGET} times {@code maxNodes} more. A move that is
     * not legal in {@code before}, or the only legal move, is UNKNOWN.
     *
     * @param history hashes of the game's positions before {@code before}, oldest first, for the
     *                repetition rule
     */
    public static Proof prove(Position before, long[] history, Move played, int maxPlies, long maxNodes) {
        Horizons horizons = new Horizons(before, history, played, maxPlies);
        if (horizons.index < 0 || horizons.moves < 2) return Proof.UNKNOWN;
        horizons.deepen(maxNodes);
        Proof proof = horizons.conclude();
        if (proof.outcome() == Outcome.LOSES && horizons.done < maxPlies) {
            // A loss that a longer line could still win back, or that every other move would come to
            // as well: the horizons left are searched on a larger budget, and a loss of men or a draw
            // is said only if it holds to the cap. A game lost by force stays lost at any horizon:
            // that verdict stands on the horizons completed.
            horizons.deepen(maxNodes * CHECK_BUDGET);
            proof = horizons.conclude();
            if (proof.outcome() == Outcome.LOSES && proof.verdict().kind() != Kind.GAME && horizons.done < maxPlies) {
                proof = new Proof(Outcome.NEITHER, null, horizons.done);
            }
        }
        return proof;
    }

    /** The horizons of one proof, searched in turn: what each found is kept for the verdict. */
    private static final class Horizons {
        private final Position before;
        private final long[] history;
        private final int maxPlies;
        /** The played move among the legal ones (-1: not legal), and how many there are. */
        final int index;
        final int moves;
        /** The mover's material less the opponent's, and its own, before the move. */
        private final int now;
        private final int mine;
        private final int[] shortBy;
        private final int[][] lines;
        private int bestOther;
        /** The deepest horizon completed. */
        int done;

        Horizons(Position before, long[] history, Move played, int maxPlies) {
            this.before = before;
            this.history = history;
            this.maxPlies = maxPlies;
            FastBoard board = FastBoard.materialOnly(before);
            MoveList root = new MoveList();
            board.generate(root);
            index = root.indexOf(board, played);
            moves = root.size();
            // Scores are the mover's material less the opponent's; the total is constant, so a man is 2.
            now = board.material[board.side] - board.material[board.side ^ 1];
            mine = board.material[board.side];
            shortBy = new int[maxPlies + 1];
            lines = new int[maxPlies + 1][];
            bestOther = index == 0 ? 1 : 0;
        }

        /** Searches the horizons after the last completed, up to the cap, within {@code maxNodes} positions more. */
        void deepen(long maxNodes) {
            // A horizon that runs out of budget leaves the board in the middle of its line: each call starts afresh.
            FastBoard board = FastBoard.materialOnly(before);
            MoveList root = new MoveList();
            board.generate(root);
            int columns = board.columnCount();
            Prover prover = new Prover(board, history, maxNodes, RESOURCES.get(), done > 0);
            try {
                // Iterative deepening: each horizon completed is proven; the budget decides how far it goes.
                for (int h = done + 1; h <= maxPlies; h++) {
                    // A horizon costs about as much as all before it together: one that would not fit in
                    // what is left of the budget is not begun (its nodes would be thrown away).
                    if (h > MIN_PLIES && prover.nodes > maxNodes - prover.nodes) break;
                    board.make(root, index);
                    prover.enter(root.length(index) == 1 || board.columnCount() < columns);
                    // Exact below what the mover has now; at or above it the move concedes nothing, and how much more it keeps is not asked.
                    int played0 = -prover.search(h - 1, 1, -now, Prover.INF);
                    lines[h] = prover.line(root.key(index));
                    board.unmake(root, index);
                    int d = 0;
                    // A move that keeps what the mover has concedes nothing, whatever else there was to win.
                    if (played0 < now) {
                        int best = played0;
                        // The other move that did best at the last horizon first.
                        for (int j = -1; j < root.size() && best < now; j++) {
                            int i = j < 0 ? bestOther : j;
                            if (i == index || j == bestOther) continue;
                            board.make(root, i);
                            prover.enter(root.length(i) == 1 || board.columnCount() < columns);
                            // Only whether it concedes less, and then how much less: the window from there up to nothing conceded.
                            int v = -prover.search(h - 1, 1, -now, -best);
                            board.unmake(root, i);
                            if (v > best) {
                                best = v;
                                bestOther = i;
                            }
                        }
                        best = Math.min(best, now);
                        // Losing the game when every other move loses it too is nothing to choose; losing it when another keeps it is all.
                        if (isLoss(best)) d = 0;
                        else if (isLoss(played0)) d = Integer.MAX_VALUE;
                        else d = best - played0;
                    }
                    shortBy[h] = d;
                    done = h;
                }
            } catch (Prover.OutOfNodes e) {
                // the horizons completed stand
            }
        }

        /** What the horizons completed prove. */
        Proof conclude() {
            if (done < MIN_PLIES) return Proof.UNKNOWN;
            if (shortBy[done] == 0) return new Proof(Outcome.BEST, null, done);
            int from = done;
            while (from > 1 && shortBy[from - 1] >= 2) from--;
            if (shortBy[done] < 2) return new Proof(Outcome.NEITHER, null, done);
            int least = from;
            for (int h = from; h <= done; h++) if (shortBy[h] < shortBy[least]) least = h;
            Verdict v = verdict(before, history, shortBy[least], lines[least], from, done, now, mine);
            // A loss of men must be searched two plies past its line at least: a quiet move of the mover's and
            // a reply, then the captures, the least that could win a man back.
            if (v.kind() == Kind.MEN && v.plies() + 2 > done) return new Proof(Outcome.NEITHER, null, done);
            return new Proof(Outcome.LOSES, v, done);
        }
    }

    static boolean isLoss(int v) {
        return v <= -WIN + FastBoard.MAX_PLY;
    }

    /**
     * The verdict from the line at the horizon where the move falls shortest: cut after its last
     * capture, or at its end where the game ends; K, the plies it claims, at least the horizon
     * from which the loss holds ({@code from}), so that it holds at every horizon from K to the cap.
     */
    private static Verdict verdict(Position before, long[] history, int shortBy, int[] keys, int from, int horizon, int now, int mine) {
        FastBoard b = FastBoard.materialOnly(before);
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
        if (shortBy == Integer.MAX_VALUE) {
            return new Verdict(Kind.GAME, mine, Math.max(from, moves.size()), moves, horizon);
        }
        // A line that ends the game in a draw: the lead given away.
        Position end = before;
        for (Move m : moves) end = end.play(m);
        boolean noMove = MoveGen.legalMoves(end).isEmpty() && !sideHasNoPieces(end);
        boolean repeated = !noMove && !moves.isEmpty() && thirdOccurrence(before, history, moves);
        if ((noMove || repeated) && now >= 2) {
            return new Verdict(noMove ? Kind.NO_MOVE : Kind.REPETITION, Math.min(now, shortBy) / 2, Math.max(from, moves.size()), moves, horizon);
        }
        int plies = Math.max(Math.max(1, lastCapture), from);
        return new Verdict(Kind.MEN, shortBy / 2, plies, moves.subList(0, Math.min(plies, moves.size())), horizon);
    }

    private static boolean sideHasNoPieces(Position p) {
        FastBoard b = FastBoard.materialOnly(p);
        return b.sideToMoveHasNoPieces();
    }

    /** Whether the line's last position is the third occurrence of a position, the game's history counted. */
    private static boolean thirdOccurrence(Position before, long[] history, List<Move> line) {
        List<Long> hashes = new ArrayList<>();
        for (long h : history) hashes.add(h);
        Position p = before;
        hashes.add(p.hash());
        for (Move m : line) {
            p = p.play(m);
            hashes.add(p.hash());
        }
        long last = hashes.get(hashes.size() - 1);
        int count = 0;
        for (long h : hashes) if (h == last) count++;
        return count >= 3;
    }

    /**
     * Alpha-beta over material alone: the score is the side to move's material less the
     * other's. Exact: alpha-beta cuts only what cannot change the score, and there is no table.
     */
    static final class Prover {

        static final int INF = 1 << 20;
        private static final int MAX_PLY = FastBoard.MAX_PLY;

        /** Thrown when the proof would cost more than its budget. */
        static final class OutOfNodes extends RuntimeException {
            OutOfNodes() {
                super(null, null, false, false);
            }
        }

        private final FastBoard board;
        private final long maxNodes;
        private long nodes;
        private final MoveList[] lists;
        private final Repetitions repetitions;
        private final int[][] pv = new int[MAX_PLY + 1][MAX_PLY + 1];
        private final int[] pvLength = new int[MAX_PLY + 1];
        private final TranspositionTable table;
        private final int[] historyScore;

        /** A prover for a proof's horizons; {@code goingOn}: for more horizons of the same proof, whose table and move order it keeps. */
        Prover(FastBoard board, long[] history, long maxNodes, Resources r, boolean goingOn) {
            this.board = board;
            this.maxNodes = maxNodes;
            lists = r.lists;
            table = r.table;
            historyScore = r.historyScore;
            if (!goingOn) {
                table.newSearch();
                Arrays.fill(historyScore, 0);
            }
            repetitions = r.repetitions;
            repetitions.start(history, board.hash);
        }

        /** Before searching the position after a root move: whether no earlier position can come back (an entry, a column taken). */
        void enter(boolean fresh) {
            repetitions.moved(0, fresh);
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
            repetitions.pathHash[ply] = h;
            int stand = board.material[board.side] - board.material[board.side ^ 1];
            // A third occurrence is a draw: level, whatever the material.
            if (repetitions.isThirdOccurrence(ply)) return 0;
            if (ply >= MAX_PLY - 1) return stand;
            long capturers = board.capturers(board.side);
            if (depth <= 0 && capturers == 0) return board.hasQuietMove() ? stand : terminal(ply);
            MoveList ml = lists[ply];
            int ttMove = -1;
            // As in the searcher: the table cuts only right after an entry, at the depth wanted, and
            // (so that the principal line stays whole) only where the window is closed.
            boolean fresh = depth > 0 && repetitions.isFresh(ply);
            if (depth > 0) {
                long entry = table.probe(h);
                if (entry != 0) {
                    ttMove = TranspositionTable.move(entry);
                    int bound = TranspositionTable.bound(entry);
                    if (fresh && beta == alpha + 1 && bound != TranspositionTable.NONE && TranspositionTable.depth(entry) == depth) {
                        int s = fromTable(TranspositionTable.score(entry), ply);
                        if (bound == TranspositionTable.EXACT
                                || bound == TranspositionTable.LOWER && s >= beta
                                || bound == TranspositionTable.UPPER && s <= alpha) {
                            return s;
                        }
                    }
                }
                board.generate(ml, capturers);
            } else {
                board.generateCaptures(ml, capturers);
            }
            int n = ml.size();
            if (n == 0) return terminal(ply);
            int side = board.side;
            // One move, most often where a capture is due, needs no order.
            for (int i = 0; n > 1 && i < n; i++) {
                // a capture's key is a hash of its route: made only when the table has a move to match
                ml.scores[i] = ttMove != -1 && TranspositionTable.moveKey(ml.key(i)) == ttMove ? 1 << 30
                        : historyScore[(side << 12) | ml.ends(i)];
            }
            int originalAlpha = alpha;
            int best = -INF;
            int bestKey = 0;
            int columns = board.columnCount();
            boolean ordered = n == 1;
            for (int i = 0; i < n; i++) {
                if (!ordered) ordered = ml.pick(i);
                board.make(ml, i);
                repetitions.moved(ply, board.madeIrreversible(ml, i, columns));
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
                    // The key, a hash of a capture's route, is kept for the table and the line alone.
                    if (depth > 0 || v > alpha) bestKey = ml.key(i);
                    if (v > alpha) {
                        alpha = v;
                        pv[ply][0] = bestKey;
                        System.arraycopy(pv[ply + 1], 0, pv[ply], 1, pvLength[ply + 1]);
                        pvLength[ply] = pvLength[ply + 1] + 1;
                        if (v >= beta) {
                            int idx = (side << 12) | ml.ends(i);
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
                table.store(h, depth, bound, toTable(best, ply), bestKey);
            }
            return best;
        }

        /** No legal move (docs/rules.md#end-of-the-game): lost with no pieces, else a draw, level. */
        private int terminal(int ply) {
            return board.sideToMoveHasNoPieces() ? -(WIN - ply) : 0;
        }

        /** A won or lost score in the table counts from the node, not the root. */
        private static int toTable(int s, int ply) {
            return s >= WIN - MAX_PLY ? s + ply : s <= -WIN + MAX_PLY ? s - ply : s;
        }

        private static int fromTable(int s, int ply) {
            return s >= WIN - MAX_PLY ? s - ply : s <= -WIN + MAX_PLY ? s + ply : s;
        }
    }

    /** What a prover needs that is worth keeping from one call to the next on a thread. */
    static final class Resources {
        final MoveList[] lists = new MoveList[FastBoard.MAX_PLY + 1];
        // 8,192 entries (128 KiB), which stay in the core's cache: about 4% less CPU than 2^16, the same outcomes (ProofCost).
        final TranspositionTable table = new TranspositionTable(13);
        final int[] historyScore = new int[2 * 64 * 64];
        final Repetitions repetitions = new Repetitions();

        Resources() {
            for (int i = 0; i < lists.length; i++) lists[i] = new MoveList();
        }
    }

    static final ThreadLocal<Resources> RESOURCES = ThreadLocal.withInitial(Resources::new);
}
