package org.emergo.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PredictionTest {

    @Test
    void theLogLossIsTheMeanSurpriseWithADrawCountingHalfEachWay() {
        Prediction p = new Prediction();
        p.add(0.8, 1);
        p.add(0.8, 0);
        p.add(0.8, 0.5);
        double expected = (-Math.log(0.8) - Math.log(0.2) - (Math.log(0.8) + Math.log(0.2)) / 2) / 3;
        assertEquals(expected, p.logLoss(), 1e-12);
        assertEquals(3, p.games());
    }

    @Test
    void evenForecastsScoreLnTwoAndNameNoFavourite() {
        Prediction p = new Prediction();
        p.add(0.5, 1);
        p.add(0.5, 0);
        assertEquals(Prediction.EVEN, p.logLoss(), 1e-12);
        assertEquals(0, p.favouriteGames());
        assertTrue(Double.isNaN(p.favouriteWonShare()));
    }

    @Test
    void theFavouriteWonShareCountsDecidedGamesWithAFavourite() {
        Prediction p = new Prediction();
        p.add(0.7, 1);   // White favoured, won
        p.add(0.3, 0);   // Black favoured, won
        p.add(0.6, 0);   // White favoured, lost
        p.add(0.9, 0.5); // a draw: not counted
        p.add(0.5, 1);   // no favourite: not counted
        assertEquals(3, p.favouriteGames());
        assertEquals(2.0 / 3, p.favouriteWonShare(), 1e-12);
    }

    @Test
    void aCertainForecastThatFailsCostsMuchButNotInfinity() {
        Prediction p = new Prediction();
        p.add(1.0, 0);
        assertTrue(Double.isFinite(p.logLoss()) && p.logLoss() > 20);
    }
}
