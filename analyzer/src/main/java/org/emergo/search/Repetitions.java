package org.emergo.search;

import java.util.Arrays;

/**
 * The repetition rule inside a search (docs/rules.md#repetition), for the searcher and the
 * proofs alike: the hashes of the path from the root and of the game's earlier positions, and
 * per ply where the window of positions that can come back begins. Positions before an entry
 * have other hand counts, and positions before a column was taken more columns, so a count looks
 * back only to the last of those moves.
 */
final class Repetitions {

    /** The hash of the position at each ply of the path, the root at 0: the search writes it. */
    final long[] pathHash = new long[FastBoard.MAX_PLY + 1];
    /**
     * Per ply, the ply of the last entry or move that took a column off since the root, or -1 if
     * none: then the game's history counts too.
     */
    private final int[] windowStart = new int[FastBoard.MAX_PLY + 1];
    private long[] history = new long[0];
    /** A bit (hash mod 4096) set for every hash in the history: most positions are found absent at once. */
    private final long[] filter = new long[64];

    /** A search of the root {@code rootHash}, after the game's positions {@code history} (oldest first). */
    void start(long[] history, long rootHash) {
        this.history = history.clone();
        Arrays.sort(this.history);
        Arrays.fill(filter, 0);
        for (long x : history) filter[(int) (x >>> 6) & 63] |= 1L << (x & 63);
        pathHash[0] = rootHash;
        windowStart[0] = -1;
    }

    /** The move from {@code ply} to the next: whether it was an entry or took a column off, after which nothing earlier comes back. */
    void moved(int ply, boolean irreversible) {
        windowStart[ply + 1] = irreversible ? ply + 1 : windowStart[ply];
    }

    /** The ply where the window of positions that can come back begins at {@code ply}; -1: the game's history counts too. */
    int windowStart(int ply) {
        return windowStart[ply];
    }

    /** Whether no position before this ply can come back: the table may cut here, its score cannot depend on the path. */
    boolean isFresh(int ply) {
        return windowStart[ply] == ply;
    }

    /** Whether the position at {@code ply} ({@link #pathHash}) occurs for the third time, the game's history counted. */
    boolean isThirdOccurrence(int ply) {
        long h = pathHash[ply];
        int start = windowStart[ply];
        // Two earlier occurrences on the path need eight plies since the window began.
        if (start >= 0 && ply - start < 8) return false;
        boolean inHistory = start < 0 && (filter[(int) (h >>> 6) & 63] & 1L << (h & 63)) != 0;
        if (start < 0 && ply < 8 && !inHistory) return false;
        int count = 0;
        for (int j = ply - 2; j >= Math.max(start, 0); j -= 2) {
            if (pathHash[j] == h && ++count >= 2) return true;
        }
        if (inHistory) count += historyCount(h);
        return count >= 2;
    }

    /** How often the game's history holds the position {@code h}. */
    int historyCount(long h) {
        int i = Arrays.binarySearch(history, h);
        if (i < 0) return 0;
        int lo = i;
        int hi = i;
        while (lo > 0 && history[lo - 1] == h) lo--;
        while (hi + 1 < history.length && history[hi + 1] == h) hi++;
        return hi - lo + 1;
    }
}
