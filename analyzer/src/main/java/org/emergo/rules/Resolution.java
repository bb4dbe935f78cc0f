package org.emergo.rules;

import java.util.List;

/** What a written move means in a position (docs/formats.md#notation), before its legality is judged. */
public sealed interface Resolution {

    /** The move to check and carry out; {@code shortForm} when it was matched from a short form. */
    record Resolved(Move move, boolean shortForm) implements Resolution {}

    /** A written square that the board does not have (docs/findings.md#not_on_board). */
    record NotOnBoard(String square) implements Resolution {}

    /** A short form that matches no legal move and is no chain of jumps (UNPLAYABLE). */
    record Unplayable(String reason) implements Resolution {}

    /** A short form matching legal moves that leave different positions (AMBIGUOUS_MOVE). */
    record Ambiguous(List<Move> candidates) implements Resolution {}
}
