package org.emergo.pattern;

import java.util.Arrays;
import org.emergo.rules.Side;

/**
 * Finds the plies of one game that match a pattern, replaying the game's {@link GameBoards}
 * square by square. One scan per thread: it keeps the board it replays.
 */
public final class PatternScan {

    private final Pattern pattern;
    private final int[] jailers;
    private final int[] prisoners;
    /** Where {@link #varint} reads next. */
    private int at;

    public PatternScan(Pattern pattern) {
        this.pattern = pattern;
        int size = pattern.variant().board().size();
        this.jailers = new int[size];
        this.prisoners = new int[size];
    }

    /**
     * The plies of the game that match, in order; for a manoeuvre the plies of the first
     * pattern that its second follows within the given plies. {@code plies} is the number of
     * positions encoded.
     */
    public int[] matches(byte[] boards, int plies) {
        if (pattern.then() == null) return matches(pattern, boards, plies);
        int[] first = matches(pattern, boards, plies);
        if (first.length == 0) return first;
        int[] second = matches(pattern.then(), boards, plies);
        int n = 0;
        int k = 0;
        for (int p : first) {
            while (k < second.length && second[k] <= p) k++;
            if (k < second.length && second[k] <= p + pattern.within()) first[n++] = p;
        }
        return Arrays.copyOf(first, n);
    }

    private int[] matches(Pattern p, byte[] b, int plies) {
        Arrays.fill(jailers, 0);
        Arrays.fill(prisoners, 0);
        int[] squares = p.constrainedSquares();
        SquareCondition[] conditions = p.squares();
        int[] hits = new int[plies];
        int n = 0;
        int white = 0;
        int black = 0;
        at = 0;
        for (int ply = 0; ply < plies; ply++) {
            int flags = b[at++];
            if ((flags & GameBoards.HANDS) != 0) {
                white = varint(b);
                black = varint(b);
            }
            int jumps = (flags & GameBoards.MOVED) != 0 ? varint(b) : -1;
            int changes = varint(b);
            for (int i = 0; i < changes; i++) {
                int sq = b[at++] & 0xff;
                int z = varint(b);
                jailers[sq] = (z >>> 1) ^ -(z & 1);
                prisoners[sq] = varint(b);
            }
            if (matchesHere(p, squares, conditions, flags, white, black, jumps)) hits[n++] = ply;
        }
        return Arrays.copyOf(hits, n);
    }

    private boolean matchesHere(Pattern p, int[] squares, SquareCondition[] conditions, int flags, int white, int black,
            int jumps) {
        Side side = (flags & GameBoards.BLACK_TO_MOVE) != 0 ? Side.BLACK : Side.WHITE;
        if (p.toMove() != null && side != p.toMove()) return false;
        if (p.whiteHand() != null && !p.whiteHand().contains(white)) return false;
        if (p.blackHand() != null && !p.blackHand().contains(black)) return false;
        if (p.capture() != null && (jumps < 0 || !p.capture().contains(jumps))) return false;
        if (p.entry() && (flags & GameBoards.ENTRY) == 0) return false;
        if (p.finding() && (flags & GameBoards.FINDING) == 0) return false;
        for (int sq : squares) {
            if (!conditions[sq].test(jailers[sq], prisoners[sq])) return false;
        }
        return true;
    }

    private int varint(byte[] b) {
        int x = b[at++];
        if (x >= 0) return x;
        int v = x & 0x7f;
        int shift = 7;
        do {
            x = b[at++];
            v |= (x & 0x7f) << shift;
            shift += 7;
        } while ((x & 0x80) != 0);
        return v;
    }
}
