package org.emergo.puzzle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import org.emergo.review.PlayedGame;
import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.search.UniqueWin;

/**
 * Finds puzzles: positions where the side to move has exactly one move that wins material or
 * the game by force ({@link UniqueWin}), with the line that follows, cut where the solver has no
 * longer one move to find. Pure: the same position and history give the same puzzle. Every rule
 * and why: docs/puzzles.md#mining.
 */
public final class PuzzleMiner {

    /** Raised when a rule or a limit below changes: the games are mined again. */
    public static final int VERSION = 3;

    /** The horizon of the first move's proof: the move and five more plies. */
    public static final int PLIES = 6;

    /** The exact search's budget per position asked, all horizons together. */
    public static final long NODES = 30_000;

    /** A solver already this many men up has won: no puzzle. */
    public static final int WON_MARGIN = 3;

    /** One mined puzzle: the ply of its position in the game. */
    public record Mined(int ply, Puzzle puzzle) {}

    private PuzzleMiner() {}

    /** The puzzles of a game, at the plies {@code candidate} accepts, in ply order. */
    public static List<Mined> mine(PlayedGame game, IntPredicate candidate) {
        List<Mined> out = new ArrayList<>();
        for (int ply = 0; ply <= game.lastPly(); ply++) {
            if (!candidate.test(ply)) continue;
            Position position = game.positions().get(ply);
            Puzzle p = at(position, game.history(ply));
            // The solver sees the position alone: a puzzle whose answer the game's earlier positions change
            // (a repetition in its line or its refutations) is left out.
            if (p != null && canRecur(game, ply) && !same(p, at(position, new long[0]))) p = null;
            if (p != null) out.add(new Mined(ply, p));
        }
        return out;
    }

    /**
     * The puzzle in {@code p}, or null: the position occurred before in its game, the solver
     * has already won by a wide margin, or no move wins uniquely.
     *
     * @param history hashes of the game's positions before {@code p}, oldest first
     */
    public static Puzzle at(Position p, long[] history) {
        long hash = p.hash();
        for (long h : history) if (h == hash) return null;
        Side solver = p.sideToMove();
        if (material(p, solver) - material(p, solver.opponent()) >= WON_MARGIN) return null;
        UniqueWin.Found first = UniqueWin.find(p, history, PLIES, NODES);
        if (first == null) return null;
        List<Move> line = first.line();
        int lastCapture = 0;
        for (int i = 0; i < line.size(); i++) if (line.get(i).isCapture()) lastCapture = i + 1;
        if (first.game()) lastCapture = line.size();
        List<Puzzle.Step> steps = new ArrayList<>();
        steps.add(new Puzzle.Step(first.move(), Puzzle.Role.ASKED, first.from(), first.horizon()));
        long[] seen = Arrays.copyOf(history, history.length + line.size());
        seen[history.length] = hash;
        Position q = p.play(first.move());
        for (int k = 1; k < lastCapture; k++) {
            seen[history.length + k] = q.hash();
            long[] before = Arrays.copyOf(seen, history.length + k);
            Move m = line.get(k);
            if (k % 2 == 1) {
                steps.add(new Puzzle.Step(m, Puzzle.Role.REPLY, 0, 0));
            } else if (isForced(q)) {
                steps.add(new Puzzle.Step(m, Puzzle.Role.FORCED, 0, 0));
            } else {
                // Asked again only where this move alone still wins a man more, searched to the same end.
                UniqueWin.Found next = UniqueWin.find(q, before, PLIES - k, NODES);
                if (next == null || !next.move().equals(m)) break;
                steps.add(new Puzzle.Step(m, Puzzle.Role.ASKED, next.from(), next.horizon()));
            }
            q = q.play(m);
        }
        // It ends with a move of the solver's: a forced one that takes the men stays, the point of it all.
        while (steps.get(steps.size() - 1).role() == Puzzle.Role.REPLY) steps.remove(steps.size() - 1);
        List<Move> moves = new ArrayList<>();
        for (Puzzle.Step s : steps) moves.add(s.move());
        return new Puzzle(p, steps, first.men(), first.game(), themes(p, moves, first.game()), difficulty(p, steps));
    }

