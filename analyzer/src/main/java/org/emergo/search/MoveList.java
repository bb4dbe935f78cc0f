package org.emergo.search;

import java.util.Arrays;
import org.emergo.rules.Move;

/**
 * The moves of one position, reused from node to node: one long a move, which for an entry or
 * a step is the whole move, and for a capture points to its route in an int array. No
 * allocation once the arrays have grown to fit.
 *
 * <p>A move's long: bits 0-31 a capture's offset in {@link #data}, bits 32-43 its first and
 * last squares ({@code from << 6 | to}, an entry's square twice), bits 44-45 its kind. Entries
 * and steps, most of the moves listed, are written as one long: most nodes cut after a move
 * or two, and the list is made for every node.
 */
final class MoveList {

    static final int LENGTH_MASK = 0xff;
    static final int CAPTURE = 0x100;

    private static final long STEP = 1L << 44;
    private static final long ENTRY = 2L << 44;
    private static final long KIND = 3L << 44;

    /** Capture routes: a head (number of squares, and {@link #CAPTURE}), then the squares. */
    int[] data = new int[256];
    private long[] moves = new long[64];
    /** Ordering scores, filled by the search. */
    int[] scores = new int[64];
    private int used;
    private int count;

    void clear() {
        used = 0;
        count = 0;
    }

    int size() {
        return count;
    }

    /** Where capture i's route begins in {@link #data}. */
    int offset(int i) {
        return (int) moves[i];
    }

    /** Move i's first and last squares, {@code from << 6 | to}: the ordering reads them for every move. */
    int ends(int i) {
        return (int) (moves[i] >>> 32) & 0xfff;
    }

    boolean isEntry(int i) {
        return (moves[i] & KIND) == ENTRY;
    }

    boolean isStep(int i) {
        return (moves[i] & KIND) == STEP;
    }

    boolean isCapture(int i) {
        return (moves[i] & KIND) == 0;
    }

    private void grow() {
        moves = Arrays.copyOf(moves, moves.length * 2);
        scores = Arrays.copyOf(scores, moves.length);
    }

    void addEntry(int sq) {
        if (count == moves.length) grow();
        moves[count++] = ENTRY | (long) (sq << 6 | sq) << 32;
    }

    /** Makes room for {@code n} more moves. */
    void ensureRoom(int n) {
        while (count + n > moves.length) grow();
    }

    /**
     * Adds the step when {@code vacant} is 1, and only writes past the list when it is 0: the
     * generator's test of the square is not a branch, whose outcome no predictor knows. Needs
     * {@link #ensureRoom} first.
     */
    void addStepIf(int from, int to, int vacant) {
        moves[count] = STEP | (long) (from << 6 | to) << 32;
        count += vacant;
    }

    void addCapture(int[] route, int squares) {
        if (count == moves.length) grow();
        if (used + squares + 1 > data.length) data = Arrays.copyOf(data, Math.max(data.length * 2, used + squares + 1));
        moves[count++] = used | (long) (route[0] << 6 | route[squares - 1]) << 32;
        data[used] = squares | CAPTURE;
        System.arraycopy(route, 0, data, used + 1, squares);
        used += squares + 1;
    }

    /** Number of squares in move i's route. */
    int length(int i) {
        long m = moves[i];
        if ((m & KIND) == ENTRY) return 1;
        if ((m & KIND) == STEP) return 2;
        return data[(int) m] & LENGTH_MASK;
    }

    /** Square k of move i's route (0 its first). */
    private int square(int i, int k) {
        long m = moves[i];
        if ((m & KIND) != 0) return k == 0 ? ends(i) >>> 6 : ends(i) & 63;
        return data[(int) m + 1 + k];
    }

    /**
     * A 32-bit name of move i, the same for the same route in any list: entries and steps
     * spelled out, captures a mix of their route. Used to find a remembered move again.
     */
    int key(int i) {
        long m = moves[i];
        int ends = ends(i);
        if ((m & KIND) == ENTRY) return entryKey(ends);
        if ((m & KIND) == STEP) return stepKey(ends);
        int off = (int) m;
        int n = data[off] & LENGTH_MASK;
        long h = n;
        for (int k = 1; k <= n; k++) h = h * 64 + data[off + k];
        h = FastBoard.mix(h);
        return (int) (h ^ (h >>> 32)) | (1 << 30);
    }

    /** {@link #key} of an entry whose {@link #ends} are {@code ends}. */
    static int entryKey(int ends) {
        return 1 + (ends & 63);
    }

    /** {@link #key} of a step whose {@link #ends} are {@code ends}. */
    static int stepKey(int ends) {
        return (1 << 16) | ((ends >>> 6) << 8) | (ends & 63);
    }

    /**
     * Puts the first of the best-scored moves from i on at i, by {@link #scores}. True when the
     * moves from i on were in order already (no score above the one before it): then no later
     * pick would move any, and the search stops asking.
     */
    boolean pick(int i) {
        int best = i;
        int top = scores[i];
        int before = top;
        boolean ordered = true;
        for (int j = i + 1; j < count; j++) {
            int s = scores[j];
            ordered &= s <= before;
            if (s > top) {
                best = j;
                top = s;
            }
            before = s;
        }
        if (best == i) return ordered;
        swap(i, best);
        return false;
    }

    /** Swaps moves i and j (and their scores). */
    void swap(int i, int j) {
        long m = moves[i];
        moves[i] = moves[j];
        moves[j] = m;
        int s = scores[i];
        scores[i] = scores[j];
        scores[j] = s;
    }

    /** Move i as the rules engine's value (routes here are the board's bits). */
    Move toMove(FastBoard b, int i) {
        int n = length(i);
        int[] route = new int[n];
        for (int k = 0; k < n; k++) route[k] = b.sqOf[square(i, k)];
        return Move.of(b.board, route);
    }

    /** The index of the move with this route, or -1. */
    int indexOf(FastBoard b, Move m) {
        for (int i = 0; i < count; i++) {
            int n = length(i);
            if (n != m.length()) continue;
            boolean same = true;
            for (int k = 0; k < n && same; k++) same = square(i, k) == b.bitOf[m.square(k)];
            if (same) return i;
        }
        return -1;
    }
}
