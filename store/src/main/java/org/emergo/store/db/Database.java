package org.emergo.store.db;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.api.FlywayException;
import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.mvstore.MVStoreException;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.ParamCastMode;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

/**
 * An open emergo database, H2 (a file by default) or PostgreSQL, migrated to the current
 * schema on open. Its URL comes from {@link DatabaseUrl}, its connections from
 * {@link ConnectionPools}; opening also runs {@link SchemaMigration}, prepares
 * {@link ReadOnlyAccess}, and on H2 runs {@link IdentityRepair}, and after an unclean stop
 * {@link H2PageAccounting} (before H2 opens the file), {@link H2Leftovers} and
 * {@link IncompleteWrites}.
 */
public final class Database implements AutoCloseable {

    /** Where the database lives when neither the command line nor EMERGO_DB says. */
    public static final String DEFAULT_PATH = "./emergo-data/emergo";

    /** The environment variable that overrides {@link #DEFAULT_PATH}. */
    public static final String ENV_VAR = "EMERGO_DB";

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
    private ReadOnlyAccess readOnly; // set on opening, after the migration
    private final PostgresSessions sessions; // null on H2
    private boolean citus; // set on opening, after the migration
    private volatile boolean lockWaitsEnded;
    private boolean servedByAnother; // an H2 file another program serves to this one (mixed mode)
    private String servedBy; // that program's id (H2Lock), or null

    private Database(String url, SQLDialect dialect, JdbcConnectionPool pool, PostgresSessions sessions) {
        this.url = url;
        this.dialect = dialect;
        this.pool = pool;
        this.sessions = sessions;
        this.dsl = DSL.using(pool, dialect, settings());
    }

    /**
     * The JDBC URL for a user's {@code --db} argument: a JDBC URL is taken as it is, anything
     * else is the path of an H2 file. Without an argument, EMERGO_DB, else {@link #DEFAULT_PATH}.
     */
    public static String resolveUrl(String dbArgOrNull) {
        return DatabaseUrl.resolve(dbArgOrNull, System.getenv(ENV_VAR));
    }

    /**
     * The H2 file a {@code --db} argument names when no program has it open (no lock file beside
     * it), as {@code --db} takes it: a file that can be read as a read-only database, so that
     * reading writes nothing to it. Null for a file in use or stopped uncleanly, a PostgreSQL URL
     * or an in-memory database.
     */
    public static Path h2FileAlone(String dbArgOrNull) {
        String url = resolveUrl(dbArgOrNull);
        return url.startsWith("jdbc:h2:file:") && !H2Lock.there(url) ? Path.of(DatabaseUrl.where(url)) : null;
    }

    /** The database a {@code --db} argument (or null) names, as messages name it: the H2 file's path, or the URL without its parameters. */
    public static String where(String dbArgOrNull) {
        return DatabaseUrl.where(resolveUrl(dbArgOrNull));
    }

    /** Opens (creating if need be) and migrates the database named by a {@code --db} argument or null. */
    public static Database open(String dbArgOrNull) {
        return open(dbArgOrNull, false);
    }

    /**
     * As {@link #open(String)}, for a program that only reads: an H2 file is not compacted while
     * it runs ({@link DatabaseUrl#withH2Settings}), which is work for the programs that write.
     */
    public static Database openToRead(String dbArgOrNull) {
        return open(dbArgOrNull, true);
    }

