package org.emergo.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class Glicko2Test {

    private final Glicko2 glicko = new Glicko2(0.5);

    /** Glickman, Example of the Glicko-2 system (2012): the player of steps 1-8. */
    private static final Rating PLAYER = new Rating(1500, 200, 0.06, 0);

    /**
     * The paper prints its intermediate figures rounded to four places and works on with them;
     * computed without rounding, the rating comes out 1464.051 where it prints 1464.06, so the
     * rating and deviation are checked to a hundredth of a point.
     */
    @Test
    void theWorkedExampleOfGlickmansPaperComesOutAsPrinted() {
        Rating after = glicko.rate(PLAYER, List.of(
                new Glicko2.Game(new Rating(1400, 30, 0.06, 0), 1),
                new Glicko2.Game(new Rating(1550, 100, 0.06, 0), 0),
                new Glicko2.Game(new Rating(1700, 300, 0.06, 0), 0)));
        assertEquals(1464.06, after.rating(), 0.01);
        assertEquals(151.52, after.deviation(), 0.01);
        assertEquals(0.05999, after.volatility(), 0.00001);
        assertEquals(3, after.games());
    }

    @Test
    void theExamplesIntermediateFiguresComeOutAsPrinted() {
        // step 3: v = 1.7785, step 4: delta = -0.4834, step 5: sigma' = 0.05999 (mu = 0, phi = 1.1513)
        double phi = 200 / Glicko2.SCALE;
        double v = 0;
        double sum = 0;
        double[][] opponents = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
        for (double[] o : opponents) {
            double g = Glicko2.g(o[1] / Glicko2.SCALE);
            double e = Glicko2.e(0, (o[0] - 1500) / Glicko2.SCALE, o[1] / Glicko2.SCALE);
            v += g * g * e * (1 - e);
            sum += g * (o[2] - e);
        }
        v = 1 / v;
        // printed from rounded g and E values: to a thousandth
        assertEquals(1.7785, v, 0.001);
        assertEquals(-0.4834, v * sum, 0.001);
        assertEquals(0.05999, glicko.volatility(phi, 0.06, v, v * sum), 0.00001);
    }

    @Test
    void aPlayerWithoutGamesInAPeriodOnlyGrowsHisDeviation() {
        Rating after = glicko.rate(PLAYER, List.of());
        assertEquals(1500, after.rating());
        assertEquals(Glicko2.SCALE * Math.sqrt(Math.pow(200 / Glicko2.SCALE, 2) + 0.06 * 0.06), after.deviation(), 1e-9);
        assertEquals(0.06, after.volatility());
    }

    @Test
    void aWinMovesBothNewPlayersApartByTheSameAmountAndNarrowsTheirDeviations() {
        RatingSystem.After after = glicko.update(glicko.newPlayer(), glicko.newPlayer(), 1);
        assertTrue(after.white().rating() > 1500);
        assertEquals(after.white().rating() - 1500, 1500 - after.black().rating(), 1e-9);
        assertTrue(after.white().deviation() < 350 && after.black().deviation() < 350);
        assertEquals(after.white().deviation(), after.black().deviation(), 1e-9);
    }

    @Test
    void theForecastIsEvenBetweenEqualsAndSumsToOneBothWays() {
        Rating strong = new Rating(1700, 80, 0.06, 10);
        Rating weak = new Rating(1450, 150, 0.06, 10);
        assertEquals(0.5, glicko.expected(strong, strong), 1e-12);
        assertEquals(1, glicko.expected(strong, weak) + glicko.expected(weak, strong), 1e-12);
        assertTrue(glicko.expected(strong, weak) > 0.75);
    }

    @Test
    void anUncertainOpponentMakesTheForecastLessSure() {
        Rating player = new Rating(1700, 50, 0.06, 10);
        double sure = glicko.expected(player, new Rating(1500, 50, 0.06, 10));
        double unsure = glicko.expected(player, new Rating(1500, 300, 0.06, 10));
        assertTrue(unsure < sure && unsure > 0.5, sure + " then " + unsure);
    }
}
