package org.emergo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.emergo.store.PostgresServer;

/** The databases the process tests run against: an H2 file, a PostgreSQL database of the test server. */
enum TestStores {
    H2 {
        @Override
        String newDatabase(Path dir, String name) {
            return dir.resolve(name).toString();
        }

        @Override
        String copyOf(String db, Path dir, String name) {
            Path copy = dir.resolve(name);
            try {
                Files.copy(Path.of(db + ".mv.db"), Path.of(copy + ".mv.db"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return copy.toString();
        }
    },
    POSTGRES {
        @Override
        String newDatabase(Path dir, String name) {
            return PostgresServer.get().newDatabaseUrl();
        }

        @Override
        String copyOf(String db, Path dir, String name) {
            String path = db.substring(0, db.contains("?") ? db.indexOf('?') : db.length());
            return PostgresServer.get().newDatabaseUrl("TEMPLATE " + path.substring(path.lastIndexOf('/') + 1));
        }
    };

    /** A --db argument for a new, empty database. */
    abstract String newDatabase(Path dir, String name);

    /**
     * A --db argument for a new database that holds what {@code db} holds, which no program has
     * open: a copy of the H2 file, a PostgreSQL database made with it as its template. A test
     * class makes the database its tests start from once, and each test works on a copy.
     */
    abstract String copyOf(String db, Path dir, String name);

    /** A --db argument for a new database holding the games of a file, imported by a child process. */
    String imported(Path dir, String name, Path games) {
        String db = newDatabase(dir, name);
        EmergoProcess.Result r = EmergoProcess.run(dir, "import", "--db", db, games.toString());
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        return db;
    }
}
