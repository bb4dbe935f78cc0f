package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.emergo.store.PostgresServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code emergo check} on PostgreSQL: every table read and every game held against its
 * fingerprint, as on H2; a game changed behind emergo's back is named, and the line points to
 * the server's own tools rather than to repair, which is H2's.
 */
@Tag("postgres")
class CheckOnPostgresTest {

    @Test
    void aSoundDatabaseIsSaidSoAndAnAlteredGameIsNamed(@TempDir Path dir) throws Exception {
        String url = PostgresServer.get().newDatabaseUrl();
        Path games = Files.writeString(dir.resolve("games.egn"),
                "[Event \"One\"]\n[White \"Aster, Ada\"]\n[Black \"Brand, Bram\"]\n[Result \"*\"]\n\n1. e4 e6 *\n\n"
                        + "[Event \"Two\"]\n[White \"Brand, Bram\"]\n[Black \"Aster, Ada\"]\n[Result \"*\"]\n\n1. e4 e6 2. d3 *\n");
        assertEquals(0, CommandLineRun.run("import", "--db", url, games.toString()).exitCode());
        CommandLineRun sound = CommandLineRun.run("check", "--db", url);
        assertEquals(0, sound.exitCode(), sound::err);
        assertTrue(sound.out().matches("sound: \\d+ tables \\([\\d,]+ rows\\) and 2 games read;"
                + " every game matches what its import stored\\R"), sound.out());

        long second;
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            var r = st.executeQuery("SELECT MAX(id) FROM game");
            r.next();
            second = r.getLong(1);
            st.executeUpdate("UPDATE game SET moves = 'e4 e6 d3 e2' WHERE id = " + second);
        }
        CommandLineRun altered = CommandLineRun.run("check", "--db", url);
        assertEquals(1, altered.exitCode());
        assertTrue(altered.err().strip().matches("emergo check: .* is damaged: 1 game differs from what its import stored"
                + " \\(" + second + "\\); see the server's own tools"), altered.err());
    }
}
