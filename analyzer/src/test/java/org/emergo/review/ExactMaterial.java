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
 * rules engine's positions and legal moves, no table, every capture due past the horizon played
 * out to its end; the only ordering, for speed, is the move that last cut off at the same ply
 * tried first (which changes no value). Written apart from org.emergo.search on purpose.
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
    private final Move[] killers = new Move[64];
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
        nodes = 0;
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
        // The move that last cut off at this ply first, if legal here: the one ordering, for speed alone.
        Move first = ply < killers.length && killers[ply] != null && moves.contains(killers[ply]) ? killers[ply] : null;
        path.add(hash);
        try {
            for (int i = first == null ? 0 : -1; i < moves.size(); i++) {
                Move m = i < 0 ? first : moves.get(i);
                if (i >= 0 && m.equals(first)) continue;
                int v = -search(p.play(m), depth - 1, ply + 1, -beta, -Math.max(alpha, best));
                if (v > best) {
                    best = v;
                    if (best >= beta) {
                        if (ply < killers.length) killers[ply] = m;
                        break;
                    }
                }
            }
        } finally {
            path.remove(path.size() - 1);
        }
        return best;
    }

    /**
     * Why a verdict on {@code played} does not hold, or null when it holds at every horizon from
     * its K (or its horizon, if less) to the horizon its proof searched: MEN, the move falls short
     * of the best other move by N men or more (nothing conceded counting as the most); GAME, the
     * mover has lost within K plies and another move has not; a draw, the move falls short by a
     * man or more, the mover was a man up at least and the line ends drawn; a missed win, the
     * line's first move X keeps N men more than the played move and than the mover has now (or
     * wins the game where the played move does not), and neither line ends drawn.
     */
    static String refutation(Position before, long[] history, Move played, org.emergo.search.ForcedLoss.Verdict v, long budget) {
        boolean missed = v.kind() == org.emergo.search.ForcedLoss.Kind.MISSES_MEN || v.kind() == org.emergo.search.ForcedLoss.Kind.MISSES_GAME;
        if (v.line().isEmpty()) return "no line";
        if (!missed && !v.line().get(0).equals(played)) return "the line does not start with the move";
        if (missed && v.line().get(0).equals(played)) return "the better move is the move played";
        Position end = before;
        List<Long> seen = new ArrayList<>();
        for (long h : history) seen.add(h);
        for (Move m : v.line()) {
            if (!MoveGen.legalMoves(end).contains(m)) return "the line is not legal at " + m;
            seen.add(end.hash());
            end = end.play(m);
        }
        int now = balance(before);
        if (missed) return missedRefutation(before, history, played, v, budget, now);
        List<Move> others = new ArrayList<>(MoveGen.legalMoves(before));
        others.remove(played);
        switch (v.kind()) {
            case NO_MOVE -> {
                if (!MoveGen.legalMoves(end).isEmpty() || end.inHand(end.sideToMove()) + end.columns(end.sideToMove()) == 0) {
                    return "the line does not end with no legal move";
                }
            }
            case REPETITION -> {
                long last = end.hash();
                if (seen.stream().filter(h -> h == last).count() < 2) return "the line does not end in a third occurrence";
            }
            default -> { }
        }
        if ((v.kind() == org.emergo.search.ForcedLoss.Kind.NO_MOVE || v.kind() == org.emergo.search.ForcedLoss.Kind.REPETITION)
                && now < 2) {
            return "a draw given away from no lead";
        }
        ExactMaterial e = new ExactMaterial(history, budget);
        for (int h = Math.min(v.plies(), v.horizon()); h <= v.horizon(); h++) {
            int vp = e.valueAfter(before, played, h, -INF, INF);
            int need;
            if (v.kind() == org.emergo.search.ForcedLoss.Kind.GAME) {
                if (vp > -(WIN - v.plies())) return "at " + h + " plies the game is not lost within " + v.plies() + ": " + vp;
                need = -WIN + 129;
            } else {
                int shortBy = v.kind() == org.emergo.search.ForcedLoss.Kind.MEN ? 2 * v.men() : 2;
                if (vp > now - shortBy) return "at " + h + " plies the move keeps " + vp + " of " + now;
                need = vp + shortBy;
            }
            boolean beaten = false;
            for (Move x : others) {
                if (e.valueAfter(before, x, h, need - 1, need) >= need) {
                    beaten = true;
                    break;
                }
            }
            if (!beaten) return "at " + h + " plies no other move keeps " + need + " (the move " + vp + ")";
        }
        return null;
    }

    /** Why a missed win does not hold, or null: as {@link #refutation}. */
    private static String missedRefutation(Position before, long[] history, Move played, org.emergo.search.ForcedLoss.Verdict v,
            long budget, int now) {
        Move better = v.line().get(0);
        boolean game = v.kind() == org.emergo.search.ForcedLoss.Kind.MISSES_GAME;
        ExactMaterial e = new ExactMaterial(history, budget);
        for (int h = Math.min(v.plies(), v.horizon()); h <= v.horizon(); h++) {
            int vp = e.valueAfter(before, played, h, -INF, INF);
            int vx = e.valueAfter(before, better, h, -INF, INF);
            if (game) {
                if (vx < WIN - 200) return "at " + h + " plies " + better + " does not win the game: " + vx;
                if (vp >= WIN - 200) return "at " + h + " plies the move played wins the game too";
            } else {
                if (vx > WIN - 200 || vp < -WIN + 200) continue; // more than any number of men
                int need = Math.max(vp, now) + 2 * v.men();
                if (vx < need) return "at " + h + " plies " + better + " keeps " + vx + ", the move " + vp + " of " + now;
            }
        }
        return null;
    }

    /**
     * Whether {@code played} keeps as much as any other move at {@code h} plies: no other move's
     * value is more than its own, or every move loses the game.
     */
    static boolean isBest(Position before, long[] history, Move played, int h, long budget) {
        ExactMaterial e = new ExactMaterial(history, budget);
        int vp = e.valueAfter(before, played, h, -INF, INF);
        // A null window's answer past it is only a bound: the window goes above every lost game's score, so
        // that a move that loses the game later does not count as keeping more.
        int floor = Math.max(vp, -WIN + 128);
        for (Move x : MoveGen.legalMoves(before)) {
            if (x.equals(played)) continue;
            if (e.valueAfter(before, x, h, floor, floor + 1) > floor) return false;
        }
        return true;
    }

    /** {@code V(h, x)} at once for every legal move x, in the legal moves' order. */
    static int[] values(Position before, long[] history, int h, long budget) {
        List<Move> moves = MoveGen.legalMoves(before);
        int[] out = new int[moves.size()];
        ExactMaterial e = new ExactMaterial(history, budget);
        for (int i = 0; i < out.length; i++) out[i] = e.valueAfter(before, moves.get(i), h, -INF, INF);
        return out;
    }
}
