package org.emergo.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import org.emergo.rules.Variant;

/**
 * The pattern_game rows of one variant held in memory (sql/h2/V13__pattern_index.sql), in game
 * order: what a search scans. Loaded once by the viewer and kept while the table is unchanged.
 */
final class PatternIndex {

    final Variant variant;
    final long[] games;
    final int[] positions;
    final byte[][] boards;
    /** What the table looked like when loaded. */
    final Stamp stamp;
    /** Analysed games (of either variant) without a row when loaded: analysed before the index existed. */
    final long unindexed;

    /**
     * Rows and highest game of the table: both read from H2's and PostgreSQL's indexes at once
     * (a sum over the rows read 200 MB at 100,000 games). analyze --all of the same engine
     * writes the same rows, so that unchanged figures mean an unchanged index.
     */
    record Stamp(long rows, long maxGame) {}

    private PatternIndex(Variant variant, long[] games, int[] positions, byte[][] boards, Stamp stamp, long unindexed) {
        this.variant = variant;
        this.games = games;
        this.positions = positions;
        this.boards = boards;
        this.stamp = stamp;
        this.unindexed = unindexed;
    }

    int size() {
        return games.length;
    }

    static Stamp stamp(Connection c) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "SELECT COUNT(*), COALESCE(MAX(game_id), 0) FROM pattern_game")) {
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return new Stamp(rs.getLong(1), rs.getLong(2));
            }
        }
    }

    static PatternIndex load(Connection c, Variant variant) throws SQLException {
        Stamp stamp = stamp(c);
        int n = (int) stamp.rows();
        long[] games = new long[n];
        int[] positions = new int[n];
        byte[][] boards = new byte[n][];
        int i = 0;
        try (PreparedStatement st = c.prepareStatement(
                "SELECT game_id, positions, boards FROM pattern_game WHERE variant = ? ORDER BY game_id")) {
            st.setString(1, variant.tagName());
            st.setFetchSize(1000);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next() && i < n) {
                    games[i] = rs.getLong(1);
                    positions[i] = rs.getInt(2);
                    boards[i] = rs.getBytes(3);
                    i++;
                }
            }
        }
        if (i < n) {
            games = Arrays.copyOf(games, i);
            positions = Arrays.copyOf(positions, i);
            boards = Arrays.copyOf(boards, i);
        }
        return new PatternIndex(variant, games, positions, boards, stamp, unindexed(c));
    }

    private static long unindexed(Connection c) throws SQLException {
        // every analysed game has positions (and so a row) but one whose replay failed (AnalysedGame.failed);
        // looking each game's start position up took 5 s at 100,000 games
        try (PreparedStatement st = c.prepareStatement("SELECT (SELECT COUNT(*) FROM analysis WHERE termination <> 'replay error')"
                + " - (SELECT COUNT(*) FROM pattern_game)");
                ResultSet rs = st.executeQuery()) {
            rs.next();
            return Math.max(0, rs.getLong(1));
        }
    }
}
