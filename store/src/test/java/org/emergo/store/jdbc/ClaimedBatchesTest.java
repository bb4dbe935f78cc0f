package org.emergo.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 20: two processes' batches of pending work on one database, here two
 * {@link ClaimedBatches} on their own connections (sessions) over the same pending ids (the
 * games), in one thread so that every step is in a known order. Issue 30: on H2 too, where two
 * programs reach one file through the one that opened it.
 */
class ClaimedBatchesTest {

    @Nested
    class OnH2 extends Cases {
        OnH2() {
            super(TestDatabases.H2);
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        OnPostgres() {
            super(TestDatabases.POSTGRES);
        }
    }

    abstract static class Cases extends DatabaseTestCase {

        Cases(TestDatabases kind) {
            super(kind);
        }

        /** Games 1..n pending; a game stored leaves the set. */
        private NavigableSet<Long> pending(int n) {
            NavigableSet<Long> ids = new ConcurrentSkipListSet<>();
            for (long id = 1; id <= n; id++) ids.add(id);
            return ids;
        }

        private ClaimedBatches<Long> batches(NavigableSet<Long> pending, long job) throws SQLException {
            return new ClaimedBatches<>(WorkClaims.open(db, job), (after, limit) -> {
                List<Long> next = new ArrayList<>();
                for (Long id : pending.tailSet(after, false)) {
                    if (next.size() == limit) break;
                    next.add(id);
                }
                return next;
            }, Long::longValue, 3);
        }

        private void store(ClaimedBatches<Long> b, NavigableSet<Long> pending, List<Long> batch) throws SQLException {
            pending.removeAll(batch);
            b.stored();
        }

        @Test
        void twoProcessesTakeTurnsAndTheFirstWaitsForTheGamesTheOtherHolds() throws SQLException {
            NavigableSet<Long> pending = pending(9);
            try (ClaimedBatches<Long> a = batches(pending, 101); ClaimedBatches<Long> b = batches(pending, 101)) {
                List<Long> a1 = a.next();
                assertEquals(List.of(1L, 2L, 3L), a1);
                assertEquals(List.of(4L, 5L, 6L), b.next(), "B skips what A holds");
                store(a, pending, a1);
                assertEquals(List.of(7L, 8L, 9L), b.next());
                assertEquals(List.of(), a.next(), "the rest is B's");
                store(b, pending, List.of(4L, 5L, 6L));
                store(b, pending, List.of(7L, 8L, 9L));
                assertTrue(a.anotherPass(), "A left games to B: it looks again once B gave them up");
                assertEquals(List.of(), a.next());
                assertFalse(a.anotherPass());
                assertEquals(List.of(), b.next());
                assertTrue(b.anotherPass(), "B skipped A's first batch: it looks again too");
                assertEquals(List.of(), b.next(), "A stored them");
                assertFalse(b.anotherPass());
            }
        }

        @Test
        void theGamesOfAProcessThatEndsWithoutStoringThemAreTakenByTheOther() throws SQLException {
            NavigableSet<Long> pending = pending(6);
            try (ClaimedBatches<Long> b = batches(pending, 102)) {
                ClaimedBatches<Long> a = batches(pending, 102);
                assertEquals(List.of(1L, 2L, 3L), a.next());
                assertEquals(List.of(4L, 5L, 6L), b.next());
                a.close(); // its session's claims end, as a killed process's do
                store(b, pending, List.of(4L, 5L, 6L));
                assertEquals(List.of(), b.next(), "the pass skipped A's games");
                assertTrue(b.anotherPass());
                assertEquals(List.of(1L, 2L, 3L), b.next(), "A's games, pending again");
                store(b, pending, List.of(1L, 2L, 3L));
                assertEquals(List.of(), b.next());
                assertFalse(b.anotherPass());
            }
        }

