package org.emergo.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.jdbcx.JdbcDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.postgresql.ds.PGConnectionPoolDataSource;

/**
 * An open emergo database, H2 (a file by default) or PostgreSQL, migrated to the current
 * schema on open.
 *
 * <p>Connections come from a small pool (H2's {@link JdbcConnectionPool}, which also pools
 * PostgreSQL connections): the command line needs one connection, the web server a few.
 */
public final class Database implements AutoCloseable {

    /** Where the database lives when neither the command line nor EMERGO_DB says. */
    public static final String DEFAULT_PATH = "./emergo-data/emergo";

    /** The environment variable that overrides {@link #DEFAULT_PATH}. */
    public static final String ENV_VAR = "EMERGO_DB";

    private static final int MAX_CONNECTIONS = 8;

    // Flyway and jOOQ report every start at INFO through java.util.logging, which goes to the
    // terminal; the command line keeps its output for results. Held here: JUL keeps loggers
    // only weakly, and a collected logger would forget its level.
    private static final Logger FLYWAY_LOG = Logger.getLogger("org.flywaydb");
    private static final Logger JOOQ_LOG = Logger.getLogger("org.jooq");

    static {
        // H2 looks every string and number it is given up in a shared cache, hashing each
        // one, to share equal values: a tenth of the time of the thread that writes an
        // analysis (two strings per position row), for rows written once and rarely read
        // together. H2 reads the property once, when it is first used.
        if (System.getProperty("h2.objectCache") == null) System.setProperty("h2.objectCache", "false");
        // The socket H2's mixed mode (AUTO_SERVER) serves a file on: this machine only, as the
        // viewer itself. H2 would listen on every interface.
        if (System.getProperty("h2.bindAddress") == null) System.setProperty("h2.bindAddress", "127.0.0.1");
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        FLYWAY_LOG.setLevel(Level.WARNING);
        JOOQ_LOG.setLevel(Level.WARNING);
    }

    private final String url;
    private final SQLDialect dialect;
    private final JdbcConnectionPool pool;
    private final DSLContext dsl;
    private ReadOnlyAccess readers;

    private Database(String url, SQLDialect dialect, JdbcConnectionPool pool) {
        this.url = url;
        this.dialect = dialect;
        this.pool = pool;
        this.dsl = DSL.using(pool, dialect, settings());
    }

    /**
     * The JDBC URL for a user's {@code --db} argument: a JDBC URL is taken as it is, anything
     * else is the path of an H2 file. Without an argument, EMERGO_DB, else {@link #DEFAULT_PATH}.
     */
    public static String resolveUrl(String dbArgOrNull) {
        return resolveUrl(dbArgOrNull, System.getenv(ENV_VAR));
    }

    static String resolveUrl(String dbArgOrNull, String envValue) {
        String arg = !isBlank(dbArgOrNull) ? dbArgOrNull.trim()
                : !isBlank(envValue) ? envValue.trim()
                : DEFAULT_PATH;
        if (arg.startsWith("jdbc:")) {
            if (!arg.startsWith("jdbc:h2:") && !arg.startsWith("jdbc:postgresql:")) {
                throw new StoreException("unsupported database URL '" + arg
                        + "': use a path (an H2 file), jdbc:h2:... or jdbc:postgresql://...");
            }
            return arg;
        }
        if (arg.contains(";")) {
            // H2 would read what follows a semicolon as settings
            throw new StoreException("a database path may not contain ';': " + arg);
        }
        String path = Path.of(arg).toAbsolutePath().normalize().toString();
        if (path.endsWith(".mv.db")) {
            path = path.substring(0, path.length() - ".mv.db".length()); // H2 adds it itself
        }
        return "jdbc:h2:file:" + path;
    }

    /** Opens (creating if need be) and migrates the database named by a {@code --db} argument or null. */
    public static Database open(String dbArgOrNull) {
        String url = resolveUrl(dbArgOrNull);
        if (url.startsWith("jdbc:postgresql:")) {
            return openPostgres(url);
        }
        return openH2(url);
    }

