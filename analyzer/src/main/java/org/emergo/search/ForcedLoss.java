package org.emergo.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * Proofs that a move loses men, or the game, by force, or misses a win another move forces: an
 * exact search (no pruning that could change the answer) of every reply at each horizon up to a
 * cap. Only a completed proof yields a verdict (docs/engine.md#losing-men-by-force).
 *
 * <p>A side's material is the men it commands, in hand and in the columns it owns. {@code V(h, x)}
 * is what the mover keeps after move x and the best play of both sides for h plies in all (x the
 * first), every capture then due played out: its material less the opponent's, a game it wins or
 * loses counting as more or less than any material, a drawn end (no legal move, a third
 * repetition) as level material inside the search (a line that ends drawn never yields a number
 * of men: see {@link #endsDrawn}). With M what the mover has now and B(h) the best other move's
 * value, the played move p concedes {@code L(h) = max(0, min(B, M) - V(h, p))} and misses
 * {@code W(h) = max(0, B - max(V(h, p), M))}. A verdict needs L (a loss) or W (a win missed)
 * of a man or more at <em>every</em> horizon from the one where it begins up to the cap: a loss
 * that a longer line wins back is no loss. It says the least of them; a proof that its budget
 * stops short of the cap with a verdict goes on to the cap on a larger budget, and only a
 * verdict of the game lost may stand short of it. The move is BEST at the cap only where no
 * other move keeps more: {@code B(h) <= V(h, p)}.
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
        REPETITION("repetition"),
        /** a win of men another move forces, missed: the line is that move's */
        MISSES_MEN("misses-men"),
        /** a win of the game another move forces, missed: the line is that move's */
        MISSES_GAME("misses-game");

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
     * away), "misses a win of {@code men} men by force: X wins them within {@code plies} plies"
     * (MISSES_MEN; the line is X's, X first), "misses a win of the game by force" (MISSES_GAME;
     * {@code men} is all the opponent has).
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
        /** it loses, or misses a win of, a man or more at every horizon from some horizon to the cap: a verdict */
        LOSES,
        /** at the cap no other move keeps more: the exact search finds it best */
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

    /**
     * Whether another move keeps more than the played one, left unanswered where the horizons
     * spent the budget, is asked again within this many times the budget more: a move best at the
     * deepest horizon completed is not left NEITHER by the cost of the horizons before the
     * question (docs/engine.md#losing-men-by-force).
     */
    public static final int BEST_BUDGET = 8;

    /** A proof that completes fewer horizons than this says nothing (UNKNOWN). */
    public static final int MIN_PLIES = 4;

    /** A game won or lost at ply p from the root scores {@code ±(WIN - p)}, in half men (a man is 2). */
    static final int WIN = 10_000;

    private ForcedLoss() {}

    /** The positions the proofs run on this thread have searched, all together (for the benches). */
    public static long positionsSearched() {
        return RESOURCES.get().positions;
    }

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
        return prove(before, history, played, null, maxPlies, maxNodes);
    }

    /**
     * As {@link #prove(Position, long[], Move, int, long)}, with {@code better} the move a win
     * missed is first looked for in (the search's own best move; null: the best other move of the
     * shallow horizons).
     */
    public static Proof prove(Position before, long[] history, Move played, Move better, int maxPlies, long maxNodes) {
        Horizons horizons = new Horizons(before, history, played, better, maxPlies);
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
        if (proof.outcome() == Outcome.NEITHER && horizons.bestOpen()) {
            horizons.askBest(maxNodes * BEST_BUDGET);
            proof = horizons.conclude();
        }
        return proof;
    }

    /**
     * The horizons of one proof, searched in turn: what each found is kept for the verdict. Each
     * horizon searches the played move exactly and, where it concedes men, every other move up to
     * what the mover has now, as a loss needs. A win missed is looked for in one other move X (the
     * search's best move, or the best other move of the first {@link #FULL_PLIES} horizons, where
     * every move is searched), from the deepest horizon down while it holds. Whether any other move
     * keeps more than the played one, which only the deepest horizon decides, is searched once there.
     */
    private static final class Horizons {
        /** Horizons up to this one compare every other move: they are cheap, and choose X. */
        private static final int FULL_PLIES = 3;
        private final Position before;
        private final long[] history;
        private final int maxPlies;
        /** The played move among the legal ones (-1: not legal), and how many there are. */
        final int index;
        final int moves;
        /** The mover's material less the opponent's, and its own, before the move. */
        private final int now;
        private final int mine;
        /** Per horizon: what the played move concedes more than the best other move ({@code L(h)}, MAX for the game). */
        private final int[] shortBy;
        /** Per horizon: what X wins more than the played move keeps, from what the mover has now ({@code W(h)}, MAX for the game). */
        private final int[] missed;
        /** Per horizon: the played move's line, and X's where it does better. */
        private final int[][] lines;
        private final int[][] otherLines;
        /** Per horizon: X where it does better than the played move, else -1. */
        private final int[] better;
        /** The move a win missed is looked for in: fixed from the first horizon past {@link #FULL_PLIES}. */
        private int x;
        private final boolean hinted;
        /** The deepest horizon completed. */
        int done;
        /** The horizon where it was last searched whether any other move keeps more (-1: none), and what was found. */
        private int bestAt = -1;
        private boolean bestThere;
        /** Per horizon: the played move's value, X's (exact above the played move's), and whether X was searched. */
        private final int[] playedValue;
        private final int[] xValue;
        private final boolean[] xSearched;
        /** Per horizon: X's value searched below what the mover has now, which X that was (-1: none), and its line. */
        private final int[] xBelowValue;
        private final int[] xBelowOf;
        private final int[][] xBelowLine;

        Horizons(Position before, long[] history, Move played, Move hint, int maxPlies) {
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
            missed = new int[maxPlies + 1];
            lines = new int[maxPlies + 1][];
            otherLines = new int[maxPlies + 1][];
            better = new int[maxPlies + 1];
            playedValue = new int[maxPlies + 1];
            xValue = new int[maxPlies + 1];
            xSearched = new boolean[maxPlies + 1];
            xBelowValue = new int[maxPlies + 1];
            xBelowOf = new int[maxPlies + 1];
            Arrays.fill(xBelowOf, -1);
            xBelowLine = new int[maxPlies + 1][];
            int h = hint == null ? -1 : root.indexOf(board, hint);
            hinted = h >= 0 && h != index;
            x = hinted ? h : index == 0 ? 1 : 0;
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
                    // Exact: up to what the mover has now first, the common case, then above it where it keeps more.
                    int played0 = value(board, root, prover, index, h, columns, -Prover.INF, now + 1);
                    if (played0 > now) played0 = value(board, root, prover, index, h, columns, now, Prover.INF);
                    lines[h] = prover.line(root.key(index));
                    playedValue[h] = played0;
                    boolean full = h <= FULL_PLIES;
                    int best = played0;
                    if (full) {
                        // Every other move, exactly where it does better: X first, then the rest.
                        missedAt(board, root, prover, h, columns);
                        best = Math.max(best, xValue[h]);
                        int bestMove = xValue[h] > played0 ? x : -1;
                        for (int i = 0; i < root.size(); i++) {
                            if (i == index || i == x) continue;
                            int v = value(board, root, prover, i, h, columns, best, Prover.INF);
                            if (v > best) {
                                best = v;
                                bestMove = i;
                            }
                        }
                        if (!hinted && bestMove >= 0 && bestMove != x) {
                            // X is the best other move of the horizons where all are compared.
                            x = bestMove;
                            missedAt(board, root, prover, h, columns);
                        }
                        bestAt = h;
                        bestThere = best <= played0;
                    } else if (played0 < now) {
                        // Below what the mover has now every other move is asked whether it concedes less, up to
                        // nothing conceded (X first): what a loss needs.
                        // X's search is kept: its search for a win missed there starts from it.
                        best = Math.max(best, xBelow(board, root, prover, h, columns));
                        for (int i = 0; i < root.size() && best < now; i++) {
                            if (i == index || i == x) continue;
                            best = Math.max(best, value(board, root, prover, i, h, columns, best, now));
                        }
                    }
                    int loss = 0;
                    if (best > played0) {
                        // Losing the game when every other move loses it too is nothing to choose; losing it when
                        // another keeps it is all.
                        if (isLoss(best)) loss = 0;
                        else if (isLoss(played0)) loss = Integer.MAX_VALUE;
                        else loss = Math.max(0, Math.min(best, now) - played0);
                    }
                    shortBy[h] = loss;
                    done = h;
                }
                // A win missed must hold at every horizon up to the deepest: X is searched there first, and
                // below only while it holds (most moves miss nothing at the deepest horizon, and then no
                // horizon below matters).
                for (int h = done; h > FULL_PLIES && h >= MIN_PLIES; h--) {
                    if (!xSearched[h]) missedAt(board, root, prover, h, columns);
                    if (missed[h] < 2) break;
                }
                // Only a move with nothing to say against it can be the best: a verdict needs no more.
                if (bestOpen()) best(board, root, prover, columns);
            } catch (Prover.OutOfNodes e) {
                // the horizons completed stand
            } finally {
                RESOURCES.get().positions += Math.min(prover.nodes, maxNodes);
            }
        }

        /**
         * Whether nothing is said against the played move at the deepest horizon completed, and
         * whether another move keeps more there is not yet answered (the budget ran out before or
         * while asking it, or inside the next horizon).
         */
        boolean bestOpen() {
            return done >= MIN_PLIES && bestAt != done && shortBy[done] < 2 && missed[done] < 2;
        }

        /** Asks {@link #bestOpen}'s question within {@code maxNodes} positions more. */
        void askBest(long maxNodes) {
            FastBoard board = FastBoard.materialOnly(before);
            MoveList root = new MoveList();
            board.generate(root);
            Prover prover = new Prover(board, history, maxNodes, RESOURCES.get(), true);
            try {
                best(board, root, prover, board.columnCount());
            } catch (Prover.OutOfNodes e) {
                // unanswered: NEITHER
            } finally {
                RESOURCES.get().positions += Math.min(prover.nodes, maxNodes);
            }
        }

        /** Whether any other move keeps more than the played one, at the deepest horizon completed. */
        private void best(FastBoard board, MoveList root, Prover prover, int columns) {
            int played0 = playedValue[done];
            // X searched there for a win missed needs no other search; where the budget ran out before it, X is asked too.
            boolean xKnown = xSearched[done];
            boolean none = !xKnown || xValue[done] <= played0 || isLoss(xValue[done]);
            for (int i = 0; i < root.size() && none; i++) {
                if (i == index || i == x && xKnown) continue;
                int v = value(board, root, prover, i, done, columns, played0, played0 + 1);
                if (v > played0 && !isLoss(v)) none = false;
            }
            bestAt = done;
            bestThere = none;
        }

        /**
         * X at horizon h, exact where it does better than the played move: up to what the played
         * move keeps or the mover has now first, then above, where it wins what the played move
         * does not; what it wins more is the win missed there.
         */
        private void missedAt(FastBoard board, MoveList root, Prover prover, int h, int columns) {
            int played0 = playedValue[h];
            int high = Math.max(played0, now) + 1;
            int xv;
            int[] line;
            if (xBelowOf[h] == x) {
                // X searched up to what the mover has now: exact below it; at it or above, searched above it.
                xv = xBelowValue[h];
                line = xBelowLine[h];
                if (xv >= now) {
                    xv = Math.max(now, value(board, root, prover, x, h, columns, now, Prover.INF));
                    line = prover.line(root.key(x));
                }
            } else {
                xv = value(board, root, prover, x, h, columns, played0, high);
                line = prover.line(root.key(x));
                if (xv >= high) {
                    xv = value(board, root, prover, x, h, columns, high - 1, Prover.INF);
                    line = prover.line(root.key(x));
                }
            }
            int miss = 0;
            if (xv > played0 && !isLoss(played0) && !isWin(played0)) {
                // Above what the mover has now, what the played move keeps less than X is a win missed;
                // winning the game where the played move does not is all.
                miss = isWin(xv) ? Integer.MAX_VALUE : Math.max(0, xv - Math.max(played0, now));
            }
            xValue[h] = xv;
            missed[h] = miss;
            otherLines[h] = xv > played0 ? line : null;
            better[h] = xv > played0 ? x : -1;
            xSearched[h] = true;
        }

        /**
         * X at horizon h, below what the mover has now, in the window (what the played move keeps,
         * what the mover has now): kept with its line for {@link #missedAt}.
         */
        private int xBelow(FastBoard board, MoveList root, Prover prover, int h, int columns) {
            xBelowValue[h] = value(board, root, prover, x, h, columns, playedValue[h], now);
            xBelowLine[h] = prover.line(root.key(x));
            xBelowOf[h] = x;
            return xBelowValue[h];
        }

        /** The value of root move i at horizon h, searched in the window (alpha, beta). */
        private static int value(FastBoard board, MoveList root, Prover prover, int i, int h, int columns, int alpha, int beta) {
            board.make(root, i);
            prover.enter(root.length(i) == 1 || board.columnCount() < columns);
            int v = -prover.search(h - 1, 1, -beta, -alpha);
            board.unmake(root, i);
            return v;
        }


        /** What the horizons completed prove. */
        Proof conclude() {
            if (done < MIN_PLIES) return Proof.UNKNOWN;
            if (shortBy[done] >= 2) {
                int from = done;
                while (from > 1 && shortBy[from - 1] >= 2) from--;
                int least = from;
                for (int h = from; h <= done; h++) if (shortBy[h] < shortBy[least]) least = h;
                Verdict v = verdict(before, history, shortBy[least], lines[least], from, done, now, mine);
                // A loss of men must be searched two plies past its line at least: a quiet move of the mover's and
                // a reply, then the captures, the least that could win a man back.
                if (v.kind() != Kind.MEN || v.plies() + 2 <= done) return new Proof(Outcome.LOSES, v, done);
            }
            if (missed[done] >= 2) {
                // The move named wins them at every horizon from K to the cap: the same best other move at each.
                int from = done;
                while (from > 1 && missed[from - 1] >= 2 && better[from - 1] == better[done]) from--;
                int least = from;
                for (int h = from; h <= done; h++) if (missed[h] < missed[least]) least = h;
                Verdict v = missedWin(before, history, missed[least], otherLines[least], lines[least], from, done);
                if (v != null) return new Proof(Outcome.LOSES, v, done);
            }
            return new Proof(bestAt == done && bestThere ? Outcome.BEST : Outcome.NEITHER, null, done);
        }
    }

    static boolean isLoss(int v) {
        return v <= -WIN + FastBoard.MAX_PLY;
    }

    static boolean isWin(int v) {
        return v >= WIN - FastBoard.MAX_PLY;
    }

    /** A line's keys as moves, replayed from {@code before} as far as they are legal. */
    private static List<Move> moves(Position before, int[] keys) {
        FastBoard b = FastBoard.materialOnly(before);
        MoveList ml = new MoveList();
        List<Move> moves = new ArrayList<>();
        for (int key : keys) {
            b.generate(ml);
            int found = -1;
            for (int i = 0; i < ml.size() && found < 0; i++) if (ml.key(i) == key) found = i;
            if (found < 0) break;
            moves.add(ml.toMove(b, found));
            b.make(ml, found);
        }
        return moves;
    }

    /** The plies of the line up to its last move that changed the material: its last capture (every jump takes a man). */
    private static int lastCapture(List<Move> line) {
        int last = 0;
        for (int i = 0; i < line.size(); i++) if (line.get(i).isCapture()) last = i + 1;
        return last;
    }

    /** Whether the line ends the game in a draw: no legal move with pieces left, or a position's third occurrence. */
    static boolean endsDrawn(Position before, long[] history, List<Move> moves) {
        Position end = before;
        for (Move m : moves) end = end.play(m);
        if (MoveGen.legalMoves(end).isEmpty()) return !sideHasNoPieces(end);
        return !moves.isEmpty() && thirdOccurrence(before, history, moves);
    }

    /**
     * The verdict of a win missed: the best other move's line at the horizon where it wins least
     * more than the played move keeps, cut after its last capture (or whole, for the game), K at
     * least {@code from}. None where either line ends in a draw (a drawn end is no number of men),
     * or where the capture that wins is not searched two plies past.
     */
    private static Verdict missedWin(Position before, long[] history, int missed, int[] otherKeys, int[] playedKeys, int from,
            int horizon) {
        if (otherKeys == null) return null;
        List<Move> line = moves(before, otherKeys);
        if (endsDrawn(before, history, line) || endsDrawn(before, history, moves(before, playedKeys))) return null;
        if (missed == Integer.MAX_VALUE) {
            FastBoard b = FastBoard.materialOnly(before);
            return new Verdict(Kind.MISSES_GAME, b.material[b.side ^ 1], Math.max(from, line.size()), line, horizon);
        }
        int lastCapture = lastCapture(line);
        int plies = Math.max(Math.max(1, lastCapture), from);
        if (plies + 2 > horizon) return null;
        return new Verdict(Kind.MISSES_MEN, missed / 2, plies, line.subList(0, Math.min(plies, line.size())), horizon);
    }

    /**
     * The verdict from the line at the horizon where the move falls shortest: cut after its last
     * capture, or at its end where the game ends; K, the plies it claims, at least the horizon
     * from which the loss holds ({@code from}), so that it holds at every horizon from K to the cap.
     */
    private static Verdict verdict(Position before, long[] history, int shortBy, int[] keys, int from, int horizon, int now, int mine) {
        List<Move> moves = moves(before, keys);
        int lastCapture = lastCapture(moves);
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

    /** The side to move owns no column and has no man in hand (as {@link FastBoard#sideToMoveHasNoPieces}). */
    private static boolean sideHasNoPieces(Position p) {
        Side side = p.sideToMove();
        if (p.inHand(side) > 0) return false;
        int owner = side.ordinal();
        for (int sq = 0; sq < p.board().size(); sq++) {
            int packed = p.packed(sq);
            if (packed != 0 && (packed & 1) == owner) return false;
        }
        return true;
    }

    /** Whether the line's last position is the third occurrence of a position, the game's history counted. */
    private static boolean thirdOccurrence(Position before, long[] history, List<Move> line) {
        long[] path = new long[line.size() + 1];
        Position p = before;
        path[0] = p.hash();
        for (int i = 0; i < line.size(); i++) {
            p = p.play(line.get(i));
            path[i + 1] = p.hash();
        }
        long last = path[line.size()];
        int count = 0;
        for (long h : history) if (h == last) count++;
        for (long h : path) if (h == last) count++;
        return count >= 3;
    }

    /**
     * Alpha-beta over material alone: the score is the side to move's material less the
     * other's. Exact: alpha-beta cuts only what cannot change the score, and the table only with
     * a result that no repetition of the path at hand could have changed.
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
        private final int[][] pv;
        private final int[] pvLength;
        private final ProofTable table;
        private final int[] historyScore;
        /** The squares occupied at each ply of the path. */
        private final long[] occupiedAt;
        /**
         * Of the search last made at each ply: the squares occupied in all and in any of the
         * positions it went through without an entry or a column taken, its own included.
         */
        private final long[] inAll;
        private final long[] inAny;

        /** A prover for a proof's horizons; {@code goingOn}: for more horizons of the same proof, whose table and move order it keeps. */
        Prover(FastBoard board, long[] history, long maxNodes, Resources r, boolean goingOn) {
            this.board = board;
            this.maxNodes = maxNodes;
            lists = r.lists;
            pv = r.pv;
            pvLength = r.pvLength;
            occupiedAt = r.occupiedAt;
            inAll = r.inAll;
            inAny = r.inAny;
            table = r.table;
            historyScore = r.historyScore;
            if (!goingOn) {
                table.newSearch();
                Arrays.fill(historyScore, 0);
            }
            repetitions = r.repetitions;
            repetitions.start(history, board.hash);
            occupiedAt[0] = board.occ[0] | board.occ[1];
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
            long occupied = board.occ[0] | board.occ[1];
            occupiedAt[ply] = occupied;
            inAll[ply] = occupied;
            inAny[ply] = occupied;
            // A third occurrence is a draw: level, whatever the material.
            if (repetitions.isThirdOccurrence(ply)) return 0;
            if (ply >= MAX_PLY - 1) return stand;
            long capturers = board.capturers(board.side);
            if (depth <= 0 && capturers == 0) return board.hasQuietMove() ? stand : terminal(ply);
            MoveList ml = lists[ply];
            int ttMove = -1;
            // The table cuts at the depth wanted, and (so that the principal line stays whole) only where the
            // window is closed; only with an entry that no earlier position of this path can have changed: one
            // searched through none of them (docs/engine.md#the-proofs-table). The game's history before the
            // root is the same for every entry of a proof, so only the path from the root is compared.
            int start = Math.max(repetitions.windowStart(ply), 0);
            if (depth > 0) {
                long entry = table.probe(h);
                if (entry != 0) {
                    ttMove = TranspositionTable.move(entry);
                    int bound = TranspositionTable.bound(entry);
                    if (bound != TranspositionTable.NONE && beta == alpha + 1 && TranspositionTable.depth(entry) == depth) {
                        int s = fromTable(TranspositionTable.score(entry), ply);
                        // the path's squares, the dearest test, last
                        if ((bound == TranspositionTable.EXACT
                                || bound == TranspositionTable.LOWER && s >= beta
                                || bound == TranspositionTable.UPPER && s <= alpha)
                                && noneWithin(table.inAll(), table.inAny(), start, ply)) {
                            inAll[ply] = table.inAll();
                            inAny[ply] = table.inAny();
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
            boolean ordered = n == 1 || order(ml, n, side, ttMove);
            int originalAlpha = alpha;
            int best = -INF;
            int bestKey = 0;
            int columns = board.columnCount();
            // The squares of the positions searched through from here without an entry or a column taken.
            long all = occupied;
            long any = occupied;
            for (int i = 0; i < n; i++) {
                if (!ordered && i > 0) ordered = ml.pick(i);
                board.make(ml, i);
                boolean irreversible = board.madeIrreversible(ml, i, columns);
                repetitions.moved(ply, irreversible);
                int v;
                if (i == 0) {
                    v = -search(depth - 1, ply + 1, -beta, -alpha);
                } else {
                    v = -search(depth - 1, ply + 1, -alpha - 1, -alpha);
                    if (v > alpha && v < beta) {
                        if (!irreversible) {
                            all &= inAll[ply + 1];
                            any |= inAny[ply + 1];
                        }
                        v = -search(depth - 1, ply + 1, -beta, -alpha);
                    }
                }
                board.unmake(ml, i);
                if (!irreversible) {
                    all &= inAll[ply + 1];
                    any |= inAny[ply + 1];
                }
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
            inAll[ply] = all;
            inAny[ply] = any;
            if (depth > 0) {
                int bound = best >= beta ? TranspositionTable.LOWER
                        : best > originalAlpha ? TranspositionTable.EXACT
                        : TranspositionTable.UPPER;
                if (noneWithin(all, any, start, ply)) {
                    // No earlier position of the path was searched through: the entry holds on any path.
                    table.store(h, depth, bound, toTable(best, ply), bestKey, all, any);
                } else {
                    // A repetition of this path's may be in it: the best move alone, for the order.
                    table.storeMove(h, depth, bestKey);
                }
            }
            return best;
        }

        /**
         * Scores the moves, the table's move first, then by the history of cutoffs, and puts the
         * first of the best first, as {@link MoveList#pick} of move 0 would, in the same pass;
         * returns what that pick returns.
         */
        private boolean order(MoveList ml, int n, int side, int ttMove) {
            int[] scores = ml.scores;
            // A list is all captures, all entries or all steps; a capture's key is a hash of its route,
            // made only when the table has a move to match.
            boolean captures = ml.isCapture(0);
            boolean entries = ml.isEntry(0);
            int first = 0;
            int top = Integer.MIN_VALUE;
            int before = Integer.MAX_VALUE;
            boolean ordered = true;
            for (int i = 0; i < n; i++) {
                int ends = ml.ends(i);
                int s = historyScore[(side << 12) | ends];
                if (ttMove != -1) {
                    int key = captures ? ml.key(i) : entries ? MoveList.entryKey(ends) : MoveList.stepKey(ends);
                    if (TranspositionTable.moveKey(key) == ttMove) s = 1 << 30;
                }
                scores[i] = s;
                ordered &= s <= before;
                if (s > top) {
                    first = i;
                    top = s;
                }
                before = s;
            }
            if (first == 0) return ordered;
            ml.swap(0, first);
            return false;
        }

        /**
         * Whether no position of the path from {@code start} to before {@code ply} can be among
         * positions whose occupied squares include {@code all} and lie within {@code any}: a
         * position's squares that do not fit show it was not one of them.
         */
        private boolean noneWithin(long all, long any, int start, int ply) {
            for (int j = start; j < ply; j++) {
                long o = occupiedAt[j];
                if ((o & ~any) == 0 && (all & ~o) == 0) return false;
            }
            return true;
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
        // 8,192 entries (256 KiB), which stay in the core's cache: 2^14 and 2^15 save under 1% of the positions.
        final ProofTable table = new ProofTable(13);
        final int[] historyScore = new int[2 * 64 * 64];
        final Repetitions repetitions = new Repetitions();
        // The prover's arrays by ply (its line, the squares of its path), each written before it is read:
        // made once a thread, not for each of a proof's provers (the lines alone are 66 KiB).
        final int[][] pv = new int[FastBoard.MAX_PLY + 1][FastBoard.MAX_PLY + 1];
        final int[] pvLength = new int[FastBoard.MAX_PLY + 1];
        final long[] occupiedAt = new long[FastBoard.MAX_PLY + 1];
        final long[] inAll = new long[FastBoard.MAX_PLY + 1];
        final long[] inAny = new long[FastBoard.MAX_PLY + 1];
        /** Positions the proofs on this thread searched, all together: what a change of the proof is measured by. */
        long positions;

        Resources() {
            for (int i = 0; i < lists.length; i++) lists[i] = new MoveList();
        }
    }

    static final ThreadLocal<Resources> RESOURCES = ThreadLocal.withInitial(Resources::new);
}
