package org.emergo.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.junit.jupiter.api.Test;

/**
 * A move tried on the analysis board is judged exactly as the review judges it: the game's own
 * moves, tried one by one, get the review's score, class, loss and verdict, in the review's words.
 */
class TriedMoveTest {

    @Test
    void theGamesOwnMovesTriedGetTheReviewsJudgementToTheWord() {
        int verdicts = 0;
        int judged = 0;
        for (Variant variant : List.of(Variant.EMERGO, Variant.HEXEMERGO)) {
            for (ReviewedSample.Reviewed r : ReviewedSample.review(variant, 0, 2, 1)) {
                Reviewer reviewer = new Reviewer(Limit.depth(4));
                PlayedGame g = r.game();
                for (int ply = 0; ply < g.lastPly(); ply++) {
                    PlyReview review = r.review().plies().get(ply);
                    // the moves the proof could change, and every tenth other one
                    if (review.proof() == null && ply % 10 != 0) continue;
                    PlayedGame upTo = new PlayedGame(g.positions().subList(0, ply + 2), g.moves().subList(0, ply + 1), -1);
                    List<PlyReview> tried = TriedMove.review(reviewer, upTo);
                    PlyReview move = tried.get(0);
                    String where = variant + " ply " + ply + " " + review.played();
                    assertEquals(review.moveClass(), move.moveClass(), where);
                    assertEquals(review.loss(), move.loss(), where);
                    assertEquals(review.forcedLoss(), move.forcedLoss(), where);
                    assertEquals(r.review().plies().get(ply + 1).scoreWhite(), tried.get(1).scoreWhite(), where);
                    assertEquals(ReviewText.judgement(TriedMove.judged(review)), ReviewText.judgement(TriedMove.judged(move)), where);
                    judged++;
                    if (move.forcedLoss() != null) verdicts++;
                }
            }
        }
        assertTrue(judged >= 20, "moves judged: " + judged);
        assertTrue(verdicts >= 2, "verdicts among them: " + verdicts);
    }
}
