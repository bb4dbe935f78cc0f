package org.emergo.store.pattern;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.emergo.rules.Variant;

/**
 * Writes the pattern search's rows (sql/h2/V13__pattern_index.sql, V15) on the transaction that
 * writes the games' position rows, so a stopped analysis leaves both or neither.
 */
public final class PatternIndexWriter {

    /** A game's positions encoded for pattern search ({@code GameBoards}), as its analysis made them. */
    public record Row(long gameId, Variant variant, int positions, byte[] boards) {}

    private PatternIndexWriter() {
    }

    /** The games' rows, each game pending until a segment takes it (PatternSegments). */
    public static void insert(Connection c, List<Row> games) throws SQLException {
        deleteOld(c, games);
        try (PreparedStatement rows = c.prepareStatement(
                "INSERT INTO pattern_game (game_id, variant, positions, boards) VALUES (?, ?, ?, ?)");
                PreparedStatement pending = c.prepareStatement("INSERT INTO pattern_pending (game_id, variant) VALUES (?, ?)")) {
            int n = 0;
            for (Row g : games) {
                if (g.positions() == 0) continue;
                rows.setLong(1, g.gameId());
                rows.setString(2, g.variant().tagName());
                rows.setInt(3, g.positions());
                rows.setBytes(4, g.boards());
                rows.addBatch();
                pending.setLong(1, g.gameId());
                pending.setString(2, g.variant().tagName());
                pending.addBatch();
                n++;
            }
            if (n > 0) {
                rows.executeBatch();
                pending.executeBatch();
            }
        }
    }

    /**
     * A game analysed again without --all may still have its row: a migration or a stopped
     * analysis may have dropped its analysis row and kept this one. One statement a part.
     */
    private static void deleteOld(Connection c, List<Row> games) throws SQLException {
        String ids = ids(games);
        if (ids.isEmpty()) return;
        try (Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM pattern_game WHERE game_id IN (" + ids + ")"); // numbers only
            st.executeUpdate("DELETE FROM pattern_pending WHERE game_id IN (" + ids + ")");
        }
    }

    private static String ids(List<Row> games) {
        StringBuilder ids = new StringBuilder();
        for (Row g : games) ids.append(ids.length() == 0 ? "" : ",").append(g.gameId());
        return ids.toString();
    }
}
