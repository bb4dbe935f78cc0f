package org.emergo.search;

/**
 * The transposition table: per entry the position's hash, the depth searched, the bound type,
 * the score and the best move's key. Entries carry the number of the search that wrote them,
 * and a search reads only its own: results never depend on earlier calls. Replaces by depth
 * within a search.
 */
final class TranspositionTable {

    /** Bound types. NONE: the entry only remembers a move (its score may depend on the path). */
    static final int NONE = 0;
    static final int LOWER = 1;
    static final int UPPER = 2;
    static final int EXACT = 3;

    private final long[] keys;
    private final long[] data;
    private final int[] stamps;
    private final int mask;
    private int stamp;

    TranspositionTable(int bits) {
        if (bits < 1 || bits > 28) throw new IllegalArgumentException("table bits out of range: " + bits);
        keys = new long[1 << bits];
        data = new long[1 << bits];
        stamps = new int[1 << bits];
        mask = (1 << bits) - 1;
    }

    /** Starts a new search: every entry written before is ignored from now on. */
    void newSearch() {
        stamp++;
        if (stamp == 0) {
            java.util.Arrays.fill(stamps, 0);
            stamp = 1;
        }
    }

    /** The slot holding this position for the current search, or -1. */
    int probe(long key) {
        int i = (int) key & mask;
        return stamps[i] == stamp && keys[i] == key ? i : -1;
    }

    int move(int slot) {
        return (int) data[slot];
    }

    int score(int slot) {
        return (int) (data[slot] >> 32) >> 8;
    }

    int depth(int slot) {
        return (int) (data[slot] >>> 32) & 0x3f;
    }

    int bound(int slot) {
        return (int) (data[slot] >>> 38) & 3;
    }

    void store(long key, int depth, int bound, int score, int move) {
        int i = (int) key & mask;
        if (stamps[i] == stamp && keys[i] != key && depth((i)) > depth) return;
        keys[i] = key;
        stamps[i] = stamp;
        long hi = ((long) score << 8) | ((long) bound << 6) | Math.min(depth, 63);
        data[i] = (hi << 32) | (move & 0xffffffffL);
    }
}
