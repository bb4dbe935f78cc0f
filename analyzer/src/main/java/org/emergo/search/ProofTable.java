package org.emergo.search;

import java.util.Arrays;

/**
 * The proofs' table of positions: a {@link TranspositionTable}'s entry (the same packing) and,
 * beside it, what the squares looked like in every position the search of that entry could
 * have gone through without an entry or a column taken: the squares occupied in all of them
 * ({@link #inAll}) and in any of them ({@link #inAny}). A position whose occupied squares do not
 * fit between the two was not among them, so it cannot have made a draw by repetition there:
 * the entry holds for a path that holds only such positions (docs/engine.md#the-proofs-table).
 */
final class ProofTable {

    /** Searches numbered in 10 bits, as in {@link TranspositionTable}. */
    private static final int STAMPS = 1 << 10;

    // per slot: key, data (TranspositionTable's packing), squares in all, squares in any
    private final long[] slots;
    private final int mask;
    private int stamp;
    /** The slot of the last {@link #probe} that found an entry. */
    private int found;

    ProofTable(int bits) {
        if (bits < 1 || bits > 26) throw new IllegalArgumentException("table bits out of range: " + bits);
        slots = new long[4 << bits];
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

    /** The data of this key's entry for the current search, or 0; its squares are then {@link #inAll()} and {@link #inAny()}. */
    long probe(long key) {
        int i = ((int) key & mask) << 2;
        long data = slots[i + 1];
        if (slots[i] != key || (data & (STAMPS - 1)) != stamp) return 0;
        found = i;
        return data;
    }

    /** The squares occupied in every position the last entry found was searched through. */
    long inAll() {
        return slots[found + 2];
    }

    /** The squares occupied in any of them. */
    long inAny() {
        return slots[found + 3];
    }

    /** Remembers a position's best move alone (bound NONE), unless its entry holds a bound already. */
    void storeMove(long key, int depth, int move) {
        int i = ((int) key & mask) << 2;
        long old = slots[i + 1];
        if ((old & (STAMPS - 1)) == stamp && (slots[i] == key ? TranspositionTable.bound(old) != TranspositionTable.NONE
                : TranspositionTable.depth(old) > depth)) return;
        store(key, depth, TranspositionTable.NONE, 0, move, 0, 0);
    }

    void store(long key, int depth, int bound, int score, int move, long inAll, long inAny) {
        int i = ((int) key & mask) << 2;
        long old = slots[i + 1];
        if ((old & (STAMPS - 1)) == stamp && slots[i] != key && TranspositionTable.depth(old) > depth) return;
        slots[i] = key;
        slots[i + 1] = ((long) (move & 0xffffff) << 40)
                | (((long) score & 0x3fffff) << 18)
                | ((long) Math.min(depth, 63) << 12)
                | ((long) bound << 10)
                | stamp;
        slots[i + 2] = inAll;
        slots[i + 3] = inAny;
    }
}
