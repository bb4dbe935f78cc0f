package org.emergo.store.db;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * {@code emergo backup}: a consistent copy of a database while other programs use it. An H2
 * file is copied by H2's online {@code BACKUP TO} (a zip of the file as it stands at one commit,
 * taken by whichever program serves the file) and unpacked into a file of its own that
 * {@code --db} opens: a copy of the pages, where {@code SCRIPT} and {@code RUNSCRIPT} would write
 * every row as SQL text and build every index again. PostgreSQL's copy is pg_dump's to make.
 */
public final class Backup {

    private static final String SUFFIX = ".mv.db";

    private Backup() {}

    /** Copies the H2 database {@code db} to {@code target} (a path as --db takes it); the copy's file. */
    public static Path toH2File(Database db, Path target) {
        Path base = Path.of(stripSuffix(target.toAbsolutePath().normalize().toString()));
        Path file = Path.of(base + SUFFIX);
        if (Files.exists(file)) throw new StoreException("there is a file " + file + " already; give backup a new path");
        Path zip = Path.of(base + ".backup-" + ProcessHandle.current().pid() + ".zip");
        Path part = Path.of(base + ".backup-" + ProcessHandle.current().pid() + SUFFIX);
        try {
            Files.createDirectories(base.getParent());
            Files.deleteIfExists(zip);
            try (Connection c = db.dataSource().getConnection();
                    PreparedStatement st = c.prepareStatement("BACKUP TO ?")) {
                st.setString(1, zip.toString()); // absolute: the program that serves the file writes it
                st.execute();
            }
            try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
                boolean found = false;
                for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                    if (!e.getName().endsWith(SUFFIX)) continue;
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                    found = true;
                }
                if (!found) throw new StoreException("H2's backup of " + db.where() + " holds no database file");
            }
            Files.move(part, file); // fails rather than replace a file made meanwhile
            return file;
        } catch (SQLException e) {
            throw db.failure("cannot back up " + db.where(), e);
        } catch (IOException e) {
            throw new StoreException("cannot write the copy " + file + ": " + OutsideProblem.rootMessage(e), e);
        } finally {
            try {
                Files.deleteIfExists(zip);
                Files.deleteIfExists(part);
            } catch (IOException e) {
                // a part left beside the copy
            }
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
