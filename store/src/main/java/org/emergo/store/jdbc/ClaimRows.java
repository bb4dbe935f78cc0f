package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.h2.api.ErrorCode;

/**
 * Work claims on H2: a row of {@code work_claim} (migration V23) that names the session holding
 * it, by its number and the moment it began (H2 numbers sessions anew each time a file is
 * opened). A claim whose session is no longer in {@code INFORMATION_SCHEMA.SESSIONS} is free:
 * its program ended or was killed. Rows are written one statement each, so that two programs'
 * claims of one game meet at the table's key and one of them is refused.
 */
final class ClaimRows extends WorkClaims {

    /**
     * How often a program that waits for another's claim looks again: H2 cannot wait for a
     * session to end, and waits are few (at the end of a pass, for a step another program runs).
     */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** When a session of INFORMATION_SCHEMA.SESSIONS began: microseconds since 1970, whatever each program's time zone. */
    private static final String STARTED = "CAST(EXTRACT(EPOCH FROM SESSION_START) * 1000000 AS BIGINT)";

    /** H2's state for a key that is already there. */
    private static final String DUPLICATE_KEY = "23505";

    private final Connection connection;
    private final long job;
    private final BooleanSupplier stopped; // Ctrl-C or SIGTERM: a wait ends as a failure

    ClaimRows(Connection connection, long job, BooleanSupplier stopped) throws SQLException {
        this.connection = connection;
        this.job = job;
        this.stopped = stopped;
        connection.setAutoCommit(true);
    }

    /** A pause in a wait for another program's claim; a stop ends the wait, as it ends PostgreSQL's. */
    private void pause() throws SQLException {
        if (stopped.getAsBoolean()) throw new SQLException("the wait for another emergo program was ended by a stop", "57014");
        LockSupport.parkNanos(POLL_NANOS);
    }

    @Override
    List<Long> claim(List<Long> ids) throws SQLException {
        if (ids.isEmpty()) return ids;
        freeClaimsOfEndedSessions();
        List<Long> got = new ArrayList<>(ids.size());
        for (long id : ids) {
            if (take(id)) got.add(id);
        }
        return got;
    }

    @Override
    void release(List<Long> ids) throws SQLException {
        if (ids.isEmpty()) return;
        try (PreparedStatement st = connection.prepareStatement("DELETE FROM work_claim WHERE job = ? AND item = ?")) {
            for (long id : ids) {
                st.setLong(1, job);
                st.setLong(2, id);
                st.addBatch();
            }
            st.executeBatch();
        }
    }

    @Override
    void awaitRelease(long id) throws SQLException {
        while (true) {
            freeClaimsOfEndedSessions();
            try (PreparedStatement st = connection.prepareStatement("SELECT COUNT(*) FROM work_claim WHERE job = ? AND item = ?")) {
                st.setLong(1, job);
                st.setLong(2, id);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) == 0) return;
                }
            }
            pause();
        }
    }

    @Override
    public <T> T exclusively(int step, SqlStep<T> work) throws SQLException {
        long item = stepItem(step);
        freeClaimsOfEndedSessions();
        while (!take(item)) {
            pause();
            freeClaimsOfEndedSessions();
        }
        try {
            return work.run();
        } finally {
            release(List.of(item));
        }
    }

    @Override
    public boolean tryExclusively(int step) throws SQLException {
        freeClaimsOfEndedSessions();
        return take(stepItem(step));
    }

    /** A step's claim: below every game's id. */
    private static long stepItem(int step) {
        if (step < 0 || step > 15) throw new IllegalArgumentException("step " + step);
        return -1L - step;
    }

    /** Claims one item for this session: false when a live session holds it. */
    private boolean take(long item) throws SQLException {
        return readingSessions(() -> {
            try (PreparedStatement st = connection.prepareStatement(
                    "INSERT INTO work_claim (job, item, session_id, session_start)"
                            + " SELECT ?, ?, SESSION_ID, " + STARTED + " FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID = SESSION_ID()")) {
                st.setLong(1, job);
                st.setLong(2, item);
                return st.executeUpdate() == 1;
            } catch (SQLException e) {
                if (DUPLICATE_KEY.equals(e.getSQLState())) return false;
                throw e;
            }
        });
    }

    private void freeClaimsOfEndedSessions() throws SQLException {
        readingSessions(() -> {
            try (PreparedStatement st = connection.prepareStatement("DELETE FROM work_claim w WHERE w.job = ? AND NOT EXISTS"
                    + " (SELECT 1 FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID = w.session_id AND " + STARTED + " = w.session_start)")) {
                st.setLong(1, job);
                return st.executeUpdate();
            }
        });
    }

    /**
     * Runs a statement that reads INFORMATION_SCHEMA.SESSIONS, again when H2 fails it with a
     * NullPointerException: H2 2.4.240 reads each session's transaction for the table's
     * CONTAINS_UNCOMMITTED column (SessionLocal.hasPendingTransaction checks it, then reads it),
     * and a transaction that ends in between is null by then (h2database issue #4352, fixed in
     * 2.5.250). Seen once in a few runs of two analyses at once; the statement changed nothing
     * when it failed so.
     */
    private static <T> T readingSessions(SqlStep<T> statement) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                return statement.run();
            } catch (SQLException e) {
                boolean race = e.getErrorCode() == ErrorCode.GENERAL_ERROR_1
                        && String.valueOf(e.getMessage()).contains("NullPointerException");
                if (!race || attempt == SESSIONS_ATTEMPTS) throw e;
            }
        }
    }

    /** Attempts at a statement that meets H2's race above: each is a rare moment. */
    private static final int SESSIONS_ATTEMPTS = 10;

    @Override
    public void close() throws SQLException {
        // a row of an earlier opening of the file that bears this session's number is free anyway
        try (Connection c = connection;
                PreparedStatement st = c.prepareStatement("DELETE FROM work_claim WHERE job = ? AND session_id = SESSION_ID()")) {
            st.setLong(1, job);
            st.executeUpdate();
        }
    }
}
