package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.emergo.store.db.Backup;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 30: {@code emergo backup}, a copy of a database that another program is writing. */
class BackupProcessTest {

    private static final Path PG_DUMP = Path.of("/usr/lib/postgresql/15/bin/pg_dump");

    @TempDir
    Path dir;

    /** The import holds the file open (the backup reaches it through H2's mixed mode), paused after a commit. */
    @Test
    void aBackupWhileAnImportHoldsTheFileIsAFileThatOpensWithWhatWasCommitted() throws IOException {
        Path games = EmergoProcess.generated(dir, 3000, 31);
        String db = dir.resolve("club").toString();
        EmergoProcess importing = EmergoProcess.startPausedAt(dir, "import: 2000 games stored", "import", "--db", db,
                games.toString());
        importing.awaitErrLine("import: 2000 games stored");

        EmergoProcess.Result r = EmergoProcess.run(dir, "backup", "--db", db, dir.resolve("copy").toString());
        importing.signal("TERM");
        importing.finish();

        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        assertTrue(r.out().matches("copied \\Q" + db + "\\E to \\Q" + dir.resolve("copy.mv.db")
                + "\\E, as committed at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d\n"), r.out());
        String copy = dir.resolve("copy").toString();
        assertEquals(2000, DatabaseContents.count(copy, "game"));
        assertEquals(List.of(), incomplete(copy), "every game with every tag");
        assertEquals(0, EmergoProcess.run(dir, "import", "--db", copy, games.toString()).exitCode(), "the copy goes on");
        assertEquals(3000, DatabaseContents.count(copy, "game"));
    }

    /**
     * Issue 56: a backup begun during an import ends while the import still runs, and holds
     * exactly the games committed when it began. The import serves the file and is held right
     * after its commit of 2,000 games; a batch that the test writes through it and does not
     * commit stands for the import's next one: in the file (H2 stores uncommitted entries too)
     * but not committed.
     */
    @Test
    void aBackupDuringAnImportEndsFirstAndHoldsExactlyTheGamesCommittedWhenItBegan() throws Exception {
        Path games = EmergoProcess.generated(dir, 3000, 36);
        String db = dir.resolve("running").toString();
        String copy = dir.resolve("running-copy").toString();
        EmergoProcess importing = EmergoProcess.startHeldAt(dir, "import: 2000 games stored", "import", "--db", db,
                games.toString());
        importing.awaitErrLine("import: 2000 games stored");
        EmergoProcess.Result r;
        try (Database through = Database.open(db); Connection batch = through.dataSource().getConnection()) {
            batch.setAutoCommit(false);
            try (Statement st = batch.createStatement()) {
                assertEquals(2000, st.executeUpdate("INSERT INTO game (variant, white, moves, fingerprint, tag_count)"
                        + " SELECT variant, 'not committed', moves, BITXOR(fingerprint, 1), 0 FROM game"));
            }
            try (Connection other = through.dataSource().getConnection(); Statement st = other.createStatement()) {
                st.execute("CHECKPOINT"); // the uncommitted batch into the file
            }

            r = EmergoProcess.run(dir, "backup", "--db", db, copy);

            assertTrue(importing.isRunning(), "the import goes on after the backup ended");
            batch.rollback();
        }
        importing.resume();
        EmergoProcess.Result imported = importing.finish();

        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        assertEquals(0, imported.exitCode(), String.join("\n", imported.err()));
        assertEquals(3000, DatabaseContents.count(db, "game"));
        assertEquals(2000, DatabaseContents.count(copy, "game"));
        assertEquals(List.of(), DatabaseContents.query(copy, "SELECT id FROM game WHERE white = 'not committed'"));
        assertEquals(List.of(), incomplete(copy), "every game with every tag");
    }

