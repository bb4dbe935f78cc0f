package org.emergo.store.jdbc;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;

/**
 * The games this process works on, claimed in the database so that several {@code analyze} or
 * {@code review} processes, on one machine or many, share one PostgreSQL (or Citus) database's
 * pending games. A claim is a session-level advisory lock on the game's key of a job, held on a
 * connection of its own: a process that dies, however it dies, ends its session and its
 * claims with it, and the games it had not stored are pending again. Advisory locks need no
 * table, and on Citus they are taken on the coordinator, where this connection is.
 *
 * <p>On H2 one process works at a time (the file is open in one process): every claim is granted.
 */
public final class WorkClaims implements AutoCloseable {

    /** The job whose games are claimed: {@code analyze}, or {@code review} at one setting. */
    public static long analyzeJob() {
        return 1;
    }

    public static long reviewJob(int settingId) {
        return 2L + settingId;
    }

    /** {@code puzzles} at a miner version: above every review setting's number (below 2^23, as the ids leave). */
    public static long puzzleJob(int minerVersion) {
        return (1L << 22) + minerVersion;
    }

    /** Game ids below 2^40 (a trillion); the job's number above. */
    private static final int ID_BITS = 40;

    private final Connection connection; // null on H2
    private final long job;

    private WorkClaims(Connection connection, long job) {
        this.connection = connection;
        this.job = job;
    }

    public static WorkClaims open(Database db, long job) throws SQLException {
        return new WorkClaims(db.isPostgres() ? db.dataSource().getConnection() : null, job);
    }

    /** Claims what it can of {@code ids}: the ids now held by this process, in the order given. */
    List<Long> claim(List<Long> ids) throws SQLException {
        if (connection == null || ids.isEmpty()) return ids;
        List<Long> got = new ArrayList<>(ids.size());
        // in the select list, so that each key is tried exactly once; FROM unnest keeps it on
        // the coordinator under Citus
        try (PreparedStatement st = connection.prepareStatement(
                "SELECT id, pg_try_advisory_lock(? + id) FROM unnest(?::bigint[]) WITH ORDINALITY AS t(id, n) ORDER BY n")) {
            st.setLong(1, job << ID_BITS);
            st.setArray(2, bigints(ids));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    if (rs.getBoolean(2)) got.add(rs.getLong(1));
                }
            }
        }
        return got;
    }

    /** Gives the claims up: called once their games are stored (or found done by another). */
    void release(List<Long> ids) throws SQLException {
        if (connection == null || ids.isEmpty()) return;
        try (PreparedStatement st = connection.prepareStatement(
                "SELECT COUNT(*) FILTER (WHERE pg_advisory_unlock(? + id)) FROM unnest(?::bigint[]) AS t(id)")) {
            st.setLong(1, job << ID_BITS);
            st.setArray(2, bigints(ids));
            st.executeQuery().close();
        }
    }

    /**
     * Waits until whoever claims game {@code id} gives it up (stored it, or died), without
     * claiming it. Only called while this process holds no claim of its own, so that two
     * processes never wait for each other.
     */
    void awaitRelease(long id) throws SQLException {
        if (connection == null) return;
        try (PreparedStatement st = connection.prepareStatement(
                "SELECT pg_advisory_lock(?), pg_advisory_unlock(?)")) {
            st.setLong(1, (job << ID_BITS) + id);
            st.setLong(2, (job << ID_BITS) + id);
            st.executeQuery().close();
        }
    }

    /**
     * Runs {@code step} while no other process runs the step of this name for this job (for
     * one setting's curve fitting: two processes would fit it twice). Waits for the other.
     */
    <T> T exclusively(int step, SqlStep<T> work) throws SQLException {
        if (connection == null) return work.run();
        LockKey key = LockKey.jobStep(job, step);
        key.call(connection, "SELECT pg_advisory_lock(?, ?)");
        try {
            return work.run();
        } finally {
            key.call(connection, "SELECT pg_advisory_unlock(?, ?)");
        }
    }

    /**
     * Tries to run {@code step} as the only process running it for this job: false, without
     * running it, while another process does ({@code analyze --all}: two would each replay every game).
     */
    public boolean tryExclusively(int step) throws SQLException {
        if (connection == null) return true;
        return LockKey.jobStep(job, step).call(connection, "SELECT pg_try_advisory_lock(?, ?)");
    }

    /** A step run under an exclusive claim. */
    public interface SqlStep<T> {
        T run() throws SQLException;
    }

    private Array bigints(List<Long> ids) throws SQLException {
        return connection.createArrayOf("bigint", ids.toArray(new Long[0]));
    }

    /** Gives every claim up and the connection back (a pooled connection keeps its session). */
    @Override
    public void close() throws SQLException {
        if (connection == null) return;
        try (Connection c = connection; PreparedStatement st = c.prepareStatement("SELECT pg_advisory_unlock_all()")) {
            st.executeQuery().close();
        }
    }
}
