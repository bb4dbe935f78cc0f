package org.emergo.store.db;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * {@code emergo backup}: a copy of a database as it was committed when the backup began, made
 * while other programs go on using it, without waiting for them. An H2 file is copied by the
 * program that has it open, at one stored version, as far as the space that version uses
 * ({@link Snapshot}, the SQL function {@code EMERGO_SNAPSHOT}); the copy is then cleaned as a
 * file after an unclean stop is (a version stored while a transaction wrote or committed can hold
 * a part of it), and moved into place: a file that {@code --db} opens. PostgreSQL's copy is
 * pg_dump's to make.
 */
public final class Backup {

    private static final String SUFFIX = ".mv.db";

    private Backup() {}

    /** A copy made: its file, and the moment whose commits it holds. */
    public record Copy(Path file, Instant committedAt) {}

    /** Copies the H2 database {@code db} to {@code target} (a path as --db takes it). */
    public static Copy toH2File(Database db, Path target) {
        Path base = Path.of(stripSuffix(target.toAbsolutePath().normalize().toString()));
        Path file = Path.of(base + SUFFIX);
        if (Files.exists(file)) throw new StoreException("there is a file " + file + " already; give backup a new path");
        String partBase = base + ".backup-" + ProcessHandle.current().pid();
        Path part = Path.of(partBase + SUFFIX);
        try {
            Files.createDirectories(base.getParent());
            Files.deleteIfExists(part);
            String made;
            try (Connection c = db.dataSource().getConnection();
                    PreparedStatement st = c.prepareStatement("CALL EMERGO_SNAPSHOT(?)")) {
                st.setString(1, part.toString()); // absolute: the program that has the file open writes it
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    made = rs.getString(1);
                }
            } catch (SQLException e) {
                throw db.failure("cannot back up " + db.where(), e);
            }
            cleanAsAfterAnUncleanStop(partBase, Snapshot.since(made), !Snapshot.whole(made));
            Files.move(part, file); // fails rather than replace a file made meanwhile
            return new Copy(file, Instant.ofEpochMilli(Snapshot.at(made)));
        } catch (IOException e) {
            throw new StoreException("cannot write the copy " + file + ": " + OutsideProblem.rootMessage(e), e);
        } finally {
            try {
                Files.deleteIfExists(part);
                Files.deleteIfExists(Path.of(partBase + ".lock.db"));
            } catch (IOException e) {
                // a part left beside the copy
            }
        }
    }

    /**
     * What the first program after an unclean stop does to a file ({@link Database}), done to the
     * copy before anyone uses it: its pages' records checked, then the entries of transactions
     * that were open in pages written since {@code since} rolled back ({@link H2Leftovers}), and,
     * if {@code commitsUnderWay}, what a commit kept only in part deleted among the games written
     * since then ({@link IncompleteWrites}, which counts their rows).
     */
    private static void cleanAsAfterAnUncleanStop(String partBase, long since, boolean commitsUnderWay) {
        String url = DatabaseUrl.withH2Settings("jdbc:h2:file:" + partBase + ";AUTO_SERVER=FALSE", false);
        JdbcConnectionPool pool = null;
        try {
            H2PageAccounting.rewriteIfMiscounted(partBase);
            pool = ConnectionPools.h2(url);
            H2Leftovers.Found found = H2Leftovers.rollBack(pool, since);
            if (commitsUnderWay) IncompleteWrites.run(pool, found.games());
        } catch (SQLException | RuntimeException e) {
            throw StoreException.of("cannot open the copy " + partBase + SUFFIX, partBase + SUFFIX, e);
        } finally {
            if (pool != null) pool.dispose(); // the last connection: H2 closes the copy
        }
    }

    /**
     * The pg_dump command line that copies the PostgreSQL database of {@code jdbcUrl} to
     * {@code file}: the URL as libpq takes it, without its password (pg_dump takes that from
     * PGPASSWORD or ~/.pgpass) and without the parameters only the JDBC driver knows.
     */
    public static String pgDumpCommand(String jdbcUrl, String file) {
        URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
        List<String> kept = new ArrayList<>();
        if (uri.getRawQuery() != null) {
            for (String p : uri.getRawQuery().split("&")) {
                String name = p.contains("=") ? p.substring(0, p.indexOf('=')) : p;
                if (List.of("user", "sslmode", "sslrootcert", "sslcert", "sslkey", "connect_timeout").contains(name)) {
                    kept.add(p);
                }
            }
        }
        String url = "postgresql://" + uri.getRawAuthority() + uri.getRawPath()
                + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
        return "pg_dump --format=custom --file=" + shellWord(file) + " --dbname=" + shellWord(url);
    }

    private static String shellWord(String s) {
        return s.matches("[A-Za-z0-9_./:=@?&%+-]+") && !s.contains("&") && !s.contains("?") ? s
                : "'" + s.replace("'", "'\\''") + "'";
    }

    private static String stripSuffix(String path) {
        return path.endsWith(SUFFIX) ? path.substring(0, path.length() - SUFFIX.length()) : path;
    }
}
