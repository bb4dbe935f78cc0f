package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.emergo.store.db.Database;
import org.emergo.store.db.OutsideProblem;
import org.emergo.store.db.StoreException;

/**
 * On PostgreSQL, one import at a time of a given file content, across programs: a second
 * program waits until the first has imported the file, then finds it imported. Held on a
 * connection of its own (a session lock), so that the server frees it when the program dies.
 * On H2 there is nothing to lock: a database file is open in one program at a time.
 */
public final class ImportLocks implements AutoCloseable {

    /** The first key of emergo's advisory locks ("EMGO"), so other users of the server keep theirs. */
    public static final int NAMESPACE = 0x454D474F;

    /** The second key of the lock that {@link GameRepository#insertRows} holds to its commit. */
    public static final int GAME_INSERTS = 0;

    /** The second key of the lock that one program at a time prepares the reader role under ({@link ReadOnlyAccess}). */
    public static final int READER_ROLE = 2;

    private final Connection connection;
    private final int key;

    private ImportLocks(Connection connection, int key) {
        this.connection = connection;
        this.key = key;
    }

    /**
     * Waits until no other program imports a file of this content (SHA-256, hex), and holds that
     * until {@link #close}; {@code waiting} is told first when it has to wait.
     */
    public static ImportLocks forFile(Database db, String contentSha256, Runnable waiting) {
        if (!db.isPostgres()) return new ImportLocks(null, 0);
        int key = keyOf(contentSha256);
        try {
            Connection c = db.dataSource().getConnection();
            try {
                if (!call(c, "SELECT pg_try_advisory_lock(?, ?)", key)) {
                    waiting.run();
                    call(c, "SELECT pg_advisory_lock(?, ?)", key);
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
            call(c, "SELECT pg_advisory_unlock(?, ?)", key);
        } catch (SQLException e) {
            // a connection that failed is gone, and its session's locks with it
        }
    }

    /** The second key of the lock on a file's content: 32 bits of its hash (two contents that share them wait for each other, nothing worse). */
    public static int keyOf(String contentSha256) {
        return (int) Long.parseLong(contentSha256.substring(0, 8), 16) | 1; // never GAME_INSERTS
    }

    /** Runs a lock function; what it returned, when it returns a boolean. */
    private static boolean call(Connection c, String sql, int key) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql); ResultSet rs = bind(st, key).executeQuery()) {
            return rs.next() && rs.getObject(1) instanceof Boolean b && b;
        }
    }

    private static PreparedStatement bind(PreparedStatement st, int key) throws SQLException {
        st.setInt(1, NAMESPACE);
        st.setInt(2, key);
        return st;
    }
}
