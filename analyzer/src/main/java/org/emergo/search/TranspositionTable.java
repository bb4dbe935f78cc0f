package org.emergo.search;

import java.util.Arrays;

/**
 * The transposition table: per entry the position's hash, the depth searched, the bound type,
 * the score and the best move's key, in two longs side by side (one cache line). Entries carry
 * the number of the search that wrote them, and a search reads only its own: results never
 * depend on earlier calls. Replaces by depth within a search.
 */
final class TranspositionTable {

    /** Bound types. NONE: the entry only remembers a move (its score may depend on the path). */
    static final int NONE = 0;
    static final int LOWER = 1;
    static final int UPPER = 2;
    static final int EXACT = 3;

    /** Searches numbered in 10 bits; the table is cleared when the number comes round. */
    private static final int STAMPS = 1 << 10;

    // data: move key (24 bits) | score (22 bits, signed) | depth (6) | bound (2) | stamp (10)
    private final long[] slots;
    private final int mask;
    private int stamp;

    TranspositionTable(int bits) {
        if (bits < 1 || bits > 28) throw new IllegalArgumentException("table bits out of range: " + bits);
        slots = new long[2 << bits];
        mask = (1 << bits) - 1;
    }

    /** Starts a new search: every entry written before is ignored from now on. */
    void newSearch() {
        stamp++;
        if (stamp == STAMPS) {
            Arrays.fill(slots, 0);
            stamp = 1;
        }
    }

    /** The data of this position's entry for the current search, or 0. */
    long probe(long key) {
        int i = ((int) key & mask) << 1;
        long data = slots[i + 1];
        return slots[i] == key && (data & (STAMPS - 1)) == stamp ? data : 0;
    }

    static int move(long data) {
        return (int) (data >>> 40);
    }

    static int score(long data) {
        return (int) (data << 24 >> 42);
    }

    static int depth(long data) {
        return (int) (data >>> 12) & 0x3f;
    }

    static int bound(long data) {
        return (int) (data >>> 10) & 3;
    }

    void store(long key, int depth, int bound, int score, int move) {
        int i = ((int) key & mask) << 1;
        long old = slots[i + 1];
        if ((old & (STAMPS - 1)) == stamp && slots[i] != key && depth(old) > depth) return;
        slots[i] = key;
        slots[i + 1] = ((long) (move & 0xffffff) << 40)
                | (((long) score & 0x3fffff) << 18)
                | ((long) Math.min(depth, 63) << 12)
                | ((long) bound << 10)
                | stamp;
    }

    /** The part of a move key the table keeps. */
    static int moveKey(int key) {
        return key & 0xffffff;
    }
}
