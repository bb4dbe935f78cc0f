package org.emergo.cli;

import java.nio.file.Path;
import org.emergo.store.PostgresServer;

/** The databases the process tests run against: an H2 file, a PostgreSQL database of the test server. */
enum TestStores {
    H2 {
        @Override
        String newDatabase(Path dir, String name) {
            return dir.resolve(name).toString();
        }
    },
    POSTGRES {
        @Override
        String newDatabase(Path dir, String name) {
            return PostgresServer.get().newDatabaseUrl();
        }
    };

    /** A --db argument for a new, empty database. */
    abstract String newDatabase(Path dir, String name);

    /** A --db argument for a new database holding the games of a file, imported by a child process. */
    String imported(Path dir, String name, Path games) {
        String db = newDatabase(dir, name);
        EmergoProcess.Result r = EmergoProcess.run(dir, "import", "--db", db, games.toString());
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        return db;
    }
}
