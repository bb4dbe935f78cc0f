package org.emergo.replay;

import org.emergo.rules.Side;

/**
 * One rule breach found in a record (docs/findings.md#finding-codes), as data.
 *
 * @param ply           the move's number in the main line (1 is the first move); for
 *                      RESULT_MISMATCH the ply at which the game ended by rule
 * @param code          what is wrong
 * @param player        who made the move (for RESULT_MISMATCH the side to move at the end)
 * @param moveText      the move as written, or the result tag for RESULT_MISMATCH
 * @param expected      for capture codes one legal maximal route that was due, else null
 * @param expectedCount men that route takes, 0 when there is none
 * @param message       a sentence for players: "took 2 men; 4 were available: e4xc4xc6xe6xe4"
 */
public record Finding(int ply, FindingCode code, Side player, String moveText, String expected, int expectedCount,
        String message) {}
