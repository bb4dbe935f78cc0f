package org.emergo.search;

import org.emergo.rules.Position;

/**
 * The engine: iterative-deepening alpha-beta over one position. One searcher per thread; it
 * keeps its transposition table between calls, but every call's result depends only on its
 * arguments (entries from earlier calls are not used), so a review is the same however its
 * positions are spread over threads.
 */
public final class Searcher {

    /** @param tableBits the transposition table holds 2^tableBits entries */
    public Searcher(int tableBits) {
    }

    /**
     * Searches a position.
     *
     * @param root    the position
     * @param history hashes of the game's positions before root, oldest first (the start
     *                position included), for the repetition rule; empty when unknown
     * @param limit   depth or node budget
     */
    public SearchResult search(Position root, long[] history, Limit limit) {
        throw new UnsupportedOperationException("the search is being written");
    }
}
