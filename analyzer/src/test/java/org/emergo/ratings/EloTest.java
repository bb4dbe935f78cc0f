package org.emergo.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EloTest {

    private final Elo elo = new Elo();

    @Test
    void theKFactorIsSixtyForTheFirstGameAndFallsByOneAGameToThirty() {
        assertEquals(60, Elo.k(0));
        assertEquals(59, Elo.k(1));
        assertEquals(31, Elo.k(29));
        assertEquals(30, Elo.k(30));
        assertEquals(30, Elo.k(500));
    }

    @Test
    void twoNewPlayersMoveThirtyPointsApartOnTheFirstWin() {
        RatingSystem.After after = elo.update(elo.newPlayer(), elo.newPlayer(), 1);
        assertEquals(1530, after.white().rating(), 1e-9);
        assertEquals(1470, after.black().rating(), 1e-9);
        assertEquals(1, after.white().games());
        assertTrue(!after.white().hasDeviation());
    }

    @Test
    void fourHundredPointsAreOddsOfTenToOne() {
        assertEquals(10.0 / 11, Elo.expected(1900, 1500), 1e-12);
        assertEquals(1.0 / 11, Elo.expected(1500, 1900), 1e-12);
    }

    @Test
    void aDrawBetweenUnequalPlayersMovesTheWeakerUpByHisK() {
        Rating strong = new Rating(1900, Double.NaN, Double.NaN, 100);
        Rating weak = new Rating(1500, Double.NaN, Double.NaN, 10);
        RatingSystem.After after = elo.update(weak, strong, 0.5);
        assertEquals(1500 + 50 * (0.5 - 1.0 / 11), after.white().rating(), 1e-9);
        assertEquals(1900 - 30 * (0.5 - 1.0 / 11), after.black().rating(), 1e-9);
    }

    @Test
    void aRatingNeverFallsBelowOneThousand() {
        Rating low = new Rating(1002, Double.NaN, Double.NaN, 0);
        assertEquals(1000, elo.update(low, elo.newPlayer(), 0).white().rating());
    }
}
