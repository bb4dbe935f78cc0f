package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WinCurveTest {

    // Results drawn from a known curve, draws included with the same expectation: the fit finds it again.
    @Test
    void theFitFindsTheCurveTheResultsWereDrawnFrom() {
        WinCurve truth = new WinCurve(0.004, 0.3);
        SplittableRandom random = new SplittableRandom(16);
        int n = 200_000;
        int[] scores = new int[n];
        double[] results = new double[n];
        for (int i = 0; i < n; i++) {
            scores[i] = random.nextInt(-1200, 1201);
            double p = truth.winChance(scores[i]);
            double draw = Math.min(p, 1 - p);
            double u = random.nextDouble();
            // Won with p - draw/2, drawn with draw, lost otherwise: the expectation is p.
            results[i] = u < p - draw / 2 ? 1 : u < p + draw / 2 ? 0.5 : 0;
        }
        WinCurve fit = WinCurve.fit(scores, results);
        assertEquals(truth.k(), fit.k(), 0.0002);
        assertEquals(truth.offset(), fit.offset(), 0.03);
    }

    @Test
    void wonAndLostScoresAreLeftOutOfTheFit() {
        int[] scores = {100, -100, 100, -100, Score.WIN - 3, -Score.WIN + 3, 0, 0};
        double[] results = {1, 0, 0.5, 0.5, 0, 1, 1, 0};
        WinCurve fit = WinCurve.fit(scores, results);
        WinCurve without = WinCurve.fit(new int[] {100, -100, 100, -100, 0, 0}, new double[] {1, 0, 0.5, 0.5, 1, 0});
        assertEquals(without, fit);
    }

    @Test
    void theCurveIsStoredAsTextAndReadBack() {
        WinCurve c = new WinCurve(0.0123456, -0.25);
        assertEquals("k=0.0123456 offset=-0.250000", c.toString());
        assertEquals(c.k(), WinCurve.parse(c.toString()).k(), 1e-12);
        assertEquals(c.offset(), WinCurve.parse(c.toString()).offset(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> WinCurve.parse("k=1"));
        assertThrows(IllegalArgumentException.class, () -> new WinCurve(0, 0));
    }

    @Test
    void aDrawIsHalfAndTheMoveIsWorthTheOffset() {
        WinCurve c = new WinCurve(0.01, 0.2);
        assertEquals(1 / (1 + Math.exp(-0.2)), c.winChance(0), 1e-12);
        assertEquals(1 / (1 + Math.exp(-1.2)), c.winChance(100), 1e-12);
    }
}