    /**
     * Whether a position of the game before {@code ply} could occur again from it: one with the
     * same men in hand and as many columns (an entry or a column taken off is never undone).
     */
    static boolean canRecur(PlayedGame game, int ply) {
        // Columns only ever grow in number by an entry: the position just before tells.
        if (ply == 0) return false;
        Position p = game.positions().get(ply);
        Position q = game.positions().get(ply - 1);
        return q.inHand(Side.WHITE) == p.inHand(Side.WHITE) && q.inHand(Side.BLACK) == p.inHand(Side.BLACK)
                && q.columns(Side.WHITE) + q.columns(Side.BLACK) == p.columns(Side.WHITE) + p.columns(Side.BLACK);
    }

    /** Whether two puzzles ask and promise the same: the same line and roles, the same men or game. */
    static boolean same(Puzzle a, Puzzle b) {
        return b != null && a.steps().equals(b.steps()) && a.men() == b.men() && a.game() == b.game();
    }

    /**
     * Whether the side to move has no real choice: one legal move, or every legal move a
     * capture of the same men (routes that differ only in their order or their end).
     */
    public static boolean isForced(Position p) {
        List<Move> moves = MoveGen.legalMoves(p);
        if (moves.size() <= 1) return true;
        if (!moves.get(0).isCapture()) return false;
        int[] first = jumped(moves.get(0));
        for (Move m : moves) if (!Arrays.equals(first, jumped(m))) return false;
        return true;
    }

    /** The squares a capture jumps, sorted: the men it takes, as far as squares tell. */
    static int[] jumped(Move m) {
        Board b = m.board();
        int[] out = new int[m.jumps()];
        for (int i = 0; i < out.length; i++) {
            int a = m.square(i);
            out[i] = b.neighbour(a, b.jumpDirection(a, m.square(i + 1)));
        }
        Arrays.sort(out);
        return out;
    }

    /** Men a side commands: in hand and in the columns it owns. */
    static int material(Position p, Side side) {
        int n = p.inHand(side);
        for (int sq = 0; sq < p.board().size(); sq++) {
            Column c = p.column(sq);
            if (c != null && c.owner() == side) n += c.height();
        }
        return n;
    }

    /** The themes of a solution, read from the solver's moves (the even ones) and the replies. */
    static Set<Theme> themes(Position start, List<Move> moves, boolean game) {
        Set<Theme> out = EnumSet.noneOf(Theme.class);
        Side solver = start.sideToMove();
        Position q = start;
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            Position next = q.play(m);
            if (i % 2 == 0) {
                if (m.isCapture()) {
                    out.add(Theme.CAPTURE);
                    if (m.jumps() >= 2) out.add(Theme.MAJORITY);
                    for (int sq : jumped(m)) {
                        if (q.owner(sq) == solver.opponent() && next.owner(sq) == solver) out.add(Theme.LIBERATION);
                    }
                } else if (m.kind() == Move.Kind.ENTER) {
                    out.add(Theme.ENTRY);
                    if (q.inHand(solver) - next.inHand(solver) > 1) out.add(Theme.SHADOWPIECE);
                }
            } else if (i == 1 && m.isCapture() && !moves.get(0).isCapture()) {
                out.add(Theme.SACRIFICE);
            }
            q = next;
        }
        if (game) out.add(Theme.GAME);
        return out;
    }

    /** Bits of choice: over the moves asked, log2 of the legal moves among which the solver finds it. */
    static double difficulty(Position start, List<Puzzle.Step> steps) {
        double bits = 0;
        Position q = start;
        for (Puzzle.Step s : steps) {
            if (s.role() == Puzzle.Role.ASKED) bits += Math.log(MoveGen.legalMoves(q).size()) / Math.log(2);
            q = q.play(s.move());
        }
        return Math.round(bits * 10) / 10.0;
    }

    /**
     * The rating a puzzle starts with, before any attempt: 1000 and 100 a bit of choice, so a
     * capture found among 4 is 1200 and three moves found among 30 each about 2500.
     */
    public static double startRating(double difficulty) {
        return 1000 + 100 * difficulty;
    }
}
