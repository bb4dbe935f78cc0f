package org.emergo.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: two programs importing one file's content into one H2 database (one served to the
 * other), here two pools on one database: the second waits for the first's import, and a stop
 * ends its wait. ConcurrentImportTest checks the same on PostgreSQL.
 */
class ImportLocksOnH2Test {

    private static final String SHA = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    @Test
    void anImportOfAFileWaitsForAnotherProgramsImportOfTheSameContent() throws Exception {
        String url = "jdbc:h2:mem:emergo-import-locks-" + UUID.randomUUID();
        try (Database one = Database.open(url); Database two = Database.open(url)) {
            ImportLocks held = ImportLocks.forFile(one, SHA, () -> {});
            CountDownLatch told = new CountDownLatch(1);
            CompletableFuture<ImportLocks> waiting = CompletableFuture.supplyAsync(() -> ImportLocks.forFile(two, SHA, told::countDown));
            assertTrue(told.await(60, TimeUnit.SECONDS), "the second import was not told to wait");
            assertFalse(waiting.isDone(), "the first holds the file");
            try (ImportLocks other = ImportLocks.forFile(one, SHA.replace('9', '8'), () -> {
                throw new AssertionError("another content waits for no one");
            })) {
                assertFalse(waiting.isDone());
            }
            held.close();
            waiting.get(60, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void aStopEndsAWaitForAnotherProgramsImport() throws Exception {
        String url = "jdbc:h2:mem:emergo-import-locks-" + UUID.randomUUID();
        try (Database one = Database.open(url); Database two = Database.open(url);
                ImportLocks held = ImportLocks.forFile(one, SHA, () -> {})) {
            CountDownLatch told = new CountDownLatch(1);
            CompletableFuture<ImportLocks> waiting = CompletableFuture.supplyAsync(() -> ImportLocks.forFile(two, SHA, told::countDown));
            assertTrue(told.await(60, TimeUnit.SECONDS));
            two.endLockWaits(); // what Ctrl-C and SIGTERM do
            ExecutionException ended = assertThrows(ExecutionException.class, () -> waiting.get(60, TimeUnit.SECONDS));
            assertTrue(ended.getCause() instanceof StoreException, String.valueOf(ended.getCause()));
        }
    }
}
