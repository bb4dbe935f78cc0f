package org.emergo.store.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
 * program opened the file are checked ({@link RecentGames}), each check among those named in
 * the pages of the tables it reads: emergo writes a game's tags with its game row, and an
 * analysis's rows with its analysis row, so whatever a transaction kept of them lies in pages
 * of those tables. A check of every game of 100,000 analysed ones took most of the first
 * command's 81 to 135 s.
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
     * Finds and deletes incomplete games and analyses, in one transaction: among the games
     * {@code named} in pages written since the stopped program opened the file
     * ({@link H2Leftovers.Found#games()}), each check among those of the tables it reads; or
     * among all games for null, or when the connection is served by a program (mixed mode).
     */
    static Repair run(DataSource db, RecentGames named) throws SQLException {
        try (Connection c = db.getConnection()) {
            // A pooled connection can reach the file through a server even after this program
            // opened it (H2 reconnects one whose server ended so): its pages are not at hand here.
            boolean local = c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal;
            return Transaction.on(c, t -> repair(t, named == null || !local ? null : named));
        }
    }

    private static Repair repair(Connection c, RecentGames named) throws SQLException {
        Among among = new Among(c, named);
        List<Long> games = among.ids("g.id", "SELECT g.id FROM game g WHERE %s AND g.tag_count IS NOT NULL"
                + " AND g.tag_count <> (SELECT COUNT(*) FROM game_tag t WHERE t.game_id = g.id)", among.games("game", "game_tag"));
        List<Long> analyses = among.ids("a.game_id", "SELECT a.game_id FROM analysis a WHERE %s AND"
                + " ((a.position_count IS NOT NULL AND a.position_count <> (SELECT COUNT(*) FROM position p WHERE p.game_id = a.game_id))"
                + " OR a.findings <> (SELECT COUNT(*) FROM finding f WHERE f.game_id = a.game_id))", among.games("analysis", "position", "finding"));
        if (!games.isEmpty()) {
            // their files are read again by the next import, which puts the games back
            byIds(c, "UPDATE source_file SET games = NULL, duplicates = NULL, errors = NULL"
                    + " WHERE id IN (SELECT g.source_file_id FROM game g WHERE g.id = ?)", games);
            byIds(c, "DELETE FROM game_tag WHERE game_id = ?", games);
            byIds(c, "DELETE FROM game WHERE id = ?", games); // its analysis goes with it (cascade)
        }
        if (!analyses.isEmpty()) byIds(c, "DELETE FROM analysis WHERE game_id = ?", analyses);
        long orphans = 0;
        // only a game without its analysis row can have rows of an analysis left over
        Set<Long> bare = among.without("analysis", among.games(AnalysisTables.ALL.toArray(String[]::new)));
        for (String table : AnalysisTables.ALL) {
            if (table.equals("analysis")) continue;
            orphans += among.update("t.game_id", "DELETE FROM " + table + " t WHERE %s AND NOT EXISTS"
                    + " (SELECT 1 FROM analysis a WHERE a.game_id = t.game_id)", Among.both(among.games(table), bare));
        }
        // A review's row is written after its plies, a mined game's row after its puzzles (and
        // their themes): without it they are a transaction's beginning, and the next run does
        // the game again.
        orphans += among.update("t.game_id", "DELETE FROM review_ply t WHERE %s AND NOT EXISTS"
                + " (SELECT 1 FROM review r WHERE r.game_id = t.game_id AND r.setting_id = t.setting_id)", among.games("review", "review_ply"));
        orphans += among.update("t.game_id", "DELETE FROM puzzle t WHERE %s AND NOT EXISTS"
                + " (SELECT 1 FROM puzzle_mined m WHERE m.game_id = t.game_id)", among.games("puzzle_mined", "puzzle")); // its themes and attempts go with it
        // The statistics page's stored figures (V27) have nothing to count their rows by: a part
        // kept in part would look whole. Dropped, they are computed again, by the viewer until
        // the next import, analyze or review stores them; not counted as repaired.
        try (Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM stats_snapshot");
        }
        return new Repair(games.size(), analyses.size(), orphans);
    }

    /**
     * Runs a statement whose condition ({@code %s}) is that {@code column} is one game, once for
     * each of a set of games; for every game at once (the condition TRUE) when there is no set
     * (null), which is when no games were named. One game a run, an index lookup each: with an
     * array parameter ({@code = ANY(?)}) H2 2.4.240 compares a row it reads with the array's
     * elements one by one, and the delete of review plies of games 1 to 1,000 of the file of
     * 100,000 games had not ended after 90 s.
     */
    private record Among(Connection c, RecentGames named) {

        /** The games named in the pages of any of {@code tables}; null for every game. */
        Set<Long> games(String... tables) {
            return named == null ? null : named.in(tables);
        }

        /** Those of {@code games} that have no row in {@code table}; null for null. */
        Set<Long> without(String table, Set<Long> games) throws SQLException {
            if (games == null) return null;
            Set<Long> without = new TreeSet<>(games);
            without.removeAll(ids("game_id", "SELECT game_id FROM " + table + " WHERE %s", games));
            return without;
        }

        List<Long> ids(String column, String sql, Set<Long> games) throws SQLException {
            List<Long> ids = new ArrayList<>();
            if (games == null) {
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql.formatted("TRUE"))) {
                    while (rs.next()) ids.add(rs.getLong(1));
                }
                return ids;
            }
            try (PreparedStatement st = c.prepareStatement(sql.formatted(column + " = ?"))) {
                for (long game : games) {
                    st.setLong(1, game);
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) ids.add(rs.getLong(1));
                    }
                }
            }
            return ids;
        }

        /** The games in both sets; null for null. */
        static Set<Long> both(Set<Long> games, Set<Long> others) {
            if (games == null) return null;
            Set<Long> both = new TreeSet<>(games);
            both.retainAll(others);
            return both;
        }

        long update(String column, String sql, Set<Long> games) throws SQLException {
            if (games == null) {
                try (Statement st = c.createStatement()) {
                    return st.executeUpdate(sql.formatted("TRUE"));
                }
            }
            long rows = 0;
            try (PreparedStatement st = c.prepareStatement(sql.formatted(column + " = ?"))) {
                for (long game : games) {
                    st.setLong(1, game);
                    rows += st.executeUpdate();
                }
            }
            return rows;
        }
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
