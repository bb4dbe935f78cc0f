package org.emergo.cli;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.emergo.store.db.Database;

/**
 * What a database holds, table by table, as sorted lines of text without what differs between
 * equal runs (ids, times): two databases with the same contents give equal maps. Games are
 * named by fingerprint and place in their file; {@link #withoutSources} names them by
 * fingerprint alone, for imports whose order decides which file a game is credited to.
 */
final class DatabaseContents {

    private static final Set<String> VARYING = Set.of("ID", "GAME_ID", "SOURCE_FILE_ID", "IMPORTED_AT",
            "SETTING_ID", "CREATED_AT", "ANALYSED_AT", "REVIEWED_AT", "MINED_AT");

    private DatabaseContents() {}

    static Map<String, List<String>> of(String db, boolean analysis) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection()) {
            tables.put("game", rows(c, "SELECT g.* FROM game g"));
            tables.put("game_tag", rows(c, "SELECT g.fingerprint, g.source, g.source_line, t.* FROM game_tag t JOIN game g ON g.id = t.game_id"));
            tables.put("import_error", rows(c, "SELECT * FROM import_error"));
            tables.put("source_file", rows(c, "SELECT * FROM source_file"));
            if (analysis) {
                for (String table : List.of("analysis", "analysis_history", "position", "finding", "shadowpiece",
                        "pattern_game", "pattern_pending")) {
                    tables.put(table, rows(c, "SELECT g.fingerprint, g.source, g.source_line, t.* FROM " + table
                            + " t JOIN game g ON g.id = t.game_id"));
                }
                // the pattern index's segments, but for their numbers and game ids (the games as above)
                tables.put("pattern_segment", rows(c, "SELECT variant, games, positions FROM pattern_segment"));
                tables.put("pattern_bits", rows(c, "SELECT variant, dimension, bitmaps FROM pattern_bits"));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return tables;
    }

    /** The games and what {@code emergo review} stores of them. */
    static Map<String, List<String>> ofReview(String db) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection()) {
            tables.put("game", rows(c, "SELECT g.* FROM game g"));
            tables.put("review_setting", rows(c, "SELECT * FROM review_setting"));
            // the setting by name: two processes creating it at once may leave a gap in its ids
            for (String table : List.of("review", "review_ply")) {
                tables.put(table, rows(c, "SELECT g.fingerprint, g.source, g.source_line, s.setting, s.engine_version, t.*"
                        + " FROM " + table + " t JOIN game g ON g.id = t.game_id JOIN review_setting s ON s.id = t.setting_id"));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return tables;
    }

    /** The games and what {@code emergo puzzles} stores of them. */
    static Map<String, List<String>> ofPuzzles(String db) {
        Map<String, List<String>> tables = new LinkedHashMap<>(ofGameTables(db, List.of("puzzle", "puzzle_theme", "puzzle_mined")));
        tables.put("game", query(db, "SELECT g.* FROM game g"));
        return tables;
    }

    /** Games and tags by fingerprint and moves only, and import errors: for imports in any order. */
    static Map<String, List<String>> withoutSources(String db) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection()) {
            String game = "g.variant, g.event, g.site, g.date, g.round, g.white, g.black, g.result, g.setup_epn,"
                    + " g.moves, g.movetext, g.ply_count, g.fingerprint";
            tables.put("game", rows(c, "SELECT " + game + " FROM game g"));
            tables.put("game_tag", rows(c, "SELECT g.fingerprint, g.moves, t.seq, t.name, t.value FROM game_tag t"
                    + " JOIN game g ON g.id = t.game_id"));
            tables.put("import_error", rows(c, "SELECT * FROM import_error"));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return tables;
    }

    /** Fails, naming the table and the first row that differs, unless the two hold the same. */
    static void assertSameContents(Map<String, List<String>> expected, Map<String, List<String>> actual) {
        assertSameContents(expected, actual, List.of());
    }

    /** As above; a difference is reported with what the run that should have finished the job said. */
    static void assertSameContents(Map<String, List<String>> expected, Map<String, List<String>> actual,
            List<String> rerunSaid) {
        org.junit.jupiter.api.Assertions.assertEquals(expected.keySet(), actual.keySet());
        for (String table : expected.keySet()) {
            List<String> e = expected.get(table);
            List<String> a = actual.get(table);
            if (e.equals(a)) continue;
            int i = 0;
            while (i < Math.min(e.size(), a.size()) && e.get(i).equals(a.get(i))) i++;
            org.junit.jupiter.api.Assertions.fail(table + ": " + a.size() + " rows where one clean run has " + e.size()
                    + "; first difference at row " + i + ": expected " + (i < e.size() ? e.get(i) : "no row")
                    + ", was " + (i < a.size() ? a.get(i) : "no row")
                    + (rerunSaid.isEmpty() ? "" : "; the second run said: " + String.join(" | ", rerunSaid)));
        }
    }

    /** The rows of per-game tables ({@code game_id} columns), each row named by its game's fingerprint. */
    static Map<String, List<String>> ofGameTables(String db, List<String> names) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection()) {
            for (String table : names) {
                tables.put(table, rows(c, "SELECT g.fingerprint, t.* FROM " + table + " t JOIN game g ON g.id = t.game_id"));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return tables;
    }

    /** The rows of a query, each as its columns' text. */
    static List<String> query(String db, String sql) {
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection()) {
            return rows(c, sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The indexes of an H2 file's own schema, each as its table, kind and columns (constraints' indexes have made-up names). */
    static List<String> h2Indexes(String db) {
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection()) {
            return rows(c, "SELECT i.TABLE_NAME, i.INDEX_TYPE_NAME,"
                    + " LISTAGG(k.COLUMN_NAME, ',') WITHIN GROUP (ORDER BY k.ORDINAL_POSITION)"
                    + " FROM INFORMATION_SCHEMA.INDEXES i JOIN INFORMATION_SCHEMA.INDEX_COLUMNS k"
                    + " ON k.INDEX_SCHEMA = i.INDEX_SCHEMA AND k.INDEX_NAME = i.INDEX_NAME"
                    + " WHERE i.TABLE_SCHEMA = 'PUBLIC' GROUP BY i.TABLE_NAME, i.INDEX_NAME, i.INDEX_TYPE_NAME");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The indexes of a PostgreSQL database's own schema, each as its definition. */
    static List<String> postgresIndexes(String db) {
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection()) {
            return rows(c, "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static long count(String db, String table) {
        try (Database database = Database.open(db); Connection c = database.dataSource().getConnection();
                Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    if (VARYING.contains(meta.getColumnLabel(i).toUpperCase(Locale.ROOT))) continue;
                    Object v = rs.getObject(i);
                    row.append(v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : String.valueOf(v)).append('|');
                }
                rows.add(row.toString());
            }
        }
        Collections.sort(rows);
        return rows;
    }
}
