package org.emergo.replay;

import org.emergo.rules.Side;

/**
 * A shadowpiece (docs/rules.md#shadowpieces: all remaining men entered as one column) and what became of it.
 *
 * @param ply         the ply that entered it
 * @param player      who entered it
 * @param square      where it was entered
 * @param size        men in it when entered
 * @param timesJumped how often the opponent took a man from it
 * @param endPly      the ply at which its owner lost the top, or -1 while it still stands
 * @param fate        what became of it
 * @param lastSquare  where it stood last
 * @param lastHeight  its height when it last stood (before its last jailer was taken)
 */
public record Shadowpiece(int ply, Side player, String square, int size, int timesJumped, int endPly, Fate fate,
        String lastSquare, int lastHeight) {

    /** Plies from its entry until it lost the top, or until the end of the replay while it stands. */
    public int pliesOnTop(int lastPly) {
        return (endPly < 0 ? lastPly : endPly) - ply;
    }

    public enum Fate {
        /** Still owned by the player when the replay ended. */
        STANDING,
        /** Its last jailer was taken and nothing was left: the square became vacant. */
        TAKEN,
        /** Its last jailer was taken and the prisoners below it were freed, to the opponent. */
        FREED
    }
}
