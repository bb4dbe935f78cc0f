package org.emergo.replay;

import java.util.List;
import org.emergo.rules.Board;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/** Gives an illegal move the first finding code of docs/findings.md#finding-codes that applies. */
final class LegalityCheck {

    private LegalityCheck() {}

    /** The finding for a move that is not among the position's legal moves. */
    static Finding check(Position p, List<Move> legal, Move move, int ply, String text) {
        Side player = p.sideToMove();
        String unplayable = p.unplayableReason(move);
        if (unplayable != null) return finding(ply, FindingCode.UNPLAYABLE, player, text, null, unplayable);
        Move due = !legal.isEmpty() && legal.get(0).isCapture() ? legal.get(0) : null;
        if (due != null && !move.isCapture()) {
            return finding(ply, FindingCode.MISSED_CAPTURE, player, text, due,
                    "a capture was obligatory: " + Replay.due(due));
        }
        if (move.isCapture()) {
            int turn = reverseJumpAt(move);
            if (turn >= 0) {
                return finding(ply, FindingCode.REVERSE_JUMP, player, text, due,
                        "turns back 180 degrees at " + p.board().name(move.square(turn)) + "; due: " + Replay.due(due));
            }
            return finding(ply, FindingCode.MISSED_MAJORITY, player, text, due,
                    "took " + men(move.jumps()) + "; " + due.jumps() + " were available: " + due);
        }
        Board board = p.board();
        if (move.kind() == Move.Kind.STEP && p.inHand(player) > 0) {
            return finding(ply, FindingCode.MOVE_WHILE_IN_HAND, player, text, null,
                    "moved a column with " + men(p.inHand(player)) + " in hand");
        }
        if (move.kind() == Move.Kind.ENTER && p.isStart() && move.from() == board.centre()) {
            return finding(ply, FindingCode.CENTRE_FIRST_ENTRY, player, text, null,
                    "White's first entry may not be on the centre " + board.name(board.centre()));
        }
        if (move.kind() == Move.Kind.ENTER) {
            List<Move> fed = MoveGen.maximalCaptures(p.play(move));
            String example = fed.isEmpty() ? "" : ": " + fed.get(0);
            return finding(ply, FindingCode.FEEDING_ENTRY, player, text, null,
                    "entering on " + board.name(move.from()) + " gives " + player.opponent().name().toLowerCase()
                            + " a capture" + example);
        }
        // Every illegal move is one of the above; this would be an engine defect.
        throw new IllegalStateException("no finding code for " + move + " in " + p);
    }

    /** The index of the landing square where the route turns back on itself, or -1. */
    static int reverseJumpAt(Move move) {
        Board b = move.board();
        for (int i = 2; i < move.length(); i++) {
            int before = b.jumpDirection(move.square(i - 2), move.square(i - 1));
            int after = b.jumpDirection(move.square(i - 1), move.square(i));
            if (after == (before ^ 1)) return i - 1;
        }
        return -1;
    }

    private static Finding finding(int ply, FindingCode code, Side player, String text, Move due, String message) {
        return new Finding(ply, code, player, text, due == null ? null : due.toString(), due == null ? 0 : due.jumps(), message);
    }

    private static String men(int n) {
        return n + (n == 1 ? " man" : " men");
    }
}