    private static Database openH2(String url) {
        if (url.matches("(?i)jdbc:h2:mem:(;.*)?")) {
            // each connection to an unnamed in-memory database gets a database of its own
            throw new StoreException("an in-memory H2 database needs a name: jdbc:h2:mem:NAME");
        }
        String full = url + h2Settings(url);
        JdbcDataSource source = new JdbcDataSource();
        source.setURL(full);
        source.setUser("sa");
        source.setPassword("");
        Database db = new Database(full, SQLDialect.H2, pool(JdbcConnectionPool.create(source)));
        db.migrate();
        db.createReader();
        db.repairH2Identities();
        return db;
    }

    private static Database openPostgres(String url) {
        PGConnectionPoolDataSource source = new PGConnectionPoolDataSource();
        source.setURL(url);
        Database db = new Database(url, SQLDialect.POSTGRES, pool(JdbcConnectionPool.create(source)));
        db.migrate();
        db.createReader();
        return db;
    }

    /**
     * NON_KEYWORDS=VALUE: game_tag.value is a column, and VALUE is a keyword in H2 (not in
     * PostgreSQL). A session setting: every connection needs it, the reader's too.
     * COMPRESS=TRUE: H2 writes its pages LZF-compressed, which halves the file (position strings
     * compress well) for a few percent of CPU, where compacting the file afterwards took a
     * fifth of an analysis run. A setting of the open database, so the first connection decides.
     * (A larger CACHE_SIZE, WRITE_DELAY or PAGE_SIZE made no measurable difference to bulk inserts.)
     * TRACE_LEVEL_FILE=0: no .trace.db file beside the database; H2 printed a trace to stderr when
     * it could not write one (a path it cannot write), and emergo reports the errors itself.
     */
    private static String h2Settings(String url) {
        String upper = url.toUpperCase(Locale.ROOT);
        return (upper.contains(";NON_KEYWORDS=") ? "" : ";NON_KEYWORDS=VALUE")
                + (upper.contains(";COMPRESS=") ? "" : ";COMPRESS=TRUE")
                + (upper.contains(";TRACE_LEVEL_FILE=") ? "" : ";TRACE_LEVEL_FILE=0")
                + (isH2File(upper) && !upper.contains(";AUTO_SERVER=") && !upper.contains(";FILE_LOCK=") ? ";AUTO_SERVER=TRUE" : "");
    }

    /**
     * AUTO_SERVER=TRUE (H2's mixed mode): the first program to open a file serves it to the
     * next ones over a local socket, so {@code emergo import}, {@code analyze} and {@code sql}
     * keep working on a file that {@code emergo serve} holds open. Only for files: an
     * in-memory or server database has no file to share.
     */
    static boolean isH2File(String upperUrl) {
        if (!upperUrl.startsWith("JDBC:H2:")) return false;
        String rest = upperUrl.substring("JDBC:H2:".length());
        if (rest.startsWith("FILE:")) return true;
        return !(rest.startsWith("MEM:") || rest.startsWith("TCP:") || rest.startsWith("SSL:") || rest.startsWith("ZIP:")
                || rest.startsWith("NIO") || rest.startsWith("SPLIT:") || rest.startsWith("ASYNC:") || rest.startsWith("RETRY:"));
    }

    private static JdbcConnectionPool pool(JdbcConnectionPool pool) {
        pool.setMaxConnections(MAX_CONNECTIONS);
        return pool;
    }

    private static Settings settings() {
        return new Settings()
                .withRenderQuotedNames(RenderQuotedNames.NEVER) // H2 folds to upper, PostgreSQL to lower
                .withRenderSchema(false)
                .withExecuteLogging(false)
                .withFetchWarnings(false);
    }

