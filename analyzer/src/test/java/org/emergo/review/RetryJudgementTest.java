package org.emergo.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.emergo.rules.Variant;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.Limit;
import org.junit.jupiter.api.Test;

/** A move tried again is judged as the review judged the moves played: the same search, the same curve. */
class RetryJudgementTest {

    @Test
    void theBestMoveIsGoodAndAMoveTheReviewClassedWithoutAProofGetsTheSameClass() {
        Reviewer retry = new Reviewer(Limit.depth(4));
        int compared = 0;
        for (ReviewedSample.Reviewed r : ReviewedSample.review(Variant.EMERGO, 0, 2, 1)) {
            for (PlyReview p : r.review().plies()) {
                if (p.played() == null) continue;
                assertEquals(MoveClass.GOOD, retry.classOf(r.game(), p.ply(), p.bestMove()));
                if (p.proof() != null || p.ply() % 3 != 0) continue;
                assertEquals(p.moveClass(), retry.classOf(r.game(), p.ply(), p.played()), () -> "ply " + p.ply());
                compared++;
            }
        }
        assertTrue(compared >= 20, "compared: " + compared);
    }
}
