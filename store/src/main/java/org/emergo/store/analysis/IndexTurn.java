package org.emergo.store.analysis;

import java.sql.Connection;
import java.sql.SQLException;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;

/**
 * An {@code analyze} run's say over the indexes a bulk run suspends ({@link BulkIndexes}), when
 * several processes analyse one PostgreSQL database. Every run holds
 * {@link LockKey#ANALYSIS_INDEXES} for its run, a session lock on a connection of its own (freed
 * by the server when the process dies):
 *
 * <ul>
 *   <li>a bulk run takes it exclusively, and only then suspends the indexes: no other run is
 *       under way that relies on them, and none can start one of its own while it runs;
 *   <li>every other run takes it shared, and restores missing indexes at its end (one that died
 *       left them dropped); two such runs' {@code CREATE INDEX} are serialised by
 *       {@link LockKey#INDEX_DDL};
 *   <li>a run that finds a bulk run of another process holding it neither drops nor restores:
 *       it asks again at its end, and restores if that run has ended (or died) by then.
 * </ul>
 *
 * On H2 the program that opened a file holds it, and others reach it through that one (mixed
 * mode): a run that opened the file itself takes its turn as asked; one that reaches it through
 * another program, the viewer say, whose pages read through those indexes, takes it shared and
 * suspends nothing (the explorer took 38.7 s a page while a bulk run had dropped the position
 * index under it: docs/performance.md#the-viewer-under-many-users-at-once).
 */
final class IndexTurn implements AutoCloseable {

    private enum Hold { EXCLUSIVE, SHARED, NONE }

    private final Connection connection; // null on H2
    private Hold hold;

    private IndexTurn(Connection connection, Hold hold) {
        this.connection = connection;
        this.hold = hold;
    }

    /** Takes the turn of a run: exclusively for a bulk run, when no other run holds it; shared otherwise, if it can. */
    static IndexTurn take(Database db, boolean bulk) throws SQLException {
        if (!db.isPostgres()) return new IndexTurn(null, bulk && !db.servedByAnother() ? Hold.EXCLUSIVE : Hold.SHARED);
        Connection c = db.dataSource().getConnection();
        try {
            LockKey key = LockKey.ANALYSIS_INDEXES;
            Hold hold = bulk && key.call(c, "SELECT pg_try_advisory_lock(?, ?)") ? Hold.EXCLUSIVE
                    : key.call(c, "SELECT pg_try_advisory_lock_shared(?, ?)") ? Hold.SHARED
                    : Hold.NONE;
            return new IndexTurn(c, hold);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Whether this run may drop the indexes for a bulk run: it holds the turn exclusively. */
    boolean maySuspend() {
        return hold == Hold.EXCLUSIVE;
    }

    /**
     * Whether this run may restore the indexes now: it holds the turn, or takes it shared now
     * that the bulk run that held it has ended.
     */
    boolean mayRestore() throws SQLException {
        if (hold == Hold.NONE && LockKey.ANALYSIS_INDEXES.call(connection, "SELECT pg_try_advisory_lock_shared(?, ?)")) {
            hold = Hold.SHARED;
        }
        return hold != Hold.NONE;
    }

    /** Gives the turn up and the connection back (a pooled connection keeps its session). */
    @Override
    public void close() throws SQLException {
        if (connection == null) return;
        try (Connection c = connection) {
            if (hold == Hold.EXCLUSIVE) LockKey.ANALYSIS_INDEXES.call(c, "SELECT pg_advisory_unlock(?, ?)");
            if (hold == Hold.SHARED) LockKey.ANALYSIS_INDEXES.call(c, "SELECT pg_advisory_unlock_shared(?, ?)");
        }
    }
}
