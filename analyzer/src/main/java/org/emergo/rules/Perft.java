package org.emergo.rules;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts move sequences of a given length (docs/rules.md#perft) to check the generator. Moves are
 * distinct routes, so two captures with the same start and end count twice. A sequence ends
 * early where the game ends by rule, repetition included (the root counts as one occurrence).
 */
public final class Perft {

    private final Map<Position, Integer> seen = new HashMap<>();

    private Perft() {}

    public static long count(Position root, int depth) {
        if (depth < 0) throw new IllegalArgumentException("depth must be at least 0");
        return new Perft().walk(root, depth);
    }

    /** The count of the sequences of length {@code depth} that start with {@code first} ("divide"). */
    public static long count(Position root, Move first, int depth) {
        if (depth < 1) throw new IllegalArgumentException("depth must be at least 1");
        Perft perft = new Perft();
        perft.seen.put(root, 1);
        return perft.walk(root.play(first), depth - 1);
    }

    private long walk(Position p, int depth) {
        int occurrences = seen.merge(p, 1, Integer::sum);
        try {
            if (depth == 0) return 1;
            if (occurrences >= 3) return 0;
            List<Move> moves = MoveGen.legalMoves(p);
            if (depth == 1) return moves.size();
            long n = 0;
            for (Move m : moves) n += walk(p.apply(m), depth - 1);
            return n;
        } finally {
            // Forget positions left behind, so the map holds only the current path.
            seen.merge(p, -1, (a, b) -> a + b == 0 ? null : a + b);
        }
    }
}
