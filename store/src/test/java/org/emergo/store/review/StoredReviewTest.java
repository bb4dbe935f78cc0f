package org.emergo.store.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.LocalDateTime;
import java.util.List;
import org.emergo.review.ReviewText;
import org.emergo.rules.Side;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.Score;
import org.junit.jupiter.api.Test;

/** A stored review worded by ReviewText: the export's comments, the signs, the judgement's sentences. */
class StoredReviewTest {

    private static StoredReview.Ply ply(int ply, String player, int scoreWhite, String best, String played, Integer loss,
            Double chancesLost, String moveClass, Integer forcedMen, List<String> forcedLine, String proof) {
        return new StoredReview.Ply(ply, Side.ofLetter(player.charAt(0)), scoreWhite, best, 4, 100, List.of(), played, loss,
                chancesLost, MoveClass.of(moveClass), forcedMen, forcedMen == null ? null : 2, forcedLine,
                forcedMen == null ? null : ForcedLoss.Kind.MEN, ForcedLoss.Outcome.of(proof), proof == null ? null : 8);
    }

    private static StoredReview review(List<StoredReview.Ply> plies) {
        StoredReview.SideFigures none = new StoredReview.SideFigures(null, 0, 0, 0, 0);
        return new StoredReview(1, "depth=4", "2", "k=0.004 offset=0", "default", plies.size() - 1, null,
                LocalDateTime.of(2026, 12, 1, 0, 0), none, none, plies);
    }

    @Test
    void theScoreIsWrittenAsLichessWritesItsEvalWithAWinInMovesOfTheWinner() {
        assertEquals("0.35", ReviewText.eval(35));
        assertEquals("-1.20", ReviewText.eval(-120));
        // White wins in 7 plies: White moves at plies 1, 3, 5 and 7
        assertEquals("#4", ReviewText.eval(Score.WIN - 7));
        assertEquals("#-3", ReviewText.eval(-(Score.WIN - 6)));
        assertNull(ReviewText.eval(Score.WIN), "the game is over");
    }

    @Test
    void aMoveGetsItsSignAndWordsAndAGoodOneOnlyItsScore() {
        StoredReview r = review(List.of(
                ply(0, "w", 10, "f4", "d2", 160, 0.16, "blunder", 1, List.of("d2", "d7xd5"), "loses"),
                ply(1, "b", 150, "e6", "e6", 0, 0.0, "good", null, List.of(), null),
                ply(2, "w", 150, "g4", null, null, null, null, null, List.of(), null)));
        assertEquals("??", ReviewText.glyph(r.positions().get(0).moveClass()));
        assertEquals("[%eval 1.50] A blunder: it cost White 16 points of winning chances, 1.60 men against the best move, f4."
                + " It loses 1 man by force within 2 plies: d2 d7xd5.", r.comment(1));
        assertNull(ReviewText.glyph(r.positions().get(1).moveClass()));
        assertEquals("[%eval 1.50]", r.comment(2));
        assertNull(r.comment(3), "beyond the review");
        assertEquals("The engine's own choice.", ReviewText.judgement(r.positions().get(1)));
    }

    @Test
    void aMoveTheProofFindsKeepsMaterialSaysSoAndALossOfNothingIsAsGoodAsTheBest() {
        StoredReview.Ply capped = ply(0, "b", 0, "d6", "e8", 420, 0.05, "inaccuracy", null, List.of(), "best");
        assertEquals("An inaccuracy: it cost Black 5 points of winning chances, 4.20 men against the best move, d6."
                + " The exact proof finds that it keeps as much material as any other move within 8 plies, so it counts"
                + " as no worse than an inaccuracy.", ReviewText.judgement(capped));
        StoredReview.Ply equal = ply(0, "w", 0, "f3", "f7", 0, 0.0, "good", null, List.of(), null);
        assertEquals("As good as the best move, f3.", ReviewText.judgement(equal));
    }
}
