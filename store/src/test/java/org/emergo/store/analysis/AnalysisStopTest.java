package org.emergo.store.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.UUID;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRepositoryTest;
import org.junit.jupiter.api.Test;

/** An analysis stopped between batches (Ctrl-C, SIGTERM): what stopped it is what it throws. */
class AnalysisStopTest {

    @Test
    void aFailureToRestoreTheIndexesAfterAStopDoesNotReplaceWhatStoppedTheRun() {
        Database db = Database.open("jdbc:h2:mem:analysis-stop-" + UUID.randomUUID());
        new GameRepository(db.dsl()).insertAll(List.of(GameRepositoryTest.game("a", "b")), null);
        RuntimeException stop = new RuntimeException("interrupted");

        RuntimeException thrown = assertThrows(RuntimeException.class, () -> new AnalysisJob(db, 1).run(false, games -> {
            db.close(); // the indexes cannot be restored now
            throw stop;
        }));

        assertSame(stop, thrown);
        assertEquals(1, thrown.getSuppressed().length, "the failure to restore the indexes, kept with it");
    }
}
