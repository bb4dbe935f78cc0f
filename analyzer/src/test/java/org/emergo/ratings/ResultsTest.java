package org.emergo.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResultsTest {

    @Test
    void winsDrawsAndLossesScoreOneHalfAndNothingForWhite() {
        assertEquals(1, Results.whiteScore("1-0").getAsDouble());
        assertEquals(0.5, Results.whiteScore("1/2-1/2").getAsDouble());
        assertEquals(0, Results.whiteScore("0-1").getAsDouble());
        assertTrue(Results.whiteScore("*").isEmpty());
        assertTrue(Results.whiteScore(null).isEmpty());
    }

    @Test
    void theRecordedResultWinsOverTheResultByRule() {
        assertEquals(0, Results.ratedScore("0-1", "1-0").getAsDouble());
        assertEquals(0.5, Results.ratedScore("1/2-1/2", "1-0").getAsDouble());
    }

    @Test
    void theResultByRuleCountsWhereNoResultWasRecorded() {
        assertEquals(1, Results.ratedScore("*", "1-0").getAsDouble());
        assertEquals(0.5, Results.ratedScore(null, "1/2-1/2").getAsDouble());
        assertTrue(Results.ratedScore("*", "*").isEmpty());
        assertTrue(Results.ratedScore(null, null).isEmpty());
    }
}
