package org.emergo.store.review;

import java.time.LocalDateTime;
import java.util.List;
import org.emergo.review.ReviewText;
import org.emergo.rules.Side;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement.MoveClass;

/**
 * A game's review as stored (tables review, review_ply, review_setting): what the viewer and
 * the API show, in the analyzer's types; {@link ReviewText} words it.
 *
 * @param setting      {@code depth=N} or {@code nodes=N}
 * @param curve        the winning-chance curve the classes come from, as {@code k=... offset=...}
 * @param curveSource  {@code default} (the engine's, from self-play) or {@code fitted} (to this database's games)
 * @param moves        the moves judged: positions 0..moves are in {@code positions}
 * @param stoppedAtPly the ply of a move the rules refused, where the review stopped; null when none
 * @param positions    one per position from the start, with the move played from it
 */
public record StoredReview(
        long gameId,
        String setting,
        String engineVersion,
        String curve,
        String curveSource,
        int moves,
        Integer stoppedAtPly,
        LocalDateTime reviewedAt,
        SideFigures white,
        SideFigures black,
        List<Ply> positions) {

    public StoredReview {
        positions = List.copyOf(positions);
    }

    /** The comment an annotated export writes after the move of a ply (1 the first move), null beyond the review. */
    public String comment(int ply) {
        if (ply < 1 || ply >= positions.size()) return null;
        return ReviewText.comment(positions.get(ply - 1), positions.get(ply).scoreWhite());
    }

    /** One side's figures: accuracy 0 to 100 (null without a move), counts of classes and of forced-loss verdicts. */
    public record SideFigures(Double accuracy, int inaccuracies, int mistakes, int blunders, int forcedLosses) {}

    /**
     * One position and the move played from it (review_ply).
     *
     * @param player      the side to move
     * @param scoreWhite  hundredths of a man from White's view; ±(1,000,000 - plies) for a won or lost game
     * @param bestMove    the search's move, null where the game is over
     * @param line        the line the search expects, from bestMove
     * @param played      the move played from here, null at the last position
     * @param loss        hundredths of a man given away against the best move (mover's view), null without a move
     * @param chancesLost the mover's winning chances given away, 0 to 1, null without a move
     * @param moveClass   the move's class; null without a move
     * @param forcedMen   men the move played loses by force (with forcedPlies and forcedLine), or null
     * @param forcedLine  the forcing line from the move played, empty without a verdict
     * @param forcedKind  what the verdict says is lost; null without a verdict
     * @param proof       the exact proof's outcome on the move played; null where none was tried
     * @param proofHorizon the deepest horizon the proof completed, in plies; null where none was tried
     */
    public record Ply(
            int ply,
            Side player,
            int scoreWhite,
            String bestMove,
            int depth,
            long nodes,
            List<String> line,
            String played,
            Integer loss,
            Double chancesLost,
            MoveClass moveClass,
            Integer forcedMen,
            Integer forcedPlies,
            List<String> forcedLine,
            ForcedLoss.Kind forcedKind,
            ForcedLoss.Outcome proof,
            Integer proofHorizon) implements ReviewText.Judged {

        public Ply {
            line = List.copyOf(line);
            forcedLine = List.copyOf(forcedLine);
        }
    }
}
