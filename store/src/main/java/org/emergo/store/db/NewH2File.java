package org.emergo.store.db;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * A new H2 file is made whole or not at all. H2 commits each DDL statement by itself, so a
 * program killed while it created the schema left a file whose next migration failed for good
 * ("Duplicate column name"): the schema is now made in a file of its own beside it
 * ({@code NAME.new-PID.mv.db}) and moved into place when complete.
 */
final class NewH2File {

    private static final String SUFFIX = ".mv.db";

    private NewH2File() {}

    /**
     * Makes the file of {@code url} (jdbc:h2:file:PATH, as {@link DatabaseUrl#resolve} makes it)
     * with the current schema if there is none, and removes what killed attempts left.
     *
     * @throws org.flywaydb.core.api.FlywayException when the schema cannot be made (a path it cannot write)
     */
    static void createIfMissing(String url) throws SQLException, IOException {
        Path base = Path.of(url.substring("jdbc:h2:file:".length()));
        Path file = Path.of(base + SUFFIX);
        Path folder = base.toAbsolutePath().getParent();
        if (folder == null) return;
        removeAbandoned(folder, base.getFileName().toString());
        if (Files.exists(file)) return;
        Files.createDirectories(folder);
        String partName = base + ".new-" + ProcessHandle.current().pid();
        Path part = Path.of(partName + SUFFIX);
        Files.deleteIfExists(part);
        JdbcConnectionPool pool = ConnectionPools.h2(DatabaseUrl.withH2Settings("jdbc:h2:file:" + partName, false));
        try {
            SchemaMigration.run(pool, false);
            H2Reader.create(pool);
        } catch (SQLException | RuntimeException e) {
            pool.dispose();
            Files.deleteIfExists(part);
            Files.deleteIfExists(Path.of(partName + ".lock.db"));
            throw e;
        } finally {
            pool.dispose(); // the last connection closes the file
        }
        try {
            // a link, unlike a rename, fails where another program made the file meanwhile
            Files.createLink(file, part);
        } catch (FileAlreadyExistsException e) {
            // theirs is as good
        } catch (UnsupportedOperationException | FileSystemException e) {
            try {
                Files.move(part, file); // a file system without links
            } catch (FileAlreadyExistsException again) {
                // theirs is as good
            }
        } finally {
            Files.deleteIfExists(part);
            Files.deleteIfExists(Path.of(partName + ".lock.db"));
        }
    }

    /** Files that programs now gone began: NAME.new-PID.mv.db whose PID runs no more. */
    private static void removeAbandoned(Path folder, String name) throws IOException {
        if (!Files.isDirectory(folder)) return;
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(folder, name + ".new-*" + SUFFIX)) {
            for (Path part : parts) {
                String n = part.getFileName().toString();
                String pid = n.substring(name.length() + ".new-".length(), n.length() - SUFFIX.length());
                if (!pid.matches("\\d{1,18}") || ProcessHandle.of(Long.parseLong(pid)).isPresent()) continue;
                Files.deleteIfExists(part);
                Files.deleteIfExists(Path.of(folder.toString(), name + ".new-" + pid + ".lock.db"));
            }
        }
    }
}
