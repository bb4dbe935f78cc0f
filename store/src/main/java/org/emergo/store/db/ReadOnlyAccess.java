package org.emergo.store.db;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.sql.DataSource;
import org.emergo.store.db.CitusLayout;
import org.emergo.store.db.Database;
import org.emergo.store.db.H2Reader;
import org.emergo.store.db.LockKey;

/**
 * How user SQL ({@code emergo sql}, the viewer's SQL page, {@code export --where}) reaches the
 * database: with the rights to read emergo's tables and nothing more, and rolled back at the end.
 *
 * <p>On H2 as a user with SELECT rights only (H2 has no read-only transactions, but it has
 * rights). On PostgreSQL in a READ ONLY transaction as a role with SELECT rights only
 * ({@code SET LOCAL ROLE emergo_reader_DATABASE}), the session cleaned afterwards
 * ({@code DISCARD ALL}): a read-only transaction alone still lets a query take session advisory
 * locks that outlive it, signal other sessions, and read the server's files when the viewer
 * connects as a superuser. A role cannot stop a query from setting itself back to the session's
 * user: {@link ReadOnlySql} refuses the functions that could.
 *
 * <p>The role is per database (role names are the whole server's: a role shared by every emergo
 * database would let one database's users read another's). It is made when a database is opened
 * by a user who may create roles; a user who may not still reads, as himself, after the same
 * checks of the text (docs/viewer.md#safe-by-default).
 */
public final class ReadOnlyAccess {

    private final DataSource pool;
    private final String url;
    private final boolean postgres;
    /** The PostgreSQL role user SQL runs as, or null: H2, or a user who may not make one. */
    private final String role;

    private ReadOnlyAccess(DataSource pool, String url, boolean postgres, String role) {
        this.pool = pool;
        this.url = url;
        this.postgres = postgres;
        this.role = role;
    }

    /** H2: reads as {@link H2Reader}, made here if the database has none yet. */
    public static ReadOnlyAccess h2(DataSource pool, String url) throws SQLException {
        H2Reader.create(pool);
        return new ReadOnlyAccess(pool, url, false, null);
    }

    /** PostgreSQL: the reader role, made and given SELECT on every table where needed. */
    public static ReadOnlyAccess postgres(DataSource pool, String url) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return new ReadOnlyAccess(pool, url, true, Transaction.on(c, ReadOnlyAccess::prepareRole));
        }
    }

    /** The reader role of PostgreSQL, or null when there is none this user may take. */
    public String role() {
        return role;
    }

    /** Runs work on a connection that may only read, and rolls its transaction back. */
    public <T> T run(Database.SqlWork<T> work) throws SQLException {
        try (Connection c = connection()) {
            c.setAutoCommit(false); // not Transaction: this work is always rolled back
            try {
                if (postgres) {
                    c.setReadOnly(true);
                    try (Statement st = c.createStatement()) {
                        st.execute("SET TRANSACTION READ ONLY");
                        // LOCAL: the rollback ends it
                        if (role != null) st.execute("SET LOCAL ROLE " + quoted(role));
                    }
                }
                return work.run(c);
            } finally {
                c.rollback();
                if (postgres) {
                    c.setReadOnly(false);
                }
                c.setAutoCommit(true);
                if (postgres) {
                    // what a rollback leaves: session advisory locks above all, which would hold
                    // every later import of a file that needs one
                    try (Statement st = c.createStatement()) {
                        st.execute("DISCARD ALL");
                    }
                }
            }
        }
    }

    private Connection connection() throws SQLException {
        return postgres ? pool.getConnection() : H2Reader.connect(url);
    }

    /**
     * Makes the role if it is missing, makes this user a member, and grants it SELECT on the
     * tables of emergo's schema that it cannot read yet (and on those made later by this user).
     * Null when this user may not create the role or join it. One program at a time: GRANTs on
     * one table from two sessions at once fail ("tuple concurrently updated").
     */
    private static String prepareRole(Connection c) throws SQLException {
        LockKey.READER_ROLE.holdToCommit(c);
        String role = roleName(text(c, "SELECT current_database()"));
        if (!exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ?", role)
                && !tried(c, "CREATE ROLE " + quoted(role) + " NOLOGIN")) {
            return null;
        }
        if (CitusLayout.hasCitus(c)
                && !exists(c, "SELECT 1 FROM pg_roles WHERE rolname = ? AND rolcanlogin", role)) {
            // Citus runs a query's parts on the workers as the current role: the reader must
            // log in there. Without a password it can only where the workers trust the coordinator
            // (or pg_dist_authinfo gives it a way), never from a client with password auth.
            tried(c, "ALTER ROLE " + quoted(role) + " LOGIN");
        }
        if (!exists(c, "SELECT 1 WHERE pg_has_role(current_user, ?, 'MEMBER')", role)
                && !tried(c, "GRANT " + quoted(role) + " TO CURRENT_USER")) {
            return null;
        }
        String schema = text(c, "SELECT current_schema()");
        if (!exists(c, "SELECT 1 WHERE has_schema_privilege(?, current_schema(), 'USAGE')", role)) {
            tried(c, "GRANT USAGE ON SCHEMA " + quoted(schema) + " TO " + quoted(role));
        }
        List<String> unreadable = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT c.relname FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'p')"
                + " AND NOT has_table_privilege(?, c.oid, 'SELECT')")) {
            st.setString(1, role);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) unreadable.add(rs.getString(1));
            }
        }
        for (String table : unreadable) {
            // a table of another owner stays unreadable: a query on it says so
            tried(c, "GRANT SELECT ON " + quoted(schema) + "." + quoted(table) + " TO " + quoted(role));
        }
        if (!unreadable.isEmpty()) {
            // tables a later migration by this user adds (another program may run it while the viewer runs)
            tried(c, "ALTER DEFAULT PRIVILEGES IN SCHEMA " + quoted(schema) + " GRANT SELECT ON TABLES TO " + quoted(role));
        }
        return role;
    }

    /**
     * emergo_reader_ and the database's name, or a hash of a name that is not a plain lower-case
     * one or too long for a role name (63 bytes).
     */
    public static String roleName(String database) {
        String prefix = "emergo_reader_";
        if (database.matches("[a-z0-9_]{1,49}")) return prefix + database;
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(database.getBytes(StandardCharsets.UTF_8));
            return prefix + HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs a statement that this user may lack the rights for: false if he does. */
    private static boolean tried(Connection c, String sql) throws SQLException {
        Savepoint before = c.setSavepoint();
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            if (!"42501".equals(e.getSQLState())) throw e; // insufficient_privilege
            c.rollback(before);
            return false;
        }
        c.releaseSavepoint(before);
        return true;
    }

    private static boolean exists(Connection c, String sql, String parameter) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, parameter);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static String text(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
