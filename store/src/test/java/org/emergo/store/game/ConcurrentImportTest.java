package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.emergo.replay.GameRecord;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;
import org.emergo.store.db.StoreException;
import org.emergo.store.jdbc.ImportLocks;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two programs importing into one PostgreSQL database at once (issue 9), each with a pool of
 * its own: the same games written at the same moment are stored once, and a file's import
 * waits for the other program's import of the same content.
 */
@Tag("postgres")
class ConcurrentImportTest {

    @Test
    void theSameGamesAddedByTwoProgramsAtTheSameMomentAreStoredOnce() throws Exception {
        String url = PostgresServer.get().newDatabaseUrl();
        try (Database one = Database.open(url); Database two = Database.open(url)) {
            for (int round = 0; round < 5; round++) {
                List<GameRecord> games = new ArrayList<>();
                for (int i = 0; i < 1000; i++) games.add(GameRepositoryTest.game("white " + round + "-" + i, "black"));
                CyclicBarrier start = new CyclicBarrier(2);
                CompletableFuture<InsertResult> a = CompletableFuture.supplyAsync(() -> insertAfter(start, one, games));
                CompletableFuture<InsertResult> b = CompletableFuture.supplyAsync(() -> insertAfter(start, two, games));
                InsertResult first = a.get(60, TimeUnit.SECONDS);
                InsertResult second = b.get(60, TimeUnit.SECONDS);

                assertEquals(1000, first.inserted() + second.inserted());
                assertEquals(1000, first.duplicates() + second.duplicates());
                assertEquals(1000 * (round + 1), new GameRepository(one.dsl()).count());
            }
        }
    }

    @Test
    void anImportOfAFileWaitsForAnotherProgramsImportOfTheSameContent() throws Exception {
        String url = PostgresServer.get().newDatabaseUrl();
        String sha = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
        try (Database one = Database.open(url); Database two = Database.open(url)) {
            ImportLocks held = ImportLocks.forFile(one, sha, () -> {});
            CountDownLatch told = new CountDownLatch(1);
            CompletableFuture<ImportLocks> waiting = CompletableFuture.supplyAsync(
                    () -> ImportLocks.forFile(two, sha, told::countDown));
            assertTrue(told.await(60, TimeUnit.SECONDS), "the second import was not told to wait");
            awaitWaitingForTheFile(one, sha);
            assertFalse(waiting.isDone());

            held.close();
            waiting.get(60, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void aStopEndsAWaitForAnotherProgramsImport() throws Exception {
        String url = PostgresServer.get().newDatabaseUrl();
        String sha = "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752";
        try (Database one = Database.open(url); Database two = Database.open(url);
                ImportLocks held = ImportLocks.forFile(one, sha, () -> {})) {
            CompletableFuture<ImportLocks> waiting = CompletableFuture.supplyAsync(() -> ImportLocks.forFile(two, sha, () -> {}));
            awaitWaitingForTheFile(one, sha);

            two.endLockWaits(); // what Ctrl-C and SIGTERM do
            ExecutionException ended = assertThrows(ExecutionException.class, () -> waiting.get(60, TimeUnit.SECONDS));
            assertTrue(ended.getCause() instanceof StoreException, String.valueOf(ended.getCause()));
        }
    }

    private static InsertResult insertAfter(CyclicBarrier start, Database db, List<GameRecord> games) {
        try {
            start.await(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return new GameRepository(db.dsl()).insertAll(games, null);
    }

    /**
     * Waits until a session asks for the lock on this content in this database and is not
     * granted it (another test's locks are not this one's); the server tells no one, so its
     * lock table is read every 10 ms, for a minute at most.
     */
    private static void awaitWaitingForTheFile(Database db, String sha) throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(
                "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                        + " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                        + " AND classid = ? AND objid = ? AND objsubid = 2")) {
            st.setLong(1, LockKey.GAME_INSERTS.space());
            st.setLong(2, LockKey.fileImport(sha).key() & 0xFFFFFFFFL); // oid columns: unsigned
            while (true) {
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) == 1) return;
                }
                if (System.nanoTime() > deadline) throw new AssertionError("the second import never waited");
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            }
        }
    }
}
