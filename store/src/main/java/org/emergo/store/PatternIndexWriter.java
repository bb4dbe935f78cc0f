package org.emergo.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Writes the pattern search's rows (sql/h2/V13__pattern_index.sql) on the transaction that
 * writes the games' position rows, so a stopped analysis leaves both or neither.
 */
final class PatternIndexWriter {

    private PatternIndexWriter() {
    }

    static void insert(Connection c, List<AnalysedGame> games) throws SQLException {
        deleteOld(c, games);
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO pattern_game (game_id, variant, positions, boards) VALUES (?, ?, ?, ?)")) {
            int rows = 0;
            for (AnalysedGame g : games) {
                if (g.positions().isEmpty()) continue;
                st.setLong(1, g.gameId());
                st.setString(2, g.variant().tagName());
                st.setInt(3, g.positions().size());
                st.setBytes(4, g.patternBoards());
                st.addBatch();
                rows++;
            }
            if (rows > 0) st.executeBatch();
        }
    }

    /**
     * A game analysed again without --all may still have its row: a migration or a stopped
     * analysis may have dropped its analysis row and kept this one. One statement a part.
     */
    private static void deleteOld(Connection c, List<AnalysedGame> games) throws SQLException {
        String ids = ids(games);
        if (ids.isEmpty()) return;
        retire(c, games);
        try (Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM pattern_game WHERE game_id IN (" + ids + ")"); // numbers only
        }
    }

    /**
     * Before a game's row is replaced: its positions in a segment (sql/h2/V15) are marked
     * stale, so that searches skip them until the segment is built again.
     */
    static void retire(Connection c, List<AnalysedGame> games) throws SQLException {
        String ids = ids(games);
        if (ids.isEmpty()) return;
        try (Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO pattern_stale (segment, game_id) SELECT segment, game_id FROM pattern_game"
                    + " WHERE game_id IN (" + ids + ") AND segment IS NOT NULL"); // numbers only
        }
    }

    private static String ids(List<AnalysedGame> games) {
        StringBuilder ids = new StringBuilder();
        for (AnalysedGame g : games) ids.append(ids.length() == 0 ? "" : ",").append(g.gameId());
        return ids.toString();
    }
}
