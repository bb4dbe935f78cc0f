package org.emergo.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A game in progress: its positions from the start and how often each occurred, for the
 * repetition rule (docs/rules.md#repetition: the start counts as the first occurrence, the third ends
 * the game at once).
 */
public final class Game {

    private final List<Position> positions = new ArrayList<>();
    private final Map<Position, Integer> occurrences = new HashMap<>();
    private List<Move> legal;
    private Termination termination;

    public Game(Position start) {
        add(start);
    }

    /** The position the side to move now faces. */
    public Position current() {
        return positions.get(positions.size() - 1);
    }

    /** Number of moves played (the ply of the current position). */
    public int ply() {
        return positions.size() - 1;
    }

    /** The position after ply n (0 is the start). */
    public Position position(int ply) {
        return positions.get(ply);
    }

    /** The legal moves of the current position (empty once the game is over by rule). */
    public List<Move> legalMoves() {
        return termination.isOver() ? List.of() : legal;
    }

    /** How the game stands now, docs/rules.md#end-of-the-game in its order: loss, no legal move, repetition. */
    public Termination termination() {
        return termination;
    }

    /** Carries out a move as written (legal or not, see {@link Position#play}). */
    public Position play(Move move) {
        return legal.contains(move) ? playLegal(move) : add(current().play(move));
    }

    /**
     * Carries out a move the caller found in {@link #legalMoves()}: known to be playable, so
     * the check that replays it on a scratch board is skipped.
     */
    public Position playLegal(Move move) {
        return add(current().apply(move));
    }

    private Position add(Position p) {
        positions.add(p);
        int seen = occurrences.merge(p, 1, Integer::sum);
        legal = MoveGen.legalMoves(p);
        Termination t = Termination.of(p, legal);
        termination = t == Termination.ONGOING && seen >= 3 ? Termination.REPETITION : t;
        return p;
    }
}
