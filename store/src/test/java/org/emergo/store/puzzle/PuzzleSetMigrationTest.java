package org.emergo.store.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.OlderSchema;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migrations V24 and V24_1 mark the puzzles mined before them: of each position's puzzles (hash
 * and string), the one of the lowest game and ply, as V21's view chose it.
 */
class PuzzleSetMigrationTest {

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
        OlderSchema.migrate(url, user, "23");
        List<List<Object>> before;
        // plain JDBC: Database.open would migrate
        try (Connection c = DriverManager.getConnection(url, user, "")) {
            try (Statement st = c.createStatement()) {
                for (int g = 1; g <= 3; g++) {
                    st.executeUpdate("INSERT INTO game (id, variant, movetext, fingerprint) VALUES (" + g + ", 'Emergo', '', " + g + ")");
                }
            }
            // game, ply, hash, string: a position in three games (game 1's ply 9 stands for it), one
            // at two plies of game 3 (ply 2), a hash shared by two strings (each its own), one alone
            Object[][] puzzles = {{1, 9, 7L, "a"}, {2, 4, 7L, "a"}, {2, 8, 7L, "b"}, {3, 1, 7L, "a"}, {1, 1, 5L, "c"},
                {3, 2, 6L, "d"}, {3, 6, 6L, "d"}};
            try (PreparedStatement st = c.prepareStatement("INSERT INTO puzzle (game_id, ply, variant, epn, position_hash,"
                    + " solver, moves, roles, asked, men, wins_game, proof_from, horizon, themes, difficulty, rating,"
                    + " rating_deviation, volatility, attempts, solved, miner_version)"
                    + " VALUES (?, ?, 'Emergo', ?, ?, 'w', 'e5-e4', 'a', 1, 1, FALSE, 2, 4, 'capture', 3, 1300, 350, 0.06, 0, 0, 1)")) {
                for (Object[] p : puzzles) {
                    st.setInt(1, (Integer) p[0]);
                    st.setInt(2, (Integer) p[1]);
                    st.setString(3, (String) p[3]);
                    st.setLong(4, (Long) p[2]);
                    st.executeUpdate();
                }
            }
            before = rows(c, "SELECT game_id, ply FROM puzzle_set ORDER BY game_id, ply");
        }
        assertEquals(List.of(List.of(1L, 1L), List.of(1L, 9L), List.of(2L, 8L), List.of(3L, 2L)), before);
        try (Database after = Database.open(url)) {
            try (Connection c = after.dataSource().getConnection()) {
                assertEquals(before, rows(c, "SELECT game_id, ply FROM puzzle WHERE in_set ORDER BY game_id, ply"));
                assertEquals(before, rows(c, "SELECT game_id, ply FROM puzzle_set ORDER BY game_id, ply"));
            }
            assertEquals(0, PuzzleSet.settleAll(after.dsl()));
        }
    }

    private static List<List<Object>> rows(Connection c, String sql) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (Statement st = c.createStatement(); var r = st.executeQuery(sql)) {
            while (r.next()) out.add(List.of(r.getLong(1), r.getLong(2)));
        }
        return out;
    }
}
