package org.emergo.store.jdbc;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.db.LockKey;

/**
 * Work claims on PostgreSQL (and Citus): a claim is a session-level advisory lock on the game's
 * key of a job. Advisory locks need no table, and on Citus they are taken on the coordinator,
 * where this connection is.
 */
final class AdvisoryClaims extends WorkClaims {

    /** Game ids below 2^40 (a trillion); the job's number above. */
    private static final int ID_BITS = 40;

    private final Connection connection;
    private final long job;

    AdvisoryClaims(Connection connection, long job) {
        this.connection = connection;
        this.job = job;
    }

    @Override
    List<Long> claim(List<Long> ids) throws SQLException {
        if (ids.isEmpty()) return ids;
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

    @Override
    void release(List<Long> ids) throws SQLException {
        if (ids.isEmpty()) return;
        try (PreparedStatement st = connection.prepareStatement(
                "SELECT COUNT(*) FILTER (WHERE pg_advisory_unlock(? + id)) FROM unnest(?::bigint[]) AS t(id)")) {
            st.setLong(1, job << ID_BITS);
            st.setArray(2, bigints(ids));
            st.executeQuery().close();
        }
    }

    @Override
    void awaitRelease(long id) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement(
                "SELECT pg_advisory_lock(?), pg_advisory_unlock(?)")) {
            st.setLong(1, (job << ID_BITS) + id);
            st.setLong(2, (job << ID_BITS) + id);
            st.executeQuery().close();
        }
    }

    @Override
    public <T> T exclusively(int step, SqlStep<T> work) throws SQLException {
        LockKey key = LockKey.jobStep(job, step);
        key.call(connection, "SELECT pg_advisory_lock(?, ?)");
        try {
            return work.run();
        } finally {
            key.call(connection, "SELECT pg_advisory_unlock(?, ?)");
        }
    }

    @Override
    public boolean tryExclusively(int step) throws SQLException {
        return LockKey.jobStep(job, step).call(connection, "SELECT pg_try_advisory_lock(?, ?)");
    }

    private Array bigints(List<Long> ids) throws SQLException {
        return connection.createArrayOf("bigint", ids.toArray(new Long[0]));
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = connection; PreparedStatement st = c.prepareStatement("SELECT pg_advisory_unlock_all()")) {
            st.executeQuery().close();
        }
    }
}
