package org.emergo.store.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.postgresql.PGConnection;
import org.postgresql.ds.PGConnectionPoolDataSource;

/**
 * The connections of one program to a PostgreSQL server, each known by its server process, so
 * that a stop (Ctrl-C, SIGTERM) can end their waits for a lock: a wait for another program's
 * lock (an advisory lock taken through the viewer's SQL page, say) has no end of its own.
 */
final class PostgresSessions extends PGConnectionPoolDataSource {

    private static final long serialVersionUID = 1L;

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** Server process id to the moment it started: a process id may be used again after ours ended. */
    private final transient Map<Integer, OffsetDateTime> sessions = new ConcurrentHashMap<>();
    private transient volatile Thread stopper;
    private transient volatile boolean closed;

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        Connection c = super.getConnection(user, password);
        try (PreparedStatement st = c.prepareStatement(
                "SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()");
                ResultSet rs = st.executeQuery()) {
            if (rs.next()) sessions.put(c.unwrap(PGConnection.class).getBackendPID(), rs.getObject(1, OffsetDateTime.class));
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /**
     * From now until {@link #close}, cancels every statement of these sessions that waits for
     * a lock, those waiting now and those that start waiting later, on a connection of its own
     * looked at every 100 ms. The cancelled statement fails (SQL state 57014).
     */
    synchronized void endLockWaits() {
        if (stopper != null || closed) return;
        stopper = new Thread(this::cancelWhileOpen, "emergo-end-lock-waits");
        stopper.setDaemon(true);
        stopper.start();
    }

    private void cancelWhileOpen() {
        try (Connection c = super.getConnection(getUser(), getPassword());
                PreparedStatement st = c.prepareStatement("SELECT pid, backend_start FROM pg_stat_activity"
                        + " WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()");
                PreparedStatement cancel = c.prepareStatement("SELECT pg_cancel_backend(?)")) {
            while (!closed) {
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        int pid = rs.getInt(1);
                        if (rs.getObject(2, OffsetDateTime.class).equals(sessions.get(pid))) {
                            cancel.setInt(1, pid);
                            cancel.executeQuery().close();
                        }
                    }
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        } catch (SQLException e) {
            // the server is gone, and the waits with it
        }
    }

    /** Ends {@link #endLockWaits}. */
    void close() {
        closed = true;
    }
}
