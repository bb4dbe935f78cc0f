package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9: a problem outside emergo is one line on stderr that names it and says what to do,
 * and exit 1 (2 for bad usage); a trace only with EMERGO_DEBUG=1. Run as a user runs the
 * command, so that nothing a library prints by itself goes unseen.
 */
class OutsideProblemsProcessTest {

    @TempDir
    Path dir;

    private Path games;

    @BeforeEach
    void writeAGame() throws IOException {
        games = Files.writeString(dir.resolve("one.egn"), "[Event \"One\"]\n[Result \"*\"]\n\n1. e4 e6 *\n");
    }

    @Test
    void anH2FileThatAnotherProgramHoldsIsOneLineSayingSoAndWhatToDo() throws SQLException {
        String path = dir.resolve("held").toString();
        Database.open(path).close();
        // Another emergo command would share the file (mixed mode); a program that opens it
        // without AUTO_SERVER, such as an SQL tool, holds it alone.
        try (Connection held = DriverManager.getConnection("jdbc:h2:file:" + path + ";NON_KEYWORDS=VALUE", "sa", "")) {
            assertOneLine(EmergoProcess.run(dir, "import", "--db", path, games.toString()),
                    "emergo import: the database " + path + " is in use by another program (another emergo command?);"
                            + " wait for it to finish or stop it, then run this again");
        }
    }

    @Test
    void aPathItCannotWriteIsOneLineSayingSo() {
        assertOneLine(EmergoProcess.run(dir, "import", "--db", "/proc/x", games.toString()),
                "emergo import: cannot write the database /proc/x (no file can be made there);"
                        + " give --db a path in a folder you can write, and check that the disk has room");
    }

    @Test
    void aFileThatIsNotAnH2DatabaseIsOneLineSayingSo() throws IOException {
        Files.writeString(dir.resolve("notes.mv.db"), "these are notes, not a database\n".repeat(1000));
        String line = oneLine(EmergoProcess.run(dir, "sql", "--db", dir.resolve("notes").toString(), "SELECT 1"));
        assertTrue(line.startsWith("emergo sql: the file " + dir.resolve("notes") + ".mv.db is not an H2 database,"
                + " or it is damaged; if it is a damaged emergo database, emergo repair --db " + dir.resolve("notes")
                + " saves what can be read of it; else give --db the path of an emergo database, or a new path"), line);
    }

    @Test
    void aPostgresServerThatIsDownIsOneLineSayingSo() throws IOException {
        String line = oneLine(EmergoProcess.run(dir, "analyze", "--db", "jdbc:postgresql://127.0.0.1:" + freePort()
                + "/emergo?user=emergo&password=secret"));
        assertTrue(line.startsWith("emergo analyze: cannot reach the database server jdbc:postgresql://127.0.0.1:"), line);
        assertTrue(line.endsWith("check that it is running and that --db names it, then run this again"), line);
        assertTrue(!line.contains("secret"), line);
    }

    @Test
    void aReviewWhoseServerIsDownIsOneLineSayingSo() throws IOException {
        String line = oneLine(EmergoProcess.run(dir, "review", "--db", "jdbc:postgresql://127.0.0.1:" + freePort()
                + "/emergo?user=emergo"));
        assertTrue(line.startsWith("emergo review: cannot reach the database server jdbc:postgresql://127.0.0.1:"), line);
    }

    @Test
    void aMistypedQueryIsASyntaxError() {
        String db = "jdbc:h2:mem:syntax";
        assertOneLine(EmergoProcess.run(dir, "sql", "--db", db, "SELEC 1"), "emergo sql: syntax error: SELEC does not"
                + " begin an SQL statement; a query begins with SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN");
        String line = oneLine(EmergoProcess.run(dir, "sql", "--db", db, "SELECT * FRM game"));
        assertTrue(line.startsWith("emergo sql: the query failed: Syntax error"), line);
    }

    @Test
    void badUsageExitsWithTwo() {
        EmergoProcess.Result r = EmergoProcess.run(dir, "import", "--db", dir.resolve("db").toString());
        assertEquals(2, r.exitCode(), String.join("\n", r.err()));
        assertTrue(r.err().get(0).startsWith("Missing required parameter"), String.join("\n", r.err()));
    }

    @Test
    void emergoDebugShowsTheTraceAsWell() {
        EmergoProcess.Result r = EmergoProcess.run(dir, Map.of(FailureHandler.DEBUG_ENV, "1"),
                "import", "--db", "/proc/x", games.toString());
        assertEquals(1, r.exitCode());
        assertTrue(r.err().stream().anyMatch(l -> l.startsWith("\tat ")), String.join("\n", r.err()));
        assertEquals("emergo import: cannot write the database /proc/x (no file can be made there);"
                + " give --db a path in a folder you can write, and check that the disk has room", r.err().get(r.err().size() - 1));
    }

    private static void assertOneLine(EmergoProcess.Result r, String expected) {
        assertEquals(expected, oneLine(r));
    }

    /** The only line on stderr of a run that exited 1. */
    private static String oneLine(EmergoProcess.Result r) {
        List<String> err = r.err();
        assertEquals(1, r.exitCode(), String.join("\n", err));
        assertEquals(1, err.size(), String.join("\n", err));
        return err.get(0);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
