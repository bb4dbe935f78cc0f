package org.emergo.store.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Every two-key advisory lock emergo takes on PostgreSQL, chosen in this one place so that no two
 * uses share a key by accident. The first key keeps emergo's locks apart from other users of the
 * server; the one-key (bigint) space is the work claims' alone ({@code WorkClaims}).
 */
public record LockKey(int space, int key) {

    /** The first key of emergo's own locks: "EMGO". */
    private static final int EMERGO = 0x454D474F;

    /** The first key of the steps of a job ({@link #jobStep}) and of the steps of no job: "EM". */
    private static final int STEPS = 0x454D;

    /** One transaction that inserts games at a time, to its commit ({@code GameRepository}). */
    public static final LockKey GAME_INSERTS = new LockKey(EMERGO, 0);

    /** One program at a time prepares the reader role ({@link ReadOnlyAccess}). */
    public static final LockKey READER_ROLE = new LockKey(EMERGO, 2);

    /** One process at a time builds pattern segments (second keys below 16 belong to no job). */
    public static final LockKey PATTERN_SEGMENTS = new LockKey(STEPS, 3);

    /**
     * The import of a file's content (SHA-256, hex): 32 bits of its hash, made odd so that it
     * is never one of the fixed keys above (two contents that share them wait for each other, nothing worse).
     */
    public static LockKey fileImport(String contentSha256) {
        return new LockKey(EMERGO, (int) Long.parseLong(contentSha256.substring(0, 8), 16) | 1);
    }

    /** Step {@code step} (0 to 15) of job {@code job} (1 and up): one process runs it at a time. */
    public static LockKey jobStep(long job, int step) {
        if (job < 1 || step < 0 || step > 15) throw new IllegalArgumentException("job " + job + ", step " + step);
        return new LockKey(STEPS, (int) (job * 16 + step));
    }

    /** Takes this lock until the transaction on {@code c} ends, waiting for another holder. */
    public void holdToCommit(Connection c) throws SQLException {
        call(c, "SELECT pg_advisory_xact_lock(?, ?)");
    }

    /** Runs one of PostgreSQL's lock functions on this key; what it returned, when a boolean. */
    public boolean call(Connection c, String sql) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setInt(1, space);
            st.setInt(2, key);
            try (var rs = st.executeQuery()) {
                return rs.next() && rs.getObject(1) instanceof Boolean b && b;
            }
        }
    }
}
