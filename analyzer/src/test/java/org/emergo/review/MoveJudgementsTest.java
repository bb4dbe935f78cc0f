package org.emergo.review;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.Judgement;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.Score;
import org.emergo.search.WinCurve;
import org.junit.jupiter.api.Test;

/** The judgement of a game's moves from its scores, the game a review sees, and the check of a forcing line. */
class MoveJudgementsTest {

    private static final WinCurve CURVE = new WinCurve(0.002, 0);

    @Test
    void aMoveLosesTheBestScoreLessTheScoreAfterItForTheMoverAndTheBestMoveLosesNothing() {
        assertEquals(300, MoveJudgements.loss(100, -200, false));
        assertEquals(0, MoveJudgements.loss(100, 250, false), "a move better than the search thought loses nothing");
        assertEquals(0, MoveJudgements.loss(100, -200, true), "the search's own move loses nothing");
        assertEquals(MoveJudgements.SCORE_CAP + 100, MoveJudgements.loss(Score.WIN - 5, -100, false),
                "a win counts as 24 men");
    }

    @Test
    void eachMoveIsJudgedFromTheScoresBeforeAndAfterItForTheMoverAndEachSideGetsItsFigures() {
        // White keeps a level game, Black then gives away 4 men (White +400), White gives 2 back
        Side[] toMove = {Side.WHITE, Side.BLACK, Side.WHITE, Side.BLACK};
        int[] scoreWhite = {0, 0, 400, 200};
        boolean[] best = {true, false, false};
        boolean[] forced = {false, true, false};
        MoveJudgements.Judged j = MoveJudgements.judge(toMove, scoreWhite, best, forced, CURVE);

        assertArrayEquals(new int[] {0, 400, 200}, j.loss());
        double blackDrop = Judgement.chanceBefore(CURVE, 0) - Judgement.chanceAfter(CURVE, 400);
        double whiteDrop = Judgement.chanceBefore(CURVE, 400) - Judgement.chanceAfter(CURVE, -200);
        assertArrayEquals(new double[] {0, blackDrop, whiteDrop}, j.chancesLost(), 1e-12);
        assertArrayEquals(new MoveClass[] {MoveClass.GOOD, Judgement.classify(0.5, 0.5 - blackDrop),
            Judgement.classify(0.5, 0.5 - whiteDrop)}, j.classes());
        assertEquals(MoveClass.BLUNDER, j.classes()[1], "four men at level chances: " + blackDrop);
        assertEquals(1, j.black().blunders());
        assertEquals(1, j.black().forcedLosses());
        assertEquals(0, j.white().forcedLosses());
        assertEquals(Judgement.gameAccuracy(new double[] {100, Judgement.accuracy(0.5, 0.5 - whiteDrop)}),
                j.white().accuracy(), 1e-9);
        assertEquals(Judgement.gameAccuracy(new double[] {Judgement.accuracy(0.5, 0.5 - blackDrop)}),
                j.black().accuracy(), 1e-9);
    }

    @Test
    void aSideWithoutAMoveHasNoAccuracy() {
        MoveJudgements.Judged j = MoveJudgements.judge(new Side[] {Side.WHITE, Side.BLACK}, new int[] {0, 0},
                new boolean[] {true}, new boolean[] {false}, CURVE);
        assertEquals(100, j.white().accuracy(), 1e-9);
        assertNull(j.black().accuracy());
    }

    @Test
    void theGameAReviewSeesEndsBeforeTheFirstMoveTheRulesRefuseAndCarriesItsHistory() {
        Position start = PositionText.parse("w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2", Variant.EMERGO);
        PlayedGame refused = PlayedGame.replay(start, List.of("f4-e4", "e5xe3", "e4xc4"));
        assertEquals(1, refused.lastPly(), "Black's capture of one where two were due is refused");
        assertEquals(2, refused.stoppedAtPly());
        assertEquals("f4-e4", refused.moveFrom(0).toString());
        assertNull(refused.moveFrom(1));
        assertArrayEquals(new long[] {start.hash()}, refused.history(1));

        PlayedGame whole = PlayedGame.replay(start, List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4"));
        assertEquals(3, whole.lastPly());
        assertEquals(-1, whole.stoppedAtPly());
        assertEquals(3, whole.history(3).length);
    }

    @Test
    void aForcingLineIsProvedOnlyWhenEveryMoveIsLegalInTurn() {
        Position start = PositionText.parse("w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2", Variant.EMERGO);
        Move f4e4 = move(start, "f4-e4");
        Position after = start.play(f4e4);
        Move capture = move(after, "h4xf4xd4");
        assertTrue(ForcingLine.replaysLegally(start, List.of(f4e4, capture)));
        assertFalse(ForcingLine.replaysLegally(start, List.of(f4e4, f4e4)), "White cannot move twice");
        assertFalse(ForcingLine.replaysLegally(start, List.of()), "an empty line proves nothing");
    }

    private static Move move(Position p, String text) {
        return MoveGen.legalMoves(p).stream().filter(m -> m.toString().equals(text)).findFirst().orElseThrow();
    }
}
