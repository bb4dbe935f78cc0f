package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.emergo.store.PostgresServer;
import org.emergo.store.UserSqlProbes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
    @MethodSource("org.emergo.store.UserSqlProbes#all")
    void aQueryThatWouldDoMoreThanReadIsRefusedInOneLineAndLeavesNothingBehind(String probe) throws SQLException {
        try (Connection other = DriverManager.getConnection(url); Statement st = other.createStatement()) {
            int pid = UserSqlProbes.pid(st);
            CommandLineRun run = CommandLineRun.run("sql", "--db", url, UserSqlProbes.at(probe, pid));
            assertEquals(1, run.exitCode(), run.out());
            assertTrue(run.err().startsWith("emergo sql: refused: "), run.err());
            assertEquals(1, run.err().lines().count(), run.err());
            UserSqlProbes.assertNothingLeftBehind(st, pid, 1);
        }
    }
}
