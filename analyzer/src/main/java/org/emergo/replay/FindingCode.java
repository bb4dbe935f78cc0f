package org.emergo.replay;

/** The analyser's finding codes (docs/findings.md#finding-codes), in the order in which they are tried. */
public enum FindingCode {
    NOT_ON_BOARD(true),
    UNPLAYABLE(true),
    MISSED_CAPTURE(false),
    REVERSE_JUMP(false),
    MISSED_MAJORITY(false),
    MOVE_WHILE_IN_HAND(false),
    CENTRE_FIRST_ENTRY(false),
    FEEDING_ENTRY(false),
    AMBIGUOUS_MOVE(true),
    /** A move after the game ended by rule (docs/rules.md#end-of-the-game); checked before all others. */
    MOVES_AFTER_END(true),
    /** The result tag disagrees with the game's end by rule. */
    RESULT_MISMATCH(false);

    private final boolean stopsReplay;

    FindingCode(boolean stopsReplay) {
        this.stopsReplay = stopsReplay;
    }

    /** Whether the replay ends at a move with this code; otherwise the move is carried out as written. */
    public boolean stopsReplay() {
        return stopsReplay;
    }

    /** Whether the finding names a capture that was due. */
    public boolean isCaptureCode() {
        return this == MISSED_CAPTURE || this == REVERSE_JUMP || this == MISSED_MAJORITY;
    }
}
