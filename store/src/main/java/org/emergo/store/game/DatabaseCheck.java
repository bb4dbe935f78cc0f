package org.emergo.store.game;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.emergo.store.db.Database;
import org.emergo.store.db.ErrorText;
import org.emergo.store.db.H2NewestChunks;
import org.emergo.store.db.StoreException;
import org.h2.api.ErrorCode;
import org.h2.message.DbException;

/**
 * Whether a database is sound ({@code emergo check}): every row of every table read with every
 * column, every index of an H2 file walked in its order and counted against its table, and every
 * game's identity (variant, set-up, players, date, moves) digested again and compared with the
 * fingerprint stored when it was imported, which catches a game whose text a damaged page altered.
 * It reads only; a damage it finds is for {@code emergo repair}.
 */
public final class DatabaseCheck {

    /** What the check found: the rows read, and what is damaged (empty for a sound database). */
    public record Report(int tables, int indexes, long rows, long games, Map<String, String> damagedTables,
            List<Long> alteredGames) {
        public boolean sound() {
            return damagedTables.isEmpty() && alteredGames.isEmpty();
        }
    }

    /** The name {@link Report#damagedTables} gives a file that cannot be opened at all. */
    public static final String UNOPENED = "";

    /** The key of {@link Report#damagedTables} that says H2 opened an H2 file as it was some writes ago. */
    public static final String OLDER_VERSION = "\u0000older";

    /** Where the check's connection comes from. */
    private interface Connections {
        Connection open() throws SQLException;
    }

    private final Connections connections;
    private final boolean postgres;
    /** An H2 file no program has open: one that cannot be opened is damaged, unless another program has it. */
    private final boolean alone;
    /** The H2 file read alone, or null. */
    private final Path file;
    /** The database, as a message names it. */
    private final String where;

    /** The check of an open database, through its connections (an H2 file in use goes through its server). */
    public DatabaseCheck(Database db) {
        this(db.dataSource()::getConnection, db.isPostgres(), false, db.where(), null);
    }

    private DatabaseCheck(Connections connections, boolean postgres, boolean alone, String where, Path file) {
        this.file = file;
        this.connections = connections;
        this.postgres = postgres;
        this.alone = alone;
        this.where = where;
    }

    /**
     * The check of an H2 file no program has open, read as a read-only database: nothing is
     * written to it, not even what opening it would write, so a damaged file stays as it was.
     */
    public static DatabaseCheck ofH2FileAlone(Path file) {
        String name = file.toString().replaceFirst("\\.mv\\.db$", "");
        return new DatabaseCheck(() -> DriverManager.getConnection(
                "jdbc:h2:file:" + name + ";ACCESS_MODE_DATA=r;IFEXISTS=TRUE;LAZY_QUERY_EXECUTION=TRUE;NON_KEYWORDS=VALUE", "sa", ""), false, true,
                Database.where(name), Path.of(name + ".mv.db"));
    }

    /** Reads the database; a failure that is no damage (a server gone, say) is a {@link StoreException}. */
    public Report run() {
        try {
            return read();
        } catch (SQLException e) {
            throw StoreException.of("cannot check " + where, where, e);
        }
    }

