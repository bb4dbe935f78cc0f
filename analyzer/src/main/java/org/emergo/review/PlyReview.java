package org.emergo.review;

import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.Side;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement.MoveClass;

/**
 * The engine's judgement of one position of a game and of the move played from it.
 *
 * @param ply         the position after {@code ply} moves (0: the start)
 * @param toMove      the side to move there
 * @param scoreWhite  the search's score of the position in hundredths of a man from White's view
 *                    (a won game {@code ±(Score.WIN - plies to the end)})
 * @param bestMove    the move the search would play; null where the game is over
 * @param depth       the depth searched to its end, in plies
 * @param nodes       positions the search visited
 * @param line        the line the search expects, from bestMove
 * @param played      the move played from here; null from the last position reviewed
 * @param loss        hundredths of a man the move played gave away against the best move, from
 *                    the mover's view, at least 0 (scores capped at ±{@link MoveJudgements#SCORE_CAP});
 *                    0 for the best move; null without a move
 * @param chancesLost the mover's winning chances the move gave away (0 to 1); null without a move
 * @param moveClass   the move's class by {@code chancesLost}; null without a move
 * @param forcedLoss  "loses N men by force within M plies" with its forcing line, from the move
 *                    played; null when no exact proof says so
 * @param proof       what the exact proof found about the move played, at which horizon; null where none was tried
 */
public record PlyReview(
        int ply,
        Side toMove,
        int scoreWhite,
        Move bestMove,
        int depth,
        long nodes,
        List<Move> line,
        Move played,
        Integer loss,
        Double chancesLost,
        MoveClass moveClass,
        ForcedLoss.Verdict forcedLoss,
        ForcedLoss.Proof proof) {

    public PlyReview {
        line = List.copyOf(line);
    }
}
