package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;
import org.emergo.store.db.OutsideProblem;
import org.emergo.store.db.StoreException;

/**
 * On PostgreSQL, one import at a time of a given file content, across programs: a second
 * program waits until the first has imported the file, then finds it imported. Held on a
 * connection of its own (a session lock), so that the server frees it when the program dies.
 * On H2 there is nothing to lock: a database file is open in one program at a time.
 */
public final class ImportLocks implements AutoCloseable {

    private final Connection connection;
    private final LockKey key;

    private ImportLocks(Connection connection, LockKey key) {
        this.connection = connection;
        this.key = key;
    }

    /**
     * Waits until no other program imports a file of this content (SHA-256, hex), and holds that
     * until {@link #close}; {@code waiting} is told first when it has to wait.
     */
    public static ImportLocks forFile(Database db, String contentSha256, Runnable waiting) {
        if (!db.isPostgres()) return new ImportLocks(null, null);
        LockKey key = LockKey.fileImport(contentSha256);
        try {
            Connection c = db.dataSource().getConnection();
            try {
                if (!key.call(c, "SELECT pg_try_advisory_lock(?, ?)")) {
                    waiting.run();
                    key.call(c, "SELECT pg_advisory_lock(?, ?)");
                }
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
            return new ImportLocks(c, key);
        } catch (SQLException e) {
            throw new StoreException(OutsideProblem.describe(e, db.where())
                    .orElseGet(() -> "cannot lock the import of a file: " + e.getMessage()), e);
        }
    }

    @Override
    public void close() {
        if (connection == null) return;
        try (Connection c = connection) {
            key.call(c, "SELECT pg_advisory_unlock(?, ?)");
        } catch (SQLException e) {
            // a connection that failed is gone, and its session's locks with it
        }
    }

}