    private static Database open(String dbArgOrNull, boolean reading) {
        String url = resolveUrl(dbArgOrNull);
        if (DatabaseUrl.isPostgres(url)) {
            PostgresSessions sessions = new PostgresSessions();
            Database db = new Database(url, SQLDialect.POSTGRES, ConnectionPools.postgres(sessions, url), sessions);
            db.migrate();
            db.prepare(() -> db.readOnly = ReadOnlyAccess.postgres(db.pool, url), "cannot prepare read-only access to ");
            return db;
        }
        if (url.matches("(?i)jdbc:h2:mem:(;.*)?")) {
            // each connection to an unnamed in-memory database gets a database of its own
            throw new StoreException("an in-memory H2 database needs a name: jdbc:h2:mem:NAME");
        }
        if (url.startsWith("jdbc:h2:file:") && !url.contains(";")) {
            try {
                NewH2File.createIfMissing(url);
            } catch (SQLException | IOException | FlywayException e) {
                throw new StoreException(OutsideProblem.describe(e, DatabaseUrl.where(url))
                        .orElseGet(() -> OutsideProblem.cannotWrite(DatabaseUrl.where(url), e)), e);
            }
        }
        String full = DatabaseUrl.withH2Settings(url, reading);
        // issue 30: maybe an unclean stop, or a holder that ended while a command ran through it
        boolean holderEnded = H2Lock.holderEnded(url);
        boolean unclean = H2Lock.there(url) || holderEnded;
        // the pages the stopped program may have written: those since it opened the file (the lock
        // file's time, read before H2 writes it anew), or every page when a holder ended
        long since = holderEnded ? 0 : H2Lock.written(url);
        if (unclean && url.startsWith("jdbc:h2:file:")) {
            // before H2 changes a page: pages its records count as free, which it would free twice
            try {
                H2PageAccounting.rewriteIfMiscounted(DatabaseUrl.where(url));
            } catch (MVStoreException e) {
                throw new StoreException(OutsideProblem.describe(e, DatabaseUrl.where(url))
                        .orElseGet(() -> OutsideProblem.cannotWrite(DatabaseUrl.where(url), e)), e);
            }
        }
        long patience = System.nanoTime() + BETWEEN_HOLDERS_NANOS;
        for (long pause = 50; ; pause = Math.min(2 * pause, 1000)) {
            try {
                Database db = new Database(full, SQLDialect.H2, ConnectionPools.h2(full), null);
                // the games the stopped program may have written, named by the walk of its pages
                AtomicReference<RecentGames> written = new AtomicReference<>();
                if (unclean) {
                    // before anything reads or writes the file: H2's rollback of the killed program's writes, finished
                    db.prepare(() -> {
                        if (IncompleteWrites.openedHere(db.pool)) written.set(H2Leftovers.rollBack(db.pool, since).games());
                    }, "cannot open the database ");
                }
                db.migrate();
                db.prepare(() -> db.readOnly = ReadOnlyAccess.h2(db.pool, full), "cannot prepare read-only access to ");
                db.prepare(() -> IdentityRepair.run(db.pool), "cannot open the database ");
                if (unclean) {
                    db.prepare(() -> {
                        if (!IncompleteWrites.openedHere(db.pool)) return; // the program that has it open repairs it, or the next
                        IncompleteWrites.run(db.pool, written.get());
                        if (holderEnded) H2Lock.clearHolderEnded(url);
                    }, "cannot open the database ");
                }
                db.prepare(() -> {
                    db.servedByAnother = !IncompleteWrites.openedHere(db.pool);
                    if (db.servedByAnother) db.servedBy = H2Lock.holder(full);
                }, "cannot open the database ");
                return db;
            } catch (StoreException e) {
                if (!OutsideProblem.isBetweenHolders(e) || System.nanoTime() > patience) throw e;
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pause));
            }
        }
    }

    /**
     * How long opening an H2 file waits while it is between holders in mixed mode: another emergo
     * command starting, or closing and compacting it (1.5 s at 100,000 games), serves it to no
     * one for a moment, and {@code emergo sql} then failed now and then on a busy machine.
     */
    private static final long BETWEEN_HOLDERS_NANOS = TimeUnit.SECONDS.toNanos(10);

    private static Settings settings() {
        return new Settings()
                .withRenderQuotedNames(RenderQuotedNames.NEVER) // H2 folds to upper, PostgreSQL to lower
                .withRenderSchema(false)
                .withExecuteLogging(false)
                .withFetchWarnings(false);
    }

    private void migrate() {
        try {
            citus = SchemaMigration.run(pool, isPostgres());
            if (citus) {
                // Citus (13.2) cannot pass an INSERT into a reference table on to the workers when
                // a bind value is cast, as jOOQ casts timestamps: "could not determine data type
                // of parameter $1". Uncast, PostgreSQL takes the column's type.
                dsl.settings().setParamCastMode(ParamCastMode.NEVER);
            }
        } catch (FlywayException e) {
            close();
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot open the database " + where() + ": " + OutsideProblem.rootMessage(e)), e);
        } catch (RuntimeException e) {
            close();
            if (!OutsideProblem.isBetweenHolders(e)) throw e;
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot open the database " + where() + ": " + OutsideProblem.rootMessage(e)), e);
        }
    }

    /** A step of opening; when it fails, the database is closed and the failure said in one line. */
    private void prepare(SqlStep step, String failure) {
        try {
            step.run();
        } catch (SQLException e) {
            close();
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> failure + where() + ": " + OutsideProblem.rootMessage(e)), e);
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
        return DatabaseUrl.where(url);
    }

    /** H2 or POSTGRES. */
    public SQLDialect dialect() {
        return dialect;
    }

    /** The JDBC URL as used, with the settings the store adds. */
    public String url() {
        return url;
    }

    /** Whether this is a Citus coordinator (PostgreSQL with the citus extension, its tables distributed). */
    public boolean isCitus() {
        return citus;
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
    public <T> T withReadOnlyConnection(SqlWork<T> work) throws SQLException {
        return readOnly.run(work);
    }

    /** The PostgreSQL role user SQL runs as, or null (H2, or a user who may not make one). */
    public String readerRole() {
        return readOnly.role();
    }

    /**
     * For a stop (Ctrl-C, SIGTERM): from now on no statement of this database waits for a lock;
     * one that waits, now or later, fails, and the work stops there as at any failure. On
     * PostgreSQL, where a wait for another program's lock has no end of its own; H2 ends a
     * wait by itself after its lock timeout (seconds).
     */
    public void endLockWaits() {
        lockWaitsEnded = true;
        if (sessions != null) sessions.endLockWaits();
    }

    /** Whether {@link #endLockWaits} was called: a wait of emergo's own (H2's work claims) ends then too. */
    public boolean lockWaitsEnded() {
        return lockWaitsEnded;
    }

    /**
     * For an H2 file that another program serves to this one (mixed mode): makes every commit so
     * far durable, and checks that the program serving the file is still the one that served it
     * when this command opened it, else throws a {@link StoreException} that says to run the
     * command again. A server writes the commits it serves to the file within H2's write delay
     * (half a second), so one that was killed may have taken some of this command's last commits
     * with it, while H2 reconnects this command to the file and it goes on as if they were
     * stored. Called before a command records work as done (an import marks a file imported
     * whole) and at its end. Nothing to do when this program opened the file itself, nor on
     * PostgreSQL.
     */
    public void confirmCommitsKept() {
        if (!servedByAnother) return;
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.execute("CHECKPOINT"); // the server writes what it holds in memory to the file
        } catch (SQLException e) {
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot write to " + where() + ": " + OutsideProblem.rootMessage(e)), e);
        }
        String now = H2Lock.holder(url);
        if (servedBy != null && now != null && !servedBy.equals(now)) {
            H2Lock.markHolderEnded(url); // it may have been killed: the next open repairs the file
            throw new StoreException(OutsideProblem.holderEndedDuringRun(where()));
        }
    }

    /**
     * A failure of work on this database (a worker's, say), said in one line: a problem outside
     * emergo as {@link OutsideProblem} says it (a server that went away, a full disk), anything
     * else as {@code what} ("analysis failed") and the database's own words, or the failure.
     */
    public StoreException failure(String what, Throwable e) {
        return StoreException.of(what, where(), e);
    }

    /**
     * A job's run on worker threads (analyze, review, puzzles) that ended early, in one line:
     * interrupted (the interrupt kept), or its SQL or a worker failed ({@link #failure}).
     */
    public StoreException stopped(String job, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return new StoreException(job + " interrupted", e);
        }
        return failure(job + " failed", e instanceof ExecutionException x ? x.getCause() : e);
    }

    /**
     * Whether another program serves this H2 file to this one (mixed mode): it has the file open
     * too, a viewer perhaps, and reads through the same indexes.
     */
    public boolean servedByAnother() {
        return servedByAnother;
    }

    /**
     * For a program that keeps the database open to answer many questions (the viewer): H2's page
     * cache at a quarter of the heap instead of its default 16 MB, so that a warm question reads
     * pages decoded before. What was played next for e5:w4+ at 100,000 games reads position_next_idx
     * pages of most games, 16 MB held a fraction of them, and every request decompressed and
     * decoded them again (docs/performance.md#what-was-played-next-at-100000-games). The cache is
     * the open database's, so a file another program serves keeps that program's. PostgreSQL's is
     * the server's.
     */
    public void cacheForServing() {
        if (isPostgres() || servedByAnother) return;
        long kb = Math.max(H2_DEFAULT_CACHE_KB, Runtime.getRuntime().maxMemory() / 4 / 1024);
        dsl.execute("SET CACHE_SIZE " + kb);
    }

    /** H2's own cache size (2.4), in KB: what {@link #cacheForServing} never goes below. */
    static final long H2_DEFAULT_CACHE_KB = 16 * 1024;

    @Override
    public void close() {
        if (sessions != null) sessions.close();
        pool.dispose();
    }

    /**
     * Closes the database and, for an H2 file, rewrites it to its live data ({@link H2Compaction}).
     * Worth calling at the end of an import that added many games; an analysis leaves little
     * garbage (its file is 93-96% live) and skips it. PostgreSQL reclaims space by itself. A
     * file that another program has open too (H2's mixed mode) is only closed.
     */
    public void closeAndCompact() {
        close();
        if (isPostgres() || DatabaseUrl.isH2Memory(url)) return;
        try {
            H2Compaction.run(url);
        } catch (SQLException e) {
            // another program took the file as this one left it (a command served by this one, in
            // H2's mixed mode, reconnecting): compacted another time, as when it has it open
            if (OutsideProblem.isBetweenHolders(e)) return;
            throw new StoreException(OutsideProblem.describe(e, where())
                    .orElseGet(() -> "cannot compact " + where() + ": " + OutsideProblem.rootMessage(e)), e);
        }
    }

    /** Work on a JDBC connection. */
    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    @FunctionalInterface
    private interface SqlStep {
        void run() throws SQLException;
    }
}
