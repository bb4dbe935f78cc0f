package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.search.Judgement.MoveClass;
import org.junit.jupiter.api.Test;

class JudgementTest {

    private static final WinCurve CURVE = new WinCurve(0.01, 0);

    @Test
    void aMoveIsClassedByTheChancesItGaveAway() {
        assertEquals(MoveClass.GOOD, Judgement.classify(0.75, 0.71875));
        assertEquals(MoveClass.INACCURACY, Judgement.classify(0.75, 0.6875));
        assertEquals(MoveClass.MISTAKE, Judgement.classify(0.75, 0.625));
        assertEquals(MoveClass.BLUNDER, Judgement.classify(0.75, 0.5));
        assertEquals(MoveClass.GOOD, Judgement.classify(0.40, 0.90));
    }

    @Test
    void chancesComeFromBothScoresEachForItsSideToMove() {
        // Even before, and after the move the opponent is a man up: the mover's chance is 1 - curve(100).
        double before = Judgement.chanceBefore(CURVE, 0);
        double after = Judgement.chanceAfter(CURVE, 100);
        assertEquals(0.5, before, 1e-12);
        assertEquals(1 / (1 + Math.E), after, 1e-12);
        assertEquals(MoveClass.BLUNDER, Judgement.classify(CURVE, 0, 100));
        assertEquals(MoveClass.GOOD, Judgement.classify(CURVE, 0, 0));
        assertEquals(1.0, CURVE.winChance(Score.WIN - 5));
        assertEquals(0.0, CURVE.winChance(-Score.WIN + 5));
    }

    @Test
    void aChanceInTheSameFrameHasNoCreditForTheMoveAndIsSymmetric() {
        WinCurve withMove = new WinCurve(0.002, -0.3);
        for (int s : new int[] {-500, -100, 0, 37, 250}) {
            assertEquals(1 - withMove.chance(s), withMove.chance(-s), 1e-12);
            // before a move with score s and after it with the opponent at -s: the same chance
            assertEquals(Judgement.chanceBefore(withMove, s), Judgement.chanceAfter(withMove, -s), 1e-12);
            assertEquals(CURVE.winChance(s), CURVE.chance(s), 1e-12, "offset 0: the curve itself");
        }
        assertEquals(0.5, withMove.chance(0), 1e-12);
        assertEquals(1.0, withMove.chance(Score.WIN - 3));
    }

    /**
     * docs/engine.md#judging-moves: from a level position, the men a move must give away to be an
     * inaccuracy, a mistake, a blunder by the curves that class moves, and from a position a man
     * and three men up. The table in the docs is this one.
     */
    @Test
    void theMenThatMakeAnInaccuracyAMistakeABlunderFollowFromTheCurve() {
        assertEquals(List.of(49, 98, 149), losses(Judgement.EMERGO, 0));
        assertEquals(List.of(50, 98, 146), losses(Judgement.EMERGO, 100));
        assertEquals(List.of(65, 123, 176), losses(Judgement.EMERGO, 300));
        assertEquals(List.of(85, 171, 262), losses(Judgement.HEXEMERGO, 0));
        assertEquals(List.of(85, 170, 256), losses(Judgement.HEXEMERGO, 100));
        assertEquals(List.of(93, 180, 266), losses(Judgement.HEXEMERGO, 300));
        // a move that gives away two men from within a man of level is a mistake at least, on either board
        for (WinCurve c : List.of(Judgement.EMERGO, Judgement.HEXEMERGO)) {
            for (int s = -100; s <= 100; s++) {
                assertTrue(Judgement.chanceBefore(c, s) - Judgement.chanceAfter(c, 200 - s) >= Judgement.MISTAKE, c + " at " + s);
            }
        }
    }

    private static List<Integer> losses(WinCurve c, int score) {
        return List.of(Judgement.lossFor(c, score, Judgement.INACCURACY), Judgement.lossFor(c, score, Judgement.MISTAKE),
                Judgement.lossFor(c, score, Judgement.BLUNDER));
    }

    // lila's AccuracyPercent without its bonus: 100 for no drop, falling with the drop in percent.
    @Test
    void accuracyFollowsLichessFormula() {
        assertEquals(100.0, Judgement.accuracy(0.5, 0.5), 1e-9);
        assertEquals(100.0, Judgement.accuracy(0.5, 0.7), 1e-9);
        assertEquals(103.1668100711649 * Math.exp(-0.04354415386753951 * 10) - 3.166924740191411,
                Judgement.accuracy(0.6, 0.5), 1e-9);
        assertEquals(0.0, Judgement.accuracy(1.0, 0.0), 1e-9);
    }

    // The mean of the arithmetic and the harmonic mean (each move counted at least 1).
    @Test
    void gameAccuracyWeighsBadMovesHeavily() {
        assertEquals(100.0, Judgement.gameAccuracy(new double[] {100, 100, 100}), 1e-9);
        assertEquals((87.5 + 80) / 2, Judgement.gameAccuracy(new double[] {100, 100, 100, 50}), 1e-9);
        assertEquals((75 + 4 / 1.03) / 2, Judgement.gameAccuracy(new double[] {100, 100, 100, 0}), 1e-9);
        assertTrue(Double.isNaN(Judgement.gameAccuracy(new double[0])));
    }
}
