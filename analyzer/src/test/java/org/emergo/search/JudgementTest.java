package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