    private Report read() throws SQLException {
        Map<String, String> damaged = new LinkedHashMap<>();
        List<Long> altered = new ArrayList<>();
        long rows = 0;
        long games = 0;
        int indexes = 0;
        Connection opened;
        try {
            opened = connections.open();
        } catch (SQLException e) {
            // a file H2 cannot open: its pages, or the schema they hold (a table's statement that no longer parses)
            String damage = alone && e.getErrorCode() != ErrorCode.DATABASE_ALREADY_OPEN_1 ? ErrorText.firstLine(e.getMessage()) : damage(e);
            return new Report(0, 0, 0, 0, Map.of(UNOPENED, damage), List.of());
        }
        try (Connection c = opened) {
            if (file != null) {
                String passed = H2NewestChunks.passedOver(file, c);
                if (passed != null) damaged.put(OLDER_VERSION, passed);
            }
            List<String> tables = tables(c);
            Map<String, Long> counts = new LinkedHashMap<>();
            for (String table : tables) {
                try {
                    long n = readEveryRow(c, table);
                    counts.put(table, n);
                    rows += n;
                } catch (SQLException | RuntimeException e) {
                    damaged.put(table, damage(e));
                } catch (AssertionError e) {
                    damaged.put(table, inconsistent(e));
                }
            }
            if (!postgres) {
                for (String[] index : h2Indexes(c)) {
                    indexes++;
                    String table = index[1];
                    if (!counts.containsKey(table)) continue; // the table itself is damaged
                    try {
                        long n = walkIndex(c, table, index[0], index[2]);
                        if (n != counts.get(table)) {
                            damaged.putIfAbsent(table, "its index " + index[0] + " holds " + n + " rows of " + counts.get(table));
                        }
                    } catch (SQLException | RuntimeException e) {
                        damaged.putIfAbsent(table, "its index " + index[0] + ": " + damage(e));
                    } catch (AssertionError e) {
                        damaged.putIfAbsent(table, "its index " + index[0] + ": " + inconsistent(e));
                    }
                }
            }
            String game = postgres ? "game" : "GAME";
            if (counts.containsKey(game)) {
                try {
                    games = compareFingerprints(c, Long.MIN_VALUE, Long.MAX_VALUE, altered);
                } catch (SQLException | RuntimeException e) {
                    damaged.putIfAbsent(game, damage(e));
                } catch (AssertionError e) {
                    damaged.putIfAbsent(game, inconsistent(e));
                }
            }
            return new Report(tables.size(), indexes, rows, games, damaged, altered);
        }
    }

