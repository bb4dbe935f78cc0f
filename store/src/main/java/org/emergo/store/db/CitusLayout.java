package org.emergo.store.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Lays an emergo database out over a Citus cluster, after every migration, when the database
 * has the citus extension (a PostgreSQL without it is left as it is): every table with a
 * {@code game_id} column is distributed by it, colocated with {@code game}, which is
 * distributed by {@code id}, so that all of a game's rows are on one shard and a game's page,
 * its analysis and its review run on one worker; every other table is small and shared (the
 * files, the review settings, the ratings' players), and becomes a reference table, a copy on
 * each node. Tables a later migration adds are laid out the same way the next time a command
 * opens the database. Flyway's history stays on the coordinator.
 *
 * <p>The same migrations serve H2, PostgreSQL and Citus: none needs a unique index without
 * {@code game_id} on a per-game table (Citus refuses those), see docs/scaling.md#the-unique-index-problem.
 */
public final class CitusLayout {

    private static final String HISTORY = "flyway_schema_history";

    private CitusLayout() {}

    /** Distributes what is not yet distributed; nothing without the citus extension. True on Citus. */
    static boolean apply(DataSource source) throws SQLException {
        try (Connection c = source.getConnection()) {
            if (!hasCitus(c)) return false;
            Map<String, Boolean> pending = undistributed(c); // table -> has game_id
            if (pending.isEmpty()) return true;
            // Citus turns a table that references a new reference table into a "local table in
            // its metadata", which it cannot distribute afterwards (not with an identity column):
            // the foreign keys between the tables go first and come back once all are laid out
            List<String> foreignKeys = dropForeignKeys(c, pending.keySet());
            // reference tables first: a distributed table's foreign keys may point only at those
            List<String> first = new ArrayList<>();
            pending.forEach((t, perGame) -> { if (!perGame && !t.equals("game")) first.add(t); });
            if (pending.containsKey("game")) first.add("game");
            pending.forEach((t, perGame) -> { if (perGame) first.add(t); });
            List<String> order = first;
            // a reference table whose foreign key points at another not yet made waits a round
            while (!order.isEmpty()) {
                List<String> failed = new ArrayList<>();
                SQLException last = null;
                for (String table : order) {
                    try {
                        distribute(c, table, pending.get(table));
                    } catch (SQLException e) {
                        failed.add(table);
                        last = e;
                    }
                }
                if (failed.size() == order.size()) {
                    throw new SQLException("cannot distribute " + failed + " over Citus: " + last.getMessage(), last);
                }
                order = failed;
            }
            try (Statement st = c.createStatement()) {
                for (String add : foreignKeys) st.execute(add);
            }
            return true;
        }
    }

    /** Drops the foreign keys of these tables; returns the statements that add them again. */
    private static List<String> dropForeignKeys(Connection c, Iterable<String> tables) throws SQLException {
        List<String> adds = new ArrayList<>();
        List<String> drops = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT conrelid::regclass::text, quote_ident(conname),"
                + " pg_get_constraintdef(oid) FROM pg_constraint WHERE contype = 'f' AND conrelid = ?::regclass"
                + " ORDER BY conname")) {
            for (String table : tables) {
                st.setString(1, table);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        drops.add("ALTER TABLE " + rs.getString(1) + " DROP CONSTRAINT " + rs.getString(2));
                        adds.add("ALTER TABLE " + rs.getString(1) + " ADD CONSTRAINT " + rs.getString(2) + " "
                                + rs.getString(3));
                    }
                }
            }
        }
        try (Statement st = c.createStatement()) {
            for (String drop : drops) st.execute(drop);
        }
        return adds;
    }

    /** Whether the database has the citus extension installed. */
    public static boolean hasCitus(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1 FROM pg_extension WHERE extname = 'citus'")) {
            return rs.next();
        }
    }

    private static void distribute(Connection c, String table, boolean perGame) throws SQLException {
        String sql = table.equals("game") ? "SELECT create_distributed_table('game', 'id')"
                : perGame ? "SELECT create_distributed_table('" + table + "', 'game_id', colocate_with => 'game')"
                : "SELECT create_reference_table('" + table + "')";
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /**
     * Where each table of the current schema goes on a cluster: {@code game_id} (distributed by it,
     * with its game), {@code id} (the table game) or {@code reference}. Known without Citus, so
     * that a test pins every table's place (CitusLayoutTest).
     */
    static Map<String, String> plan(Connection c) throws SQLException {
        Map<String, String> plan = new LinkedHashMap<>();
        perGame(c, false).forEach((t, perGame) -> plan.put(t, t.equals("game") ? "id" : perGame ? "game_id" : "reference"));
        return plan;
    }

    /** The tables of the current schema Citus does not know yet, and whether each has a game_id column. */
    private static Map<String, Boolean> undistributed(Connection c) throws SQLException {
        return perGame(c, true);
    }

    /** The tables of the current schema (only those Citus does not know yet), and whether each has a game_id column. */
    private static Map<String, Boolean> perGame(Connection c, boolean undistributedOnly) throws SQLException {
        Map<String, Boolean> tables = new LinkedHashMap<>();
        try (PreparedStatement st = c.prepareStatement("SELECT t.table_name, EXISTS (SELECT 1 FROM information_schema.columns k"
                + " WHERE k.table_schema = t.table_schema AND k.table_name = t.table_name AND k.column_name = 'game_id')"
                + " FROM information_schema.tables t WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"
                + " AND t.table_name <> ?"
                + (undistributedOnly ? " AND NOT EXISTS (SELECT 1 FROM pg_dist_partition p"
                        + " WHERE p.logicalrelid = (quote_ident(t.table_schema) || '.' || quote_ident(t.table_name))::regclass)" : "")
                + " ORDER BY t.table_name")) {
            st.setString(1, HISTORY);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) tables.put(rs.getString(1), rs.getBoolean(2));
            }
        }
        return tables;
    }
}
