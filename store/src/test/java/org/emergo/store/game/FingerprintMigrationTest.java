package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.OlderSchema;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Migration V4 turns the hex fingerprints of games stored before it into the 64-bit keys the store now writes. */
class FingerprintMigrationTest {

    private static final List<String> MOVES = List.of("d4", "f6", "f4-e4");

    @Test
    void onH2(@TempDir Path dir) throws SQLException {
        // A file, closed between the steps as an older emergo's file is. (Not an in-memory database
        // kept open between them: H2 2.4.240 fails a CHECK ... IN constraint in any session but the
        // closed one that made it, h2database#4302.)
        check("jdbc:h2:file:" + dir.resolve("games") + ";NON_KEYWORDS=VALUE", "sa");
    }

    @Test
    @Tag("postgres")
    void onPostgres() throws SQLException {
        check(PostgresServer.get().newDatabaseUrl(), null);
    }

    /** @param user the user Database.open connects as, null when the URL says */
    private static void check(String url, String user) throws SQLException {
        OlderSchema.migrate(url, user, "2");
        // fingerprints with a first digit below and above 8: the key's sign comes from it
        String[][] games = {{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}};
        // plain JDBC: Database.open would migrate
        try (Connection c = DriverManager.getConnection(url, user, ""); PreparedStatement insert = c.prepareStatement(
                "INSERT INTO game (variant, white, black, date, moves, fingerprint) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (String[] g : games) {
                insert.setString(1, "Emergo");
                insert.setString(2, g[0]);
                insert.setString(3, g[1]);
                insert.setString(4, "2003.05.14");
                insert.setString(5, String.join(" ", MOVES));
                insert.setString(6, GameFingerprint.of("Emergo", null, g[0], g[1], "2003.05.14", MOVES));
                insert.executeUpdate();
            }
        }
        // opening migrates the rest of the way
        try (Database after = Database.open(url)) {
            for (String[] g : games) {
                long stored = after.dsl().fetch("SELECT fingerprint FROM game WHERE white = ?", g[0]).get(0).get(0, Long.class);
                assertEquals(GameFingerprint.key("Emergo", null, g[0], g[1], "2003.05.14", MOVES), stored, g[0]);
            }
            GameRecord sameGame = new GameRecord(Variant.EMERGO, Map.of("White", "a", "Black", "b", "Date", "2003.05.14"),
                    null, MOVES, "1. d4 f6 2. f4-e4 *", "again.egn", 1);
            assertEquals(1, new GameRepository(after.dsl()).insertAll(List.of(sameGame), null).duplicates());
        }
    }
}
