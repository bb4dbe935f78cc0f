package org.emergo.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.emergo.replay.GameRecord;
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
            ImportLocks held = ImportLocks.forFile(one, sha);
            CompletableFuture<ImportLocks> waiting = CompletableFuture.supplyAsync(() -> ImportLocks.forFile(two, sha));
            awaitOneWaitingLock(one);
            assertFalse(waiting.isDone());

            held.close();
            waiting.get(60, TimeUnit.SECONDS).close();
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

    /** Polls the server's lock table until one advisory lock is asked for and not granted. */
    private static void awaitOneWaitingLock(Database db) throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            while (true) {
                try (ResultSet rs = st.executeQuery(
                        "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")) {
                    rs.next();
                    if (rs.getInt(1) == 1) return;
                }
                if (System.nanoTime() > deadline) throw new AssertionError("the second import never waited");
                Thread.onSpinWait();
            }
        }
    }
}
