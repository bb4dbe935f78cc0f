package org.emergo.pattern;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Side;

/**
 * Finds the plies of one game that match a pattern, replaying the game's {@link GameBoards}
 * square by square. One scan per thread: it keeps the board it replays.
 */
public final class PatternScan {

    private final Pattern pattern;
    private final GameBoards.Replay replay;
    private final List<Pattern.Expansion> expansions;
    /** The constrained squares of each excluded part, not worked out again at every ply. */
    private final Map<Pattern, int[]> squaresOf = new IdentityHashMap<>();

    public PatternScan(Pattern pattern) {
        this.pattern = pattern;
        this.replay = new GameBoards.Replay(pattern.variant().board().size());
        this.expansions = pattern.expansions();
    }

    /**
     * The plies of the game that match, in order; for a manoeuvre the plies of the first
     * pattern that its second follows within the given plies. {@code plies} is the number of
     * positions encoded.
     */
    public int[] matches(byte[] boards, int plies) {
        int[] all = new int[0];
        for (int[] e : byExpansion(boards, plies)) all = union(all, e);
        return all;
    }

    /** The same for each of the pattern's {@link Pattern#expansions()} (sym, colours), in their order. */
    public int[][] byExpansion(byte[] boards, int plies) {
        int[][] out = new int[expansions.size()][];
        for (int e = 0; e < out.length; e++) {
            int[] all = new int[0];
            for (Pattern a : expansions.get(e).pattern().alternatives()) {
                int[] hits = a.then() == null ? matches(a, boards, plies)
                        : followedWithin(matches(a, boards, plies), matches(a.then(), boards, plies), a.within());
                all = union(all, hits);
            }
            out[e] = all;
        }
        return out;
    }

    /** The plies of either list, each once, in order. */
    public static int[] union(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            int next = j >= b.length || i < a.length && a[i] <= b[j] ? a[i] : b[j];
            if (i < a.length && a[i] == next) i++;
            if (j < b.length && b[j] == next) j++;
            out[n++] = next;
        }
        return Arrays.copyOf(out, n);
    }

    /** The plies of {@code first} that a ply of {@code second} follows within {@code within} plies. */
    public static int[] followedWithin(int[] first, int[] second, int within) {
        int n = 0;
        int k = 0;
        for (int p : first) {
            while (k < second.length && second[k] <= p) k++;
            if (k < second.length && second[k] <= p + within) first[n++] = p;
        }
        return Arrays.copyOf(first, n);
    }

    private int[] matches(Pattern p, byte[] b, int plies) {
        int[] squares = p.constrainedSquares();
        SquareCondition[] conditions = p.squares();
        int[] hits = new int[plies];
        int n = 0;
        replay.start(b);
        for (int ply = 0; ply < plies; ply++) {
            replay.next();
            if (matchesHere(p, squares, conditions)) hits[n++] = ply;
        }
        return streaks(Arrays.copyOf(hits, n), p.more().streak());
    }

    /** The plies of {@code plies} (in order) that begin {@code length} consecutive plies of it ({@code for:N}). */
    public static int[] streaks(int[] plies, int length) {
        if (length <= 1) return plies;
        int n = 0;
        for (int i = 0; i + length - 1 < plies.length; i++) {
            if (plies[i + length - 1] == plies[i] + length - 1) plies[n++] = plies[i];
        }
        return Arrays.copyOf(plies, n);
    }

    private boolean matchesHere(Pattern p, int[] squares, SquareCondition[] conditions) {
        GameBoards.Replay r = replay;
        if (p.toMove() != null && r.toMove() != p.toMove()) return false;
        if (p.whiteHand() != null && !p.whiteHand().contains(r.whiteHand())) return false;
        if (p.blackHand() != null && !p.blackHand().contains(r.blackHand())) return false;
        if (p.capture() != null && (r.jumps() < 0 || !p.capture().contains(r.jumps()))) return false;
        if (p.entry() && !r.entry()) return false;
        if (p.finding() && !r.finding()) return false;
        Pattern.More m = p.more();
        if (m.takes() != null && !m.takes().contains(r.maxCapture())) return false;
        if (m.whiteMaterial() != null && !m.whiteMaterial().contains(r.material(Side.WHITE))) return false;
        if (m.blackMaterial() != null && !m.blackMaterial().contains(r.material(Side.BLACK))) return false;
        if (m.lead() != null && !m.lead().contains(r.material(m.leader()) - r.material(m.leader().opponent()))) return false;
        for (int sq : squares) {
            if (!conditions[sq].test(r.jailers[sq], r.prisoners[sq], r.hit(sq))) return false;
        }
        for (Pattern x : p.excluded()) {
            if (matchesHere(x, squaresOf.computeIfAbsent(x, Pattern::constrainedSquares), x.squares())) return false;
        }
        return true;
    }
}
