package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;

/**
 * One import at a time of a given file content, across programs: a second program waits until
 * the first has imported the file, then finds it imported. On PostgreSQL a session lock on a
 * connection of its own, which the server frees when the program dies; on H2, where the
 * programs reach one file through the one that opened it, a work claim ({@link WorkClaims}),
 * which is free once its session has ended. Without it two imports of one file through the
 * viewer stored every game twice.
 */
public final class ImportLocks implements AutoCloseable {

    private final Connection connection; // PostgreSQL
    private final LockKey key;
    private final WorkClaims claim; // H2

    private ImportLocks(Connection connection, LockKey key, WorkClaims claim) {
        this.connection = connection;
        this.key = key;
        this.claim = claim;
    }

    /**
     * Waits until no other program imports a file of this content (SHA-256, hex), and holds that
     * until {@link #close}; {@code waiting} is told first when it has to wait.
     */
    public static ImportLocks forFile(Database db, String contentSha256, Runnable waiting) {
        try {
            if (!db.isPostgres()) {
                // the content's first 60 bits: two contents that share them wait for each other, nothing worse
                long item = Long.parseLong(contentSha256.substring(0, 15), 16);
                return new ImportLocks(null, null, WorkClaims.holding(db, WorkClaims.FILE_IMPORTS, item, waiting));
            }
            LockKey key = LockKey.fileImport(contentSha256);
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
            return new ImportLocks(c, key, null);
        } catch (SQLException e) {
            throw db.failure("cannot lock the import of a file", e);
        }
    }

    @Override
    public void close() {
        if (claim != null) {
            try {
                claim.close();
            } catch (SQLException e) {
                // a connection that failed is gone, and its session with it: the claim is free
            }
            return;
        }
        try (Connection c = connection) {
            key.call(c, "SELECT pg_advisory_unlock(?, ?)");
        } catch (SQLException e) {
            // a connection that failed is gone, and its session's locks with it
        }
    }

}