    private void migrate() {
        try {
            Flyway.configure(Database.class.getClassLoader())
                    .dataSource(pool)
                    .locations("classpath:db/migration", "classpath:db/vendor/" + (isPostgres() ? "postgresql" : "h2"))
                    .load()
                    .migrate();
        } catch (FlywayException e) {
            close();
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot open the database " + where() + ": " + rootMessage(e)), e);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The reader of {@link #readOnly}. */
    private void createReader() {
        try {
            readers = isPostgres() ? ReadOnlyAccess.postgres(pool, url) : ReadOnlyAccess.h2(pool, url);
        } catch (SQLException e) {
            close();
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot prepare read-only access to " + where() + ": " + rootMessage(e)), e);
        }
    }

    /**
     * Moves an identity that is behind the ids already stored past them. After a killed
     * process, H2 2.3 has reopened a file whose game identity stood below stored games (the
     * lost-write bugs of h2database#4123 and #4383 look alike), and the next import then failed
     * on the primary key instead of finishing the job. A sound identity is always ahead of its
     * ids, also while another program inserts, so this changes nothing then.
     */
    private void repairH2Identities() {
        String identities = "SELECT table_name, column_name, identity_base FROM information_schema.columns"
                + " WHERE table_schema = 'PUBLIC' AND is_identity = 'YES'";
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            List<String[]> columns = new ArrayList<>();
            try (ResultSet rs = st.executeQuery(identities)) {
                while (rs.next()) columns.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
            }
            for (String[] col : columns) {
                if (col[2] == null) continue;
                try (ResultSet rs = st.executeQuery("SELECT MAX(" + col[1] + ") FROM " + col[0])) {
                    long max = rs.next() ? rs.getLong(1) : 0;
                    if (max >= Long.parseLong(col[2])) {
                        st.execute("ALTER TABLE " + col[0] + " ALTER COLUMN " + col[1] + " RESTART WITH " + (max + 1));
                    }
                }
            }
        } catch (SQLException e) {
            close();
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot open the database " + where() + ": " + rootMessage(e)), e);
        }
    }

    /** The jOOQ context for this database: names unquoted, the dialect of the database. */
    public DSLContext dsl() {
        return dsl;
    }

    /** The pooled connections; close each one you take. */
    public DataSource dataSource() {
        return pool;
    }

    /**
     * The database as users name it, for messages: the H2 file's path, or the URL without its
     * parameters (which may hold a password).
     */
    public String where() {
        String plain = url.replaceFirst("[;?].*$", "");
        return plain.startsWith("jdbc:h2:file:") ? plain.substring("jdbc:h2:file:".length()) : plain;
    }

    /** H2 or POSTGRES. */
    public SQLDialect dialect() {
        return dialect;
    }

    /** The JDBC URL as used, with the settings the store adds. */
    public String url() {
        return url;
    }

    public boolean isPostgres() {
        return dialect == SQLDialect.POSTGRES;
    }

    /**
     * Runs work that must not change anything (user SQL: {@code emergo sql}, {@code export --where})
     * with the rights to read only ({@link ReadOnlyAccess}), and rolls it back.
     */
    public <T> T readOnly(Function<DSLContext, T> work) {
        try {
            return withReadOnlyConnection(c -> work.apply(DSL.using(c, dialect, settings())));
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }

    /** Like {@link #readOnly}, on a plain JDBC connection. */
    <T> T withReadOnlyConnection(SqlWork<T> work) throws SQLException {
        return readers.run(work);
    }

    /** The PostgreSQL role user SQL runs as, or null (H2, or a user who may not make one). */
    String readerRole() {
        return readers.role();
    }

    @Override
    public void close() {
        pool.dispose();
    }

    /**
     * Closes the database and, for an H2 file, rewrites it to its live data. H2 keeps
     * superseded pages for a while, so a bulk import leaves the file about twice as large as
     * its data (100,000 games: 190 MB, 91 MB after this, which took 1.5 s). Worth calling at
     * the end of an import that added many games; an analysis leaves little garbage (its file
     * is 93-96% live) and skips it. PostgreSQL reclaims space by itself. A file that another
     * program has open too (H2's mixed mode) is only closed.
     */
    public void closeAndCompact() {
        if (isPostgres() || url.startsWith("jdbc:h2:mem:")) {
            close();
            return;
        }
        pool.dispose();
        // A plain connection: a pooled one would try to roll back after the shutdown closed it.
        JdbcDataSource direct = new JdbcDataSource();
        direct.setURL(url);
        direct.setUser("sa");
        direct.setPassword("");
        try (Connection c = direct.getConnection(); Statement st = c.createStatement()) {
            // In mixed mode another program may have the file open too (emergo serve): a shutdown
            // would close it under that program's feet, so the file is compacted another time.
            if (otherSessions(st)) return;
            st.execute("SHUTDOWN COMPACT");
        } catch (SQLException e) {
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot compact " + where() + ": " + rootMessage(e)), e);
        }
    }

    /** Whether sessions other than this statement's are open on the database. */
    private static boolean otherSessions(Statement st) throws SQLException {
        try (var rs = st.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
            return rs.next() && rs.getInt(1) > 1;
        }
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.toString() : t.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** Work on a JDBC connection. */
    @FunctionalInterface
    interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }
}
