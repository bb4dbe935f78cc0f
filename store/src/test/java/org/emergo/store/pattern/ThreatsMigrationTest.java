package org.emergo.store.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.emergo.store.OlderSchema;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration V19 drops the pattern index written before it, whose rows lack the captures due
 * (due, takes:N, SQ:hit would not match there), and gives position its hit column.
 */
class ThreatsMigrationTest {

    @Test
    void onH2(@TempDir Path dir) throws SQLException {
        check("jdbc:h2:file:" + dir.resolve("games") + ";NON_KEYWORDS=VALUE", "sa");
    }

    @Test
    @Tag("postgres")
    void onPostgres() throws SQLException {
        check(PostgresServer.get().newDatabaseUrl(), null);
    }

    private static void check(String url, String user) throws SQLException {
        OlderSchema.migrate(url, user, "18");
        // plain JDBC: Database.open would migrate
        try (Connection c = DriverManager.getConnection(url, user, "")) {
            byte[] one = {0};
            try (PreparedStatement st = c.prepareStatement("INSERT INTO pattern_game (game_id, variant, positions, boards) VALUES (1, 'Emergo', 1, ?)")) {
                st.setBytes(1, one);
                st.executeUpdate();
            }
            try (PreparedStatement st = c.prepareStatement("INSERT INTO pattern_segment (segment, variant, games, positions, game_list) VALUES (1, 'Emergo', 1, 1, ?)")) {
                st.setBytes(1, new byte[] {2, 1});
                st.executeUpdate();
            }
            try (PreparedStatement st = c.prepareStatement("INSERT INTO pattern_bits (variant, dimension, segment, bitmaps) VALUES ('Emergo', 1000, 1, ?)")) {
                st.setBytes(1, one);
                st.executeUpdate();
            }
            try (Statement st = c.createStatement()) {
                st.executeUpdate("INSERT INTO pattern_pending (game_id, variant) VALUES (1, 'Emergo')");
            }
        }
        try (Database after = Database.open(url)) {
            for (String table : new String[] {"pattern_game", "pattern_pending", "pattern_segment", "pattern_bits"}) {
                assertEquals(0L, after.dsl().fetchValue("SELECT COUNT(*) FROM " + table, Long.class), table);
            }
            assertEquals(0L, after.dsl().fetchValue("SELECT COUNT(hit) FROM position", Long.class));
        }
    }
}
