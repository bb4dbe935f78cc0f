package org.emergo.store.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;

/**
 * Issue 30: after an unclean stop of a program that had an H2 file open, deletes what a
 * transaction left only part of, so that the next import or analyze writes it again. H2 2.4.240
 * can save a transaction's commit half done when it is killed: the process test saw 63 games
 * whose game_tag rows were gone, which every later import skipped as stored
 * (bench/h2-kill-repro). Each game row says how many tag rows it has (game.tag_count) and each
 * analysis row how many position rows (analysis.position_count) and findings; what does not
 * add up is deleted: a game with its analysis, and the file it came from is marked not wholly
 * imported; an analysis with its derived rows. Rows of an analysis whose analysis row is gone
 * are deleted too (the analysis row is written last), and so are a review's plies without their
 * review row and a game's puzzles without their puzzle_mined row (each written last), and the
 * statistics page's stored figures. Only the games named in pages written since the stopped
 * program opened the file are checked ({@link RecentGames}): a check of every game of 100,000
 * analysed ones took most of the first command's 81 to 135 s.
 *
 * <p>An unclean stop is seen by the lock file H2 leaves beside the database ({@code NAME.lock.db},
 * removed when the last connection closes): present before the open, and the file then opened
 * by this program itself, not served by another one that runs (mixed mode).
 */
final class IncompleteWrites {

    /** What a repair deleted. */
    record Repair(int games, int analyses, long orphanRows) {
        boolean any() {
            return games > 0 || analyses > 0 || orphanRows > 0;
        }
    }

    private IncompleteWrites() {}

    /** Whether this program opened the file itself (not a client of the program that serves it). */
    static boolean openedHere(DataSource db) throws SQLException {
        try (Connection c = db.getConnection()) {
            return c.isWrapperFor(JdbcConnection.class) && c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal;
        }
    }

    /**
     * Finds and deletes incomplete games and analyses, in one transaction: among the games named
     * in pages written since {@code since} (milliseconds since the epoch: when the stopped program
     * opened the file, {@link RecentGames}), or among all games for 0 or when the connection is
     * served by a program (mixed mode).
     */
    static Repair run(DataSource db, long since) throws SQLException {
        try (Connection c = db.getConnection()) {
            // A pooled connection can reach the file through a server even after this program
            // opened it (H2 reconnects one whose server ended so): its pages are not at hand here.
            boolean local = c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal;
            return Transaction.on(c, t -> repair(t, since == 0 || !local ? ALL : parts(RecentGames.since(t, since))));
        }
    }

    /** The whole file as one part, with no list of games. */
    private static final List<Long[]> ALL = Collections.singletonList(null);

    private static Repair repair(Connection c, List<Long[]> parts) throws SQLException {
        List<Long> games = new ArrayList<>();
        List<Long> analyses = new ArrayList<>();
        for (Long[] part : parts) {
            games.addAll(ids(c, "SELECT g.id FROM game g WHERE " + among("g.id", part) + " AND g.tag_count IS NOT NULL"
                    + " AND g.tag_count <> (SELECT COUNT(*) FROM game_tag t WHERE t.game_id = g.id)", part));
            analyses.addAll(ids(c, "SELECT a.game_id FROM analysis a WHERE " + among("a.game_id", part) + " AND"
                    + " ((a.position_count IS NOT NULL AND a.position_count <> (SELECT COUNT(*) FROM position p WHERE p.game_id = a.game_id))"
                    + " OR a.findings <> (SELECT COUNT(*) FROM finding f WHERE f.game_id = a.game_id))", part));
        }
        if (!games.isEmpty()) {
            // their files are read again by the next import, which puts the games back
            byIds(c, "UPDATE source_file SET games = NULL, duplicates = NULL, errors = NULL"
                    + " WHERE id IN (SELECT g.source_file_id FROM game g WHERE g.id = ?)", games);
            byIds(c, "DELETE FROM game_tag WHERE game_id = ?", games);
            byIds(c, "DELETE FROM game WHERE id = ?", games); // its analysis goes with it (cascade)
        }
        if (!analyses.isEmpty()) byIds(c, "DELETE FROM analysis WHERE game_id = ?", analyses);
        long orphans = 0;
        for (Long[] part : parts) {
            // only a game without its analysis row can have rows of an analysis left over
            Long[] bare = part == null ? null
                    : ids(c, "SELECT u.id FROM UNNEST(?) u(id) WHERE NOT EXISTS (SELECT 1 FROM analysis a WHERE a.game_id = u.id)",
                            part).toArray(Long[]::new);
            for (String table : AnalysisTables.ALL) {
                if (table.equals("analysis") || (bare != null && bare.length == 0)) continue;
                orphans += update(c, "DELETE FROM " + table + " t WHERE " + among("t.game_id", bare) + " AND NOT EXISTS"
                        + " (SELECT 1 FROM analysis a WHERE a.game_id = t.game_id)", bare);
            }
            // A review's row is written after its plies, a mined game's row after its puzzles (and
            // their themes): without it they are a transaction's beginning, and the next run does
            // the game again.
            orphans += update(c, "DELETE FROM review_ply t WHERE " + among("t.game_id", part) + " AND NOT EXISTS"
                    + " (SELECT 1 FROM review r WHERE r.game_id = t.game_id AND r.setting_id = t.setting_id)", part);
            orphans += update(c, "DELETE FROM puzzle t WHERE " + among("t.game_id", part) + " AND NOT EXISTS"
                    + " (SELECT 1 FROM puzzle_mined m WHERE m.game_id = t.game_id)", part); // its themes and attempts go with it
        }
        // The statistics page's stored figures (V27) have nothing to count their rows by: a part
        // kept in part would look whole. Dropped, they are computed again, by the viewer until
        // the next import, analyze or review stores them; not counted as repaired.
        try (Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM stats_snapshot");
        }
        return new Repair(games.size(), analyses.size(), orphans);
    }

    /** The games in parts of a thousand, each part one statement's array parameter. */
    private static List<Long[]> parts(Set<Long> games) {
        List<Long> all = new ArrayList<>(games);
        List<Long[]> parts = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 1000) parts.add(all.subList(i, Math.min(all.size(), i + 1000)).toArray(Long[]::new));
        return parts;
    }

    /** The condition that {@code column} is a game of {@code part}; any game for the whole file. */
    private static String among(String column, Long[] part) {
        return part == null ? "TRUE" : column + " = ANY(?)";
    }

    private static PreparedStatement prepare(Connection c, String sql, Long[] part) throws SQLException {
        PreparedStatement st = c.prepareStatement(sql);
        if (part != null) st.setObject(1, part);
        return st;
    }

    private static int update(Connection c, String sql, Long[] part) throws SQLException {
        try (PreparedStatement st = prepare(c, sql, part)) {
            return st.executeUpdate();
        }
    }

    private static List<Long> ids(Connection c, String sql, Long[] part) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement st = prepare(c, sql, part); ResultSet rs = st.executeQuery()) {
            while (rs.next()) ids.add(rs.getLong(1));
        }
        return ids;
    }

    private static void byIds(Connection c, String sql, List<Long> ids) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (long id : ids) {
                st.setLong(1, id);
                st.addBatch();
            }
            st.executeBatch();
        }
    }
}
