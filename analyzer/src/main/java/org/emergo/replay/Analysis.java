package org.emergo.replay;

import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Termination;

/**
 * What replaying one record found (docs/findings.md#how-a-game-is-checked): the positions it went through, the moves
 * carried out, the findings and the end by rule.
 *
 * @param positions    positions after ply 0..n, n = moves carried out
 * @param written      the moves as written, for plies 1..n
 * @param moves        the moves as carried out (canonical via toString), for plies 1..n
 * @param legalMoves   number of legal moves in each position 0..n (0 once the game is over)
 * @param maxCapture   men the longest capture available takes in each position 0..n (0: none)
 * @param hits         per position 0..n, the squares (bit {@code 1L << index}) whose columns a legal capture jumps
 * @param findings     every finding, by ply
 * @param shadowpieces every shadowpiece entered
 * @param termination  how the game ended by rule, ONGOING when it did not (or the replay stopped first)
 * @param resultByRule {@code 1-0}, {@code 0-1}, {@code 1/2-1/2}, or {@code *} while undecided
 * @param endPly       the ply at which the game ended by rule, or -1
 * @param stoppedAtPly the ply of a finding that stopped the replay, or -1
 */
public record Analysis(
        List<Position> positions,
        List<String> written,
        List<Move> moves,
        int[] legalMoves,
        int[] maxCapture,
        long[] hits,
        List<Finding> findings,
        List<Shadowpiece> shadowpieces,
        Termination termination,
        String resultByRule,
        int endPly,
        int stoppedAtPly) {

    /** Moves carried out. */
    public int pliesReplayed() {
        return moves.size();
    }
}
