package org.emergo.store.db;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;

/**
 * Whether H2 opened an H2 file as it was some writes ago. H2 takes for the store's last version
 * the newest chunk it can read whole from its layout on, and says nothing of the newer ones it
 * passes over: a damaged page in the newest chunk opens the file as it was before, with none of
 * the games written since, and reading it fails nowhere. The chunks of the file, read as
 * {@link ChunkLeaves} reads them, say whether a newer chunk was written to its end (its footer
 * is there and its own): a write a crash cut short has no footer, and H2 rightly drops it.
 */
public final class H2NewestChunks {

    private H2NewestChunks() {}

    /**
     * What is wrong when the file holds a chunk written whole that is newer than the version H2
     * opened through {@code c} (an embedded connection to the file); null when none is.
     */
    public static String passedOver(Path file, Connection c) throws SQLException {
        if (!(c.isWrapperFor(JdbcConnection.class))) return null;
        SessionLocal session = (SessionLocal) c.unwrap(JdbcConnection.class).getSession();
        if (session.getDatabase().getStore() == null) return null;
        long opened = session.getDatabase().getStore().getMvStore().getCurrentVersion();
        long newest;
        try {
            newest = ChunkLeaves.of(file).newestWithFooter();
        } catch (IOException e) {
            return null; // the reads say what is wrong with the file
        }
        return newest > opened ? "H2 opens it as of version " + opened + ", and chunks up to version " + newest
                + " were written to their end: their writes do not read" : null;
    }
}
