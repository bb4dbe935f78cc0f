package org.emergo.search;

import java.util.Arrays;
import org.emergo.rules.Move;

/**
 * The moves of one position as routes packed into one int array, reused from node to node:
 * move i starts at {@code data[offset(i)]}, a head (number of squares, and a flag for a
 * capture), then its squares. No allocation once the arrays have grown to fit.
 */
final class MoveList {

    static final int LENGTH_MASK = 0xff;
    static final int CAPTURE = 0x100;

    int[] data = new int[256];
    private int[] offsets = new int[64];
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

    int offset(int i) {
        return offsets[i];
    }

    private void room(int ints) {
        if (count == offsets.length) {
            offsets = Arrays.copyOf(offsets, count * 2);
            scores = Arrays.copyOf(scores, count * 2);
        }
        if (used + ints > data.length) data = Arrays.copyOf(data, Math.max(data.length * 2, used + ints));
    }

    void addEntry(int sq) {
        if (count == offsets.length || used + 2 > data.length) room(2);
        offsets[count++] = used;
        data[used] = 1;
        data[used + 1] = sq;
        used += 2;
    }

    void addStep(int from, int to) {
        if (count == offsets.length || used + 3 > data.length) room(3);
        offsets[count++] = used;
        data[used] = 2;
        data[used + 1] = from;
        data[used + 2] = to;
        used += 3;
    }

    void addCapture(int[] route, int squares) {
        room(squares + 1);
        offsets[count++] = used;
        data[used] = squares | CAPTURE;
        System.arraycopy(route, 0, data, used + 1, squares);
        used += squares + 1;
    }

    /** Number of squares in move i's route. */
    int length(int i) {
        return data[offsets[i]] & LENGTH_MASK;
    }

    boolean isCapture(int i) {
        return (data[offsets[i]] & CAPTURE) != 0;
    }

    int from(int i) {
        return data[offsets[i] + 1];
    }

    int to(int i) {
        int off = offsets[i];
        return data[off + (data[off] & LENGTH_MASK)];
    }

    /**
     * A 32-bit name of move i, the same for the same route in any list: entries and steps
     * spelled out, captures a mix of their route. Used to find a remembered move again.
     */
    int key(int i) {
        int off = offsets[i];
        int head = data[off];
        int n = head & LENGTH_MASK;
        if (n == 1) return 1 + data[off + 1];
        if ((head & CAPTURE) == 0) return (1 << 16) | (data[off + 1] << 8) | data[off + 2];
        long h = n;
        for (int k = 1; k <= n; k++) h = h * 64 + data[off + k];
        h = FastBoard.mix(h);
        return (int) (h ^ (h >>> 32)) | (1 << 30);
    }

    /** Swaps moves i and j (their offsets and scores). */
    void swap(int i, int j) {
        int o = offsets[i];
        offsets[i] = offsets[j];
        offsets[j] = o;
        int s = scores[i];
        scores[i] = scores[j];
        scores[j] = s;
    }

    /** Move i as the rules engine's value (routes here are the board's bits). */
    Move toMove(FastBoard b, int i) {
        int off = offsets[i];
        int n = data[off] & LENGTH_MASK;
        int[] route = new int[n];
        for (int k = 0; k < n; k++) route[k] = b.sqOf[data[off + 1 + k]];
        return Move.of(b.board, route);
    }

    /** The index of the move with this route, or -1. */
    int indexOf(FastBoard b, Move m) {
        for (int i = 0; i < count; i++) {
            int off = offsets[i];
            int n = data[off] & LENGTH_MASK;
            if (n != m.length()) continue;
            boolean same = true;
            for (int k = 0; k < n && same; k++) same = data[off + 1 + k] == b.bitOf[m.square(k)];
            if (same) return i;
        }
        return -1;
    }
}
