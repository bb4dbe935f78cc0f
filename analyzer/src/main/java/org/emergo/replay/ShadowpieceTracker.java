package org.emergo.replay;

import java.util.ArrayList;
import java.util.List;
import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/** Follows every shadowpiece from its entry until its owner loses the top (docs/rules.md#shadowpieces). */
final class ShadowpieceTracker {

    private static final class Tracked {
        final int ply;
        final Side player;
        final String entered;
        final int size;
        int square;
        int timesJumped;
        int lastHeight;
        int endPly = -1;
        Shadowpiece.Fate fate = Shadowpiece.Fate.STANDING;

        Tracked(int ply, Side player, int square, int size, Board board) {
            this.ply = ply;
            this.player = player;
            this.entered = board.name(square);
            this.square = square;
            this.size = size;
            this.lastHeight = size;
        }
    }

    private final List<Tracked> all = new ArrayList<>();

    void afterMove(Position before, Move move, Position after, int ply) {
        Side mover = before.sideToMove();
        for (Tracked t : all) {
            if (t.endPly >= 0) continue;
            if (t.player == mover && move.kind() != Move.Kind.ENTER && move.from() == t.square) {
                t.square = move.to();
            } else if (t.player != mover && move.isCapture()) {
                t.timesJumped += jumpsOver(move, t.square);
            }
            Column c = after.column(t.square);
            if (c == null || c.owner() != t.player) {
                t.endPly = ply;
                t.fate = c == null ? Shadowpiece.Fate.TAKEN : Shadowpiece.Fate.FREED;
            } else {
                t.lastHeight = c.height();
            }
        }
        // The shadowpiece: all men entered at once because the opponent has none in hand.
        Side opponent = mover.opponent();
        if (move.kind() == Move.Kind.ENTER && before.inHand(opponent) == 0 && before.inHand(mover) >= 2) {
            all.add(new Tracked(ply, mover, move.from(), before.inHand(mover), before.board()));
        }
    }

    private static int jumpsOver(Move capture, int square) {
        Board b = capture.board();
        int n = 0;
        for (int i = 1; i < capture.length(); i++) {
            int from = capture.square(i - 1);
            if (b.neighbour(from, b.jumpDirection(from, capture.square(i))) == square) n++;
        }
        return n;
    }

    List<Shadowpiece> finish(Position last) {
        List<Shadowpiece> out = new ArrayList<>(all.size());
        Board board = last.board();
        for (Tracked t : all) {
            out.add(new Shadowpiece(t.ply, t.player, t.entered, t.size, t.timesJumped, t.endPly, t.fate,
                    board.name(t.square), t.lastHeight));
        }
        return out;
    }
}
