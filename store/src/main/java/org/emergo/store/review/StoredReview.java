package org.emergo.store.review;

import java.time.LocalDateTime;
import java.util.List;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Score;

/**
 * A game's review as stored (tables review, review_ply, review_setting): what the viewer and
 * the API show.
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

    /** One side's figures: accuracy 0 to 100 (null without a move), counts of classes and of forced-loss verdicts. */
    public record SideFigures(Double accuracy, int inaccuracies, int mistakes, int blunders, int forcedLosses) {}

    /**
     * One position and the move played from it (review_ply).
     *
     * @param player      w or b, the side to move
     * @param scoreWhite  hundredths of a man from White's view; ±(1,000,000 - plies) for a won or lost game
     * @param bestMove    the search's move, null where the game is over
     * @param line        the line the search expects, from bestMove
     * @param played      the move played from here, null at the last position
     * @param loss        hundredths of a man given away against the best move (mover's view), null without a move
     * @param chancesLost the mover's winning chances given away, 0 to 1, null without a move
     * @param moveClass   good, inaccuracy, mistake or blunder; null without a move
     * @param forcedMen   men the move played loses by force (with forcedPlies and forcedLine), or null
     * @param forcedLine  the forcing line from the move played, empty without a verdict
     * @param forcedKind  what the verdict says is lost: men, game, no-move, repetition (ForcedLoss.Kind's
     *                    codes); null without a verdict (and for reviews before version 2, men)
     * @param proof       the exact proof's result on the move played: loses, best, neither, unknown;
     *                    null where none was tried
     * @param proofHorizon the deepest horizon the proof completed, in plies; null where none was tried
     */
    public record Ply(
            int ply,
            String player,
            int scoreWhite,
            String bestMove,
            int depth,
            long nodes,
            List<String> line,
            String played,
            Integer loss,
            Double chancesLost,
            String moveClass,
            Integer forcedMen,
            Integer forcedPlies,
            List<String> forcedLine,
            String forcedKind,
            String proof,
            Integer proofHorizon) {

        public Ply {
            line = List.copyOf(line);
            forcedLine = List.copyOf(forcedLine);
        }

        /** "loses 3 men by force within 6 plies", "loses the game by force within 4 plies", ..., or null. */
        public String verdict() {
            return forcedMen == null ? null
                    : new ForcedLoss.Verdict(ForcedLoss.Kind.of(forcedKind), forcedMen, forcedPlies, List.of(),
                            proofHorizon == null ? 0 : proofHorizon).text();
        }

        /** The score in words, for White: "+1.25", "-0.50", "White wins in 7 plies", "Black has won". */
        public String scoreText() {
            if (Score.isWin(scoreWhite) || Score.isLoss(scoreWhite)) {
                String side = Score.isWin(scoreWhite) ? "White" : "Black";
                int plies = Score.pliesToEnd(scoreWhite);
                return plies == 0 ? side + " has won" : side + " wins in " + plies(plies);
            }
            return String.format(java.util.Locale.ROOT, "%+.2f", scoreWhite / 100.0);
        }

        private static String plies(int n) {
            return n + (n == 1 ? " ply" : " plies");
        }
    }
}