    private List<String> tables(Connection c) throws SQLException {
        String schema = postgres ? "current_schema()" : "'PUBLIC'";
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = "
                        + schema + " AND table_type = 'BASE TABLE' ORDER BY table_name")) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }

    /** Reads every column of every row, so that every page of the table is read and decoded. */
    private static long readEveryRow(Connection c, String table) throws SQLException {
        return eachRow(c, "SELECT * FROM " + quote(table), rs -> {
            int columns = rs.getMetaData().getColumnCount();
            for (int i = 1; i <= columns; i++) rs.getObject(i);
        });
    }

    private interface RowVisitor {
        void visit(ResultSet row) throws SQLException;
    }

    /** Streams a query's rows to {@code visitor}, reading and writing nothing else; the rows. */
    private static long eachRow(Connection c, String sql, RowVisitor visitor) throws SQLException {
        long n = 0;
        c.setAutoCommit(false); // PostgreSQL streams rows by the fetch size only inside a transaction
        try (Statement st = c.createStatement()) {
            st.setFetchSize(1000);
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    visitor.visit(rs);
                    n++;
                }
            }
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
        return n;
    }

    /** An H2 file's secondary indexes: name, table, first column. */
    private static List<String[]> h2Indexes(Connection c) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT i.index_name, i.table_name, k.column_name"
                        + " FROM information_schema.indexes i JOIN information_schema.index_columns k"
                        + " ON k.index_schema = i.index_schema AND k.index_name = i.index_name AND k.ordinal_position = 1"
                        + " WHERE i.table_schema = 'PUBLIC' AND i.index_type_name <> 'PRIMARY KEY'"
                        + " ORDER BY i.table_name, i.index_name")) {
            while (rs.next()) out.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
        }
        return out;
    }

    /** The rows an index holds, walked in its order (H2 reads the index itself to give that order). */
    private static long walkIndex(Connection c, String table, String index, String column) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM (SELECT " + quote(column) + " FROM " + quote(table)
                        + " USE INDEX (" + quote(index) + ") ORDER BY " + quote(column) + ") x")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * The games whose stored fingerprint differs from their identity digested again, by id: what
     * {@code emergo repair} leaves out of the repaired file ({@link org.emergo.store.db.H2Repair.AlteredGames}).
     */
    public static List<Long> alteredGames(Connection c, long from, long to) throws SQLException {
        List<Long> altered = new ArrayList<>();
        compareFingerprints(c, from, to, altered);
        return altered;
    }

    /**
     * Compares each game's stored fingerprint with its identity digested again, and its stored
     * record digest (V30 on) with its row and tags digested again; adds the altered games' ids.
     */
    private static long compareFingerprints(Connection c, long from, long to, List<Long> altered) throws SQLException {
        long[] n = {0};
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false); // PostgreSQL streams rows by the fetch size only inside a transaction
        try {
            readAgain(c, from, to, game -> {
                n[0]++;
                if (game.altered()) altered.add(game.id());
            });
        } finally {
            if (auto) {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
        return n[0];
    }

    /**
     * A stored game read again: whether its identity still digests to the fingerprint stored,
     * its row and tags digested again, and the record digest stored (null before V30).
     */
    record ReadAgain(long id, boolean identityHolds, long digest, Long stored) {
        boolean altered() {
            return !identityHolds || stored != null && stored != digest;
        }
    }

    /** Reads the games with ids {@code from} to {@code to} again, with their tags, in the order of their ids. */
    static void readAgain(Connection c, long from, long to, Consumer<ReadAgain> each) throws SQLException {
        try (PreparedStatement gs = c.prepareStatement("SELECT id, variant, setup_epn, white, black, date, moves, fingerprint,"
                        + " event, site, round, result, movetext, ply_count, source, source_line, record_digest FROM game"
                        + " WHERE id BETWEEN ? AND ? ORDER BY id");
                PreparedStatement ts = c.prepareStatement("SELECT game_id, name, value FROM game_tag"
                        + " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, seq")) {
            for (PreparedStatement st : List.of(gs, ts)) {
                st.setFetchSize(1000);
                st.setLong(1, from);
                st.setLong(2, to);
            }
            try (ResultSet rs = gs.executeQuery(); ResultSet tags = ts.executeQuery()) {
                TagsInGameOrder tagsOf = new TagsInGameOrder(tags);
                while (rs.next()) {
                    long id = rs.getLong(1);
                    List<String[]> gameTags = tagsOf.of(id);
                    long key = GameFingerprint.key(rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            rs.getString(6), StoredGame.moveList(rs.getString(7)));
                    long digest = RecordDigest.of(Arrays.asList(rs.getString(2), rs.getString(9), rs.getString(10),
                            rs.getString(6), rs.getString(11), rs.getString(4), rs.getString(5), rs.getString(12),
                            rs.getString(3), rs.getString(7), rs.getString(13), rs.getString(14), rs.getString(15),
                            rs.getString(16)), gameTags);
                    Long stored = rs.getLong(17);
                    if (rs.wasNull()) stored = null;
                    each.accept(new ReadAgain(id, key == rs.getLong(8), digest, stored));
                }
            }
        }
    }

    /** The tags of each game in turn, from rows ordered by game and seq. */
    private static final class TagsInGameOrder {
        private final ResultSet rows;
        private boolean more;

        TagsInGameOrder(ResultSet rows) throws SQLException {
            this.rows = rows;
            more = rows.next();
        }

        /** The names and values of game {@code id}'s tags; games are asked for in ascending order. */
        List<String[]> of(long id) throws SQLException {
            List<String[]> tags = new ArrayList<>();
            while (more && rows.getLong(1) < id) more = rows.next(); // tags of a game that is not there
            while (more && rows.getLong(1) == id) {
                tags.add(new String[] {rows.getString(2), rows.getString(3)});
                more = rows.next();
            }
            return tags;
        }
    }

    /**
     * What a failed read says of the damage, for a failure that comes from the file (H2's store
     * or PostgreSQL's data-corruption states); any other failure is thrown on, since it says
     * nothing of the file.
     */
    /** H2's own assertions (on where the JVM runs with -ea, as the tests do) failed on a damaged page's bytes. */
    private static String inconsistent(AssertionError e) {
        StackTraceElement[] at = e.getStackTrace();
        return "H2 read pages that do not agree" + (at.length > 0 ? " (" + at[0].getClassName() + "." + at[0].getMethodName() + ")" : "");
    }

    private static String damage(Exception e) throws SQLException {
        String h2 = ErrorText.damage(e);
        if (h2 != null) return h2;
        // a value that does not convert to its column's type: a row read from a damaged page
        if (e instanceof SQLException q && q.getSQLState() != null && q.getSQLState().startsWith("22")) {
            return ErrorText.firstLine(q.getMessage());
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            // an index that names a row its table does not hold: H2 takes it for a concurrent
            // change and retries until its lock times out, but a damaged page says the same
            if (t instanceof DbException d && d.getErrorCode() == ErrorCode.ROW_NOT_FOUND_IN_PRIMARY_INDEX) {
                return ErrorText.firstLine(t.getMessage());
            }
            if (t instanceof AssertionError a) return inconsistent(a); // in H2's general error
            if (t instanceof IOException || t instanceof SQLException q && q.getSQLState() != null
                    && q.getSQLState().startsWith("XX00")) {
                return ErrorText.firstLine(t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage());
            }
        }
        if (e instanceof SQLException q) throw q;
        throw (RuntimeException) e;
    }

    private static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
