package org.emergo.search;

import java.util.List;
import org.emergo.rules.Move;

/**
 * What the search says of one position.
 *
 * @param score    in hundredths of a man, from the side to move's view ({@link Score} for wins)
 * @param bestMove the move it would play; null when the game is over in this position
 * @param depth    the last depth searched to its end, in plies
 * @param nodes    positions visited
 * @param line     the line it expects, starting with bestMove (empty when the game is over)
 */
public record SearchResult(int score, Move bestMove, int depth, long nodes, List<Move> line) {
    public SearchResult {
        line = List.copyOf(line);
    }
}
