package org.emergo.store.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Several analyze processes on one PostgreSQL database: one bulk run at a time suspends the
 * indexes, and no run drops them under another or fails to re-create them. Each turn here is a
 * connection of its own, as each process's is.
 */
@Tag("postgres")
class IndexTurnTest {

    private static Database db;

    @BeforeAll
    static void open() {
        db = Database.open(PostgresServer.get().newDatabaseUrl());
    }

    @AfterAll
    static void close() {
        db.close();
    }

    @Test
    void aBulkRunAloneMaySuspendAndRestoreTheIndexes() throws Exception {
        try (IndexTurn bulk = IndexTurn.take(db, true)) {
            assertTrue(bulk.maySuspend());
            assertTrue(bulk.mayRestore());
        }
    }

    @Test
    void aBulkRunDoesNotSuspendTheIndexesWhileAnotherRunReliesOnThem() throws Exception {
        try (IndexTurn small = IndexTurn.take(db, false); IndexTurn bulk = IndexTurn.take(db, true)) {
            assertFalse(small.maySuspend());
            assertFalse(bulk.maySuspend(), "the other run writes with the indexes");
            assertTrue(bulk.mayRestore());
            assertTrue(small.mayRestore());
        }
    }

    @Test
    void whileABulkRunHoldsTheIndexesAnotherNeitherDropsNorRestoresThemUntilItEnds() throws Exception {
        try (IndexTurn second = secondAfterFirstBulkRun()) {
            assertTrue(second.mayRestore(), "the bulk run has ended: the indexes are this run's to restore");
        }
    }

    private static IndexTurn secondAfterFirstBulkRun() throws Exception {
        IndexTurn second;
        try (IndexTurn first = IndexTurn.take(db, true)) {
            second = IndexTurn.take(db, true);
            assertTrue(first.maySuspend());
            assertFalse(second.maySuspend());
            assertFalse(second.mayRestore(), "the first run rebuilds them at its end");
            try (IndexTurn third = IndexTurn.take(db, false)) {
                assertFalse(third.mayRestore());
            }
        }
        return second;
    }

    @Test
    void aTurnGivenUpIsFreeForTheNextBulkRun() throws Exception {
        try (IndexTurn small = IndexTurn.take(db, false)) {
            assertTrue(small.mayRestore());
        }
        try (IndexTurn bulk = IndexTurn.take(db, true)) {
            assertTrue(bulk.maySuspend());
        }
    }

    /** Without the DDL lock one of two CREATE INDEX IF NOT EXISTS at once failed on pg_class_relname_nsp_index. */
    @Test
    void runsThatRestoreTheIndexesAtOnceAllSucceedAndLeaveOneOfEach() throws Exception {
        int runs = 4;
        ExecutorService pool = Executors.newFixedThreadPool(runs);
        try {
            for (int round = 0; round < 5; round++) {
                new BulkIndexes(db).suspend();
                CyclicBarrier together = new CyclicBarrier(runs);
                List<Future<Void>> restores = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    restores.add(pool.submit(() -> {
                        together.await();
                        new BulkIndexes(db).restore();
                        return null;
                    }));
                }
                for (Future<Void> r : restores) r.get(); // throws what a restore threw
                assertEquals(List.of(1L, 1L), indexCounts());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Long> indexCounts() {
        return db.dsl().fetch("SELECT COUNT(*) FILTER (WHERE indexname = 'position_hash_idx'),"
                + " COUNT(*) FILTER (WHERE indexname = 'tall_column_square_idx') FROM pg_indexes")
                .map(r -> List.of(r.get(0, Long.class), r.get(1, Long.class))).get(0);
    }
}
