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
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.Score;
import org.emergo.search.WinCurve;
import org.junit.jupiter.api.Test;

/** The judgement of a game's moves from its scores, the game a review sees, and the check of a forcing line. */
class MoveJudgementsTest {

    private static final WinCurve CURVE = new WinCurve(0.002, 0);

    private static final ForcedLoss.Proof LOSES_ONE = new ForcedLoss.Proof(ForcedLoss.Outcome.LOSES,
            new ForcedLoss.Verdict(ForcedLoss.Kind.MEN, 1, 2, List.of(), 8), 8);

    private static ForcedLoss.Proof proof(ForcedLoss.Kind kind, int men) {
        return new ForcedLoss.Proof(ForcedLoss.Outcome.LOSES, new ForcedLoss.Verdict(kind, men, 2, List.of(), 8), 8);
    }

    @Test
    void bothChancesOfAMoveAreInTheSameFrameSoAMoveThatKeepsTheScoreGivesNothingAway() {
        // With the old side-to-move credit (offset) a level move gained 2 * offset; in the same frame none.
        WinCurve withOffset = new WinCurve(0.002, -0.2);
        MoveJudgements.Judged j = MoveJudgements.judge(new Side[] {Side.WHITE, Side.BLACK}, new int[] {30, 30},
                new boolean[] {false}, new ForcedLoss.Proof[1], withOffset);
        assertEquals(0, j.chancesLost()[0], 1e-12);
        j = MoveJudgements.judge(new Side[] {Side.WHITE, Side.BLACK}, new int[] {30, -20},
                new boolean[] {false}, new ForcedLoss.Proof[1], withOffset);
        assertEquals(withOffset.chance(30) - withOffset.chance(-20), j.chancesLost()[0], 1e-12);
    }

    @Test
    void aProvenLossCountsWhateverTheSearchThoughtAndAMoveProvenBestIsAtMostAnInaccuracy() {
        Side[] toMove = {Side.WHITE, Side.BLACK};
        WinCurve c = Judgement.EMERGO;
        // the search saw nothing lost; the proof says two men: from level, a mistake at least
        MoveJudgements.Judged j = MoveJudgements.judge(toMove, new int[] {0, 0}, new boolean[] {false},
                new ForcedLoss.Proof[] {proof(ForcedLoss.Kind.MEN, 2)}, c);
        assertEquals(c.chance(0) - c.chance(-200), j.chancesLost()[0], 1e-12);
        assertTrue(j.classes()[0].compareTo(MoveClass.MISTAKE) >= 0, j.classes()[0].toString());
        assertEquals(200, j.loss()[0]);
        assertEquals(1, j.white().forcedLosses());
        // the game lost by force: every chance
        j = MoveJudgements.judge(toMove, new int[] {300, 250}, new boolean[] {false},
                new ForcedLoss.Proof[] {proof(ForcedLoss.Kind.GAME, 12)}, c);
        assertEquals(c.chance(300), j.chancesLost()[0], 1e-12);
        assertEquals(MoveClass.BLUNDER, j.classes()[0]);
        // a lead of four men let go to a draw: down to a half
        j = MoveJudgements.judge(toMove, new int[] {400, 400}, new boolean[] {false},
                new ForcedLoss.Proof[] {proof(ForcedLoss.Kind.NO_MOVE, 4)}, c);
        assertEquals(c.chance(400) - 0.5, j.chancesLost()[0], 1e-12);
        assertEquals(MoveClass.BLUNDER, j.classes()[0]);
        // the search's scores say three men given away, the exact proof finds the move keeps as much as any
        j = MoveJudgements.judge(toMove, new int[] {0, -300}, new boolean[] {false},
                new ForcedLoss.Proof[] {new ForcedLoss.Proof(ForcedLoss.Outcome.BEST, null, 8)}, c);
        assertEquals(Judgement.INACCURACY, j.chancesLost()[0], 1e-12);
        assertEquals(MoveClass.INACCURACY, j.classes()[0]);
        j = MoveJudgements.judge(toMove, new int[] {0, -300}, new boolean[] {false},
                new ForcedLoss.Proof[] {ForcedLoss.Proof.UNKNOWN}, c);
        assertEquals(MoveClass.BLUNDER, j.classes()[0], "an unfinished proof changes nothing");
    }

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
        ForcedLoss.Proof[] proofs = {null, LOSES_ONE, null};
        MoveJudgements.Judged j = MoveJudgements.judge(toMove, scoreWhite, best, proofs, CURVE);

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
                new boolean[] {true}, new ForcedLoss.Proof[1], CURVE);
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
