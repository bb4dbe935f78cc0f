package org.emergo.review;

import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;

/** The rules engine's check of a line of moves: each one legal in the position the ones before it leave. */
public final class ForcingLine {

    private ForcingLine() {}

    /** Whether every move of {@code line} is legal, in turn, from {@code from}; an empty line is not a proof. */
    public static boolean replaysLegally(Position from, List<Move> line) {
        if (line.isEmpty()) return false;
        Position p = from;
        for (Move m : line) {
            if (!MoveGen.legalMoves(p).contains(m)) return false;
            p = p.play(m);
        }
        return true;
    }
}
