package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CalibrationTest {

    @Test
    void aCurveThatAlwaysSaysHalfScoresAQuarterAndLnTwoOnDecisiveResults() {
        Calibration c = Calibration.of(new double[] {0.5, 0.5, 0.5, 0.5}, new double[] {1, 0, 0, 1});
        assertEquals(4, c.positions());
        assertEquals(0.25, c.brier(), 1e-12);
        assertEquals(Math.log(2), c.logLoss(), 1e-12);
        assertEquals(4, c.bands().get(5).positions());
        assertEquals(0.5, c.bands().get(5).actual(), 1e-12);
    }

    @Test
    void eachPredictionFallsInItsTenthWithTheMeanResultOfItsPositions() {
        // 0.15 and 0.18 in 10-20%, won once of twice; 0.95 and 1.0 in 90-100%, both won; a draw counts half
        Calibration c = Calibration.of(new double[] {0.15, 0.18, 0.95, 1.0, 0.42}, new double[] {1, 0, 1, 1, 0.5});
        assertEquals(2, c.bands().get(1).positions());
        assertEquals(0.165, c.bands().get(1).predicted(), 1e-12);
        assertEquals(0.5, c.bands().get(1).actual(), 1e-12);
        assertEquals(2, c.bands().get(9).positions());
        assertEquals(1.0, c.bands().get(9).actual(), 1e-12);
        assertEquals(0.5, c.bands().get(4).actual(), 1e-12);
        assertEquals(0, c.bands().get(0).positions());
        assertTrue(Double.isNaN(c.bands().get(0).predicted()));
        double brier = (0.85 * 0.85 + 0.18 * 0.18 + 0.05 * 0.05 + 0 + 0.08 * 0.08) / 5;
        assertEquals(brier, c.brier(), 1e-12);
    }

    @Test
    void aSureMissCostsALargeButFiniteLogLoss() {
        Calibration c = Calibration.of(new double[] {1.0}, new double[] {0});
        assertEquals(-Math.log(Calibration.EPSILON), c.logLoss(), 1e-9);
        assertEquals(1.0, c.brier(), 1e-12);
    }
}
