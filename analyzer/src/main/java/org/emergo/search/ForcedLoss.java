package org.emergo.search;

import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.Position;

/**
 * Proofs that a move loses men by force: an exact search (no pruning that could change the
 * answer) of every reply up to a horizon. Only a completed proof yields a verdict.
 */
public final class ForcedLoss {

    /**
     * "loses {@code men} men by force within {@code plies} plies", with the forcing line that
     * shows it, starting with the move judged.
     */
    public record Verdict(int men, int plies, List<Move> line) {
        public Verdict {
            line = List.copyOf(line);
        }
    }

    private ForcedLoss() {}

    /**
     * The verdict on {@code played} in {@code before}, or null when it loses no more men by force
     * than the position's best move does within {@code maxPlies}, or the proof would cost more
     * than {@code maxNodes}.
     */
    public static Verdict judge(Position before, long[] history, Move played, int maxPlies, long maxNodes) {
        throw new UnsupportedOperationException("the proof search is being written");
    }
}