    @Test
    void aBackupDuringARunningImportHoldsWholeGamesOnly() throws IOException {
        Path games = EmergoProcess.generated(dir, 3000, 32);
        String db = dir.resolve("busy").toString();
        assertEquals(0, EmergoProcess.run(dir, "import", "--db", db, EmergoProcess.generated(dir, 10, 33).toString())
                .exitCode());
        EmergoProcess importing = EmergoProcess.start(dir, "import", "--db", db, games.toString());
        importing.awaitErrLine("import: ");
        EmergoProcess.Result r = EmergoProcess.run(dir, "backup", "--db", db, dir.resolve("busy-copy").toString());
        EmergoProcess.Result imported = importing.finish();
        assertEquals(0, imported.exitCode(), "the import beside the backup: " + String.join("\n", imported.err())
                + "; the backup: " + String.join("\n", r.err()));

        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        String copy = dir.resolve("busy-copy").toString();
        long n = DatabaseContents.count(copy, "game");
        assertTrue(n >= 10 && n <= 3010, "games in the copy: " + n);
        assertEquals(List.of(), incomplete(copy));
    }

    @Test
    void aBackupRefusesToOverwriteAFile() throws IOException {
        String db = dir.resolve("one").toString();
        assertEquals(0, EmergoProcess.run(dir, "import", "--db", db, EmergoProcess.generated(dir, 5, 34).toString())
                .exitCode());
        Files.writeString(dir.resolve("taken.mv.db"), "mine");
        EmergoProcess.Result r = EmergoProcess.run(dir, "backup", "--db", db, dir.resolve("taken").toString());
        assertEquals(1, r.exitCode());
        assertEquals(List.of("emergo backup: there is a file " + dir.resolve("taken.mv.db")
                + " already; give backup a new path"), r.err());
        assertEquals("mine", Files.readString(dir.resolve("taken.mv.db")));
    }

    /** The line printed for PostgreSQL is a pg_dump command that works, run here as printed. */
    @Test
    void onPostgresTheBackupPrintsAPgDumpCommandThatMakesTheCopy() throws Exception {
        String db = TestStores.POSTGRES.newDatabase(dir, "pg");
        assertEquals(0, EmergoProcess.run(dir, "import", "--db", db, EmergoProcess.generated(dir, 5, 35).toString())
                .exitCode());
        EmergoProcess.Result r = EmergoProcess.run(dir, "backup", "--db", db, "club.dump");
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().size(), r.err().toString());
        String prefix = "emergo backup: pg_dump makes the copy of a PostgreSQL database: ";
        assertTrue(r.err().get(0).startsWith(prefix + "pg_dump --format=custom --file=club.dump --dbname="), r.err().get(0));
        assertEquals(prefix + Backup.pgDumpCommand(db, "club.dump"), r.err().get(0));
        if (!Files.isExecutable(PG_DUMP)) return; // the line's form is checked above
        String command = r.err().get(0).substring(prefix.length()).replaceFirst("^pg_dump", PG_DUMP.toString());
        Map<String, String> env = new HashMap<>();
        String password = parameter(db, "password");
        if (password != null) env.put("PGPASSWORD", password);
        ProcessBuilder sh = new ProcessBuilder("sh", "-c", command).directory(dir.toFile()).redirectErrorStream(true);
        sh.environment().putAll(env);
        Process p = sh.start();
        String said = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), said);
        assertTrue(Files.size(dir.resolve("club.dump")) > 0);
    }

    private static String parameter(String url, String name) {
        int q = url.indexOf('?');
        if (q < 0) return null;
        for (String p : url.substring(q + 1).split("&")) {
            if (p.startsWith(name + "=")) return p.substring(name.length() + 1);
        }
        return null;
    }

    /** Games whose tags do not number what the import wrote (tag_count). */
    private static List<String> incomplete(String db) {
        return DatabaseContents.query(db, "SELECT g.id FROM game g WHERE g.tag_count <>"
                + " (SELECT COUNT(*) FROM game_tag t WHERE t.game_id = g.id)");
    }
}
