package org.emergo.store.db;

import java.sql.SQLException;
import java.util.Set;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStoreException;

/** A database's error message as a user reads it: one line, without what only a developer needs. */
public final class ErrorText {

    /**
     * H2's store's errors that say its file is damaged (DataUtils: a corrupt file, a chunk or
     * block not found, a corrupt transaction log); a locked or closed file is not damage.
     */
    private static final Set<Integer> DAMAGE = Set.of(DataUtils.ERROR_FILE_CORRUPT, DataUtils.ERROR_CHUNK_NOT_FOUND,
            DataUtils.ERROR_BLOCK_NOT_FOUND, DataUtils.ERROR_TRANSACTION_CORRUPT);

    /** H2's error code for a file it finds corrupted (ErrorCode.FILE_CORRUPTED_1). */
    private static final int H2_FILE_CORRUPTED = 90030;

    private ErrorText() {}

    /**
     * The first line of {@code t}'s message (its class when it has none), without H2's statement
     * echo ("; SQL statement:"), error number (" [90020-240]") and version (" [2.4.240/8]"), and
     * without PostgreSQL's "ERROR: ".
     */
    public static String firstLine(Throwable t) {
        String damage = damage(t);
        if (damage != null) {
            return "the database file is damaged (" + damage + "): emergo check says what is, emergo repair saves what is sound";
        }
        return firstLine(t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage());
    }

    /**
     * What H2 says of a damaged file, shortened to its first words (the rest is a page map for
     * developers), when {@code t} or a cause of it is H2's store failing to read its file; else null.
     */
    public static String damage(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            boolean corrupted = c instanceof MVStoreException m && DAMAGE.contains(m.getErrorCode())
                    || c instanceof SQLException q && q.getErrorCode() == H2_FILE_CORRUPTED;
            if (corrupted && c.getMessage() != null) {
                return firstLine(c.getMessage()).replaceFirst("\\. Possible solution.*", "").replaceFirst(",.*", "");
            }
        }
        return null;
    }

    public static String firstLine(String message) {
        String m = message.lines().findFirst().orElse("").strip();
        m = m.replaceFirst("; SQL statement:$", "").replaceAll("\\s*\\[\\d+-\\d+]$", "").replaceAll("\\s*\\[[\\d.]+/\\d+]$", "");
        return m.startsWith("ERROR: ") ? m.substring("ERROR: ".length()) : m;
    }
}
