package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.emergo.store.PostgresServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code emergo sql} on PostgreSQL, connected as the superuser that {@code initdb -U emergo}
 * makes: a query may read emergo's tables and nothing more. Each probe is refused, in one line,
 * and leaves nothing behind: no lock held, the other session alive, no table, no setting.
 */
@Tag("postgres")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlCommandOnPostgresTest {

    private String url;

    @BeforeAll
    void database(@TempDir Path dir) throws IOException {
        url = PostgresServer.get().newDatabaseUrl();
        Path games = Files.writeString(dir.resolve("games.egn"),
                "[Event \"One\"]\n[White \"Aster, Ada\"]\n[Black \"Brand, Bram\"]\n[Result \"*\"]\n\n1. e4 e6 *\n");
        assertEquals(0, CommandLineRun.run("import", "--db", url, games.toString()).exitCode());
    }

    @Test
    void aQueryRunsAsTheDatabasesReaderRole() {
        CommandLineRun run = CommandLineRun.run("sql", "--db", url, "--format", "csv", "SELECT current_user AS who");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().matches("who\r\nemergo_reader_emergo_test_\\d+_\\d+\r\n"), run.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT pg_advisory_lock(1162692431, 77)",
        "SELECT pg_advisory_xact_lock(1162692431, 77)",
        "SELECT pg_cancel_backend(%d)",
        "SELECT pg_terminate_backend(%d)",
        "SELECT pg_read_file('/etc/hostname')",
        "SELECT * FROM pg_ls_dir('.')",
        "SELECT set_config('work_mem', '77MB', false)",
        "SET work_mem = '77MB'",
        "ALTER SYSTEM SET work_mem = '77MB'",
        "INSERT INTO game (variant, fingerprint) VALUES ('Emergo', 'x')",
        "CREATE TABLE evil (a INT)",
    })
    void aQueryThatWouldDoMoreThanReadIsRefusedInOneLineAndLeavesNothingBehind(String probe) throws SQLException {
        try (Connection other = DriverManager.getConnection(url); Statement st = other.createStatement()) {
            int pid = number(st, "SELECT pg_backend_pid()");
            CommandLineRun run = CommandLineRun.run("sql", "--db", url, probe.replace("%d", Integer.toString(pid)));
            assertEquals(1, run.exitCode(), run.out());
            assertTrue(run.err().startsWith("emergo sql: refused: "), run.err());
            assertEquals(1, run.err().lines().count(), run.err());
            assertEquals(pid, number(st, "SELECT pg_backend_pid()"), "the other session lives");
            assertEquals(1, number(st, "SELECT CASE WHEN pg_try_advisory_lock(1162692431, 77) THEN 1 ELSE 0 END"), "the lock is free");
            st.execute("SELECT pg_advisory_unlock_all()");
            assertEquals(1, number(st, "SELECT COUNT(*) FROM game"));
            assertEquals(0, number(st, "SELECT COUNT(*) FROM pg_tables WHERE tablename = 'evil'"));
            assertEquals(0, number(st, "SELECT COUNT(*) FROM pg_file_settings WHERE name = 'work_mem'"));
        }
    }

    private static int number(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
