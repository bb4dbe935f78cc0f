package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutsideProblemTest {

    @Test
    void aConnectionThatItsHolderTookAlongWhenItEndedIsOneLineThatSaysToRunAgain() {
        for (int code : new int[] {90067, 90098, 90121}) {
            SQLException broken = new SQLException("Connection is broken: \"session closed\"", "90067", code);
            String said = OutsideProblem.describe(new RuntimeException("batch failed", broken), "/data/games").orElseThrow();
            assertTrue(said.startsWith("the emergo command that served the database /data/games to this one has ended"), said);
            assertTrue(said.endsWith("run this again"), said);
            assertEquals(1, said.lines().count());
        }
    }

    @Test
    void aFailureItDoesNotKnowIsLeftToTheCaller() {
        assertEquals(Optional.empty(), OutsideProblem.describe(new SQLException("syntax error", "42000", 42000), "/data/games"));
    }
}