        @Test
        void aGameStoredByTheOtherBetweenTheTwoReadsIsNotTakenAgain() throws SQLException {
            NavigableSet<Long> pending = pending(3);
            // B reads its candidates before A stores them, and claims them after A gave them up
            List<Long> stale = List.of(1L, 2L, 3L);
            try (ClaimedBatches<Long> a = batches(pending, 103);
                    ClaimedBatches<Long> b = new ClaimedBatches<>(WorkClaims.open(db, 103), (after, limit) -> {
                        if (after == 0 && pending.size() == 3) { // B's first read: A works meanwhile
                            List<Long> got = a.next();
                            store(a, pending, got);
                            return stale;
                        }
                        return new ArrayList<>(pending.tailSet(after, false));
                    }, Long::longValue, 3)) {
                assertEquals(List.of(), b.next(), "A stored them: B finds nothing pending when it reads again");
                assertFalse(b.anotherPass());
            }
        }

        @Test
        void differentJobsDoNotSkipEachOthersGames() throws SQLException {
            NavigableSet<Long> pending = pending(3);
            try (ClaimedBatches<Long> analyze = batches(pending, 104); ClaimedBatches<Long> review = batches(pending, 105)) {
                assertEquals(List.of(1L, 2L, 3L), analyze.next());
                assertEquals(List.of(1L, 2L, 3L), review.next());
            }
        }

        /** A process killed while it holds games: its session ends without a word, and the other takes them. */
        @Test
        void theGamesOfAProcessWhoseSessionEndsAreTakenByTheOther() throws SQLException {
            NavigableSet<Long> pending = pending(6);
            try (ClaimedBatches<Long> b = batches(pending, 106)) {
                ClaimedBatches<Long> a = batches(pending, 106);
                assertEquals(List.of(1L, 2L, 3L), a.next());
                endTheSessionHolding(1L);
                assertEquals(List.of(1L, 2L, 3L), b.next(), "A's games: its claims ended with its session");
                store(b, pending, List.of(1L, 2L, 3L));
                assertEquals(List.of(4L, 5L, 6L), b.next());
                store(b, pending, List.of(4L, 5L, 6L));
                assertEquals(List.of(), b.next());
                assertFalse(b.anotherPass());
                assertThrows(SQLException.class, a::close, "A's session is gone");
            }
        }

        @Test
        void aStepRunByOneProcessAtATimeIsRefusedToTheOtherUntilTheFirstCloses() throws SQLException {
            WorkClaims a = WorkClaims.open(db, 107);
            try (WorkClaims b = WorkClaims.open(db, 107); WorkClaims otherJob = WorkClaims.open(db, 108)) {
                assertTrue(a.tryExclusively(1));
                assertFalse(b.tryExclusively(1));
                assertTrue(b.tryExclusively(2), "another step");
                assertTrue(otherJob.tryExclusively(1), "another job");
                assertEquals("ran", b.exclusively(3, () -> "ran"));
                assertTrue(a.tryExclusively(3), "exclusively gives the step up when it ends");
                a.close();
                assertTrue(b.tryExclusively(1), "closed, A gave its steps up");
            }
        }

        /** Ends the database session that holds game {@code id}'s claim, as a killed process's ends. */
        private void endTheSessionHolding(long id) throws SQLException {
            try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
                if (db.isPostgres()) {
                    // the advisory lock's key: the job above the game's id (AdvisoryClaims); with a
                    // timeout, pg_terminate_backend returns once the session has ended (up to 60 s)
                    try (ResultSet rs = st.executeQuery("SELECT bool_and(pg_terminate_backend(pid, 60000)) FROM pg_locks"
                            + " WHERE locktype = 'advisory' AND ((classid::bigint << 32) | objid::bigint) = (106::bigint << 40) + " + id)) {
                        rs.next();
                        assertTrue(rs.getBoolean(1), "the session holding the claim ended");
                    }
                    return;
                }
                st.executeQuery("SELECT ABORT_SESSION(session_id) FROM work_claim WHERE job = 106 AND item = " + id).close();
            }
        }
    }
}
