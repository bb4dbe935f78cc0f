package org.emergo.review;

import java.util.List;
import org.emergo.replay.Analysis;
import org.emergo.replay.Finding;
import org.emergo.replay.FindingCode;
import org.emergo.replay.Replay;
import org.emergo.rules.Move;
import org.emergo.rules.Position;

/**
 * A game as a review sees it: its positions and moves from the start up to the first move the
 * rules refuse (any finding but RESULT_MISMATCH), which the engine cannot judge: it judges legal
 * play only. Position {@code ply} is the one after {@code ply} moves, 0 the start.
 *
 * @param positions    positions 0..n
 * @param moves        the legal moves played, move k (from 1) at index k - 1, n in all
 * @param stoppedAtPly the ply of the move the rules refused, or -1 when every move was legal
 */
public record PlayedGame(List<Position> positions, List<Move> moves, int stoppedAtPly) {

    public PlayedGame {
        positions = List.copyOf(positions);
        moves = List.copyOf(moves);
        if (positions.size() != moves.size() + 1) throw new IllegalArgumentException("a position before and after each move");
    }

    /** Replays a record's moves as written from its start position (Replay, the analysis's own reading). */
    public static PlayedGame replay(Position start, List<String> moveTexts) {
        Analysis a = Replay.analyse(start, moveTexts, "*");
        int firstRefused = -1;
        for (Finding f : a.findings()) {
            if (f.code() != FindingCode.RESULT_MISMATCH && (firstRefused < 0 || f.ply() < firstRefused)) firstRefused = f.ply();
        }
        int legal = firstRefused < 0 ? a.moves().size() : firstRefused - 1;
        return new PlayedGame(a.positions().subList(0, legal + 1), a.moves().subList(0, legal), firstRefused);
    }

    /** The last ply: the number of moves. */
    public int lastPly() {
        return moves.size();
    }

    /** The move played from position {@code ply}, or null from the last. */
    public Move moveFrom(int ply) {
        return ply < moves.size() ? moves.get(ply) : null;
    }

    /** The hashes of the positions before {@code ply}, oldest first: the search's repetition history. */
    public long[] history(int ply) {
        long[] h = new long[ply];
        for (int i = 0; i < ply; i++) h[i] = positions.get(i).hash();
        return h;
    }
}
