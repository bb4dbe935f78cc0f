package org.emergo.puzzle;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * A puzzle: a position, and the solution from it, the solver's moves with the opponent's best
 * replies between; it starts with a move the solver is asked for and ends with a move of his.
 *
 * @param position   the position, the solver to move
 * @param steps      the solution, move by move
 * @param men        men the solution wins by force at the first move's horizon (all the
 *                   opponent's where it wins the game)
 * @param game       whether it wins the game
 * @param themes     what it is about, read from the solver's moves
 * @param difficulty bits of choice: over the moves the solver is asked, the sum of log2 of the
 *                   legal moves he chooses among
 */
public record Puzzle(Position position, List<Step> steps, int men, boolean game, Set<Theme> themes, double difficulty) {

    /** Who plays a move of the solution, and whether the solver is asked for it. */
    public enum Role {
        /** the solver's, the only move that wins: he is asked for it */
        ASKED,
        /** the solver's, but forced (one legal move, or every move takes the same men): played for him */
        FORCED,
        /** the opponent's best reply, played for him */
        REPLY
    }

    /**
     * A move of the solution. For an ASKED move, {@code from} and {@code horizon}: it wins
     * uniquely at every horizon from {@code from} to {@code horizon} plies (0 for the others).
     */
    public record Step(Move move, Role role, int from, int horizon) {}

    public Puzzle {
        steps = List.copyOf(steps);
        themes = Set.copyOf(themes);
    }

    public Side solver() {
        return position.sideToMove();
    }

    /** The solution's moves. */
    public List<Move> moves() {
        List<Move> out = new ArrayList<>(steps.size());
        for (Step s : steps) out.add(s.move());
        return out;
    }

    /** How many moves the solver is asked for. */
    public int asked() {
        int n = 0;
        for (Step s : steps) if (s.role() == Role.ASKED) n++;
        return n;
    }

    /** The solution in canonical notation, moves separated by spaces. */
    public String movesText() {
        StringBuilder sb = new StringBuilder();
        for (Step s : steps) {
            if (sb.length() > 0) sb.append(' ');
            sb.append(s.move());
        }
        return sb.toString();
    }
}
