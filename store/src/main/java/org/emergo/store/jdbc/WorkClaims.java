package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.emergo.store.db.Database;

/**
 * The games this process works on, claimed in the database so that several {@code analyze},
 * {@code review} or {@code puzzles} processes on one database share its pending games: none done
 * twice, none left out. A claim is held by the database session of a connection of its own, and
 * a process that dies, however it dies, ends its session: its claims are free again, and the
 * games it had not stored are pending again.
 *
 * <p>On PostgreSQL (and Citus) a claim is an advisory lock ({@link AdvisoryClaims}); on H2, where
 * several programs reach one file through the one that opened it (mixed mode), a row that names
 * its session ({@link ClaimRows}).
 */
public abstract class WorkClaims implements AutoCloseable {

    /**
     * Steps of no one job of games that one program at a time runs on an H2 file
     * ({@link #oneAtATimeOnH2}); on PostgreSQL each has a lock of its own ({@code LockKey}).
     */
    public enum Step {
        /** The analysis indexes' DROP and CREATE: H2 2.4 fails one of two CREATE INDEX IF NOT EXISTS at once ("object already exists"). */
        ANALYSIS_INDEXES,
        /** The ratings' computation, which rewrites the rating tables. */
        RATINGS,
        /** Building pattern segments: two would put the same games in two segments. */
        PATTERN_SEGMENTS,
        /** A transaction that adds games: each looks for the games already stored before it adds them. */
        GAME_INSERTS,
        /** Storing the statistics page's figures: two would write the same rows at once. */
        STATS_SNAPSHOT
    }

    /** The job of the {@link Step}s. */
    private static final long STEPS = 0;

    /**
     * Runs {@code work} on an H2 file while no other program on it runs {@code step}, waiting
     * for the other; on PostgreSQL runs it at once, the caller holding the server's lock for it.
     */
    public static <T> T oneAtATimeOnH2(Database db, Step step, SqlStep<T> work) throws SQLException {
        if (db.isPostgres()) return work.run();
        try (WorkClaims claims = open(db, STEPS)) {
            return claims.exclusively(step.ordinal(), work);
        }
    }

    /** The job whose games are claimed: {@code analyze}, or {@code review} at one setting. */
    public static long analyzeJob() {
        return 1;
    }

    public static long reviewJob(int settingId) {
        return 2L + settingId;
    }

    /** {@code puzzles} at a miner version: above every review setting's number (below 2^23, as the ids leave). */
    public static long puzzleJob(int minerVersion) {
        return (1L << 22) + minerVersion;
    }

    /** The job of the imports of files, one program at a time for each content (on H2: {@link ImportLocks}). */
    static final long FILE_IMPORTS = -1;

    /**
     * Claims {@code item} of {@code job}, waiting for another program that holds it ({@code
     * waiting} is told first), and holds it until closed.
     */
    static WorkClaims holding(Database db, long job, long item, Runnable waiting) throws SQLException {
        WorkClaims claims = open(db, job);
        try {
            if (claims.claim(List.of(item)).isEmpty()) {
                waiting.run();
                do {
                    claims.awaitRelease(item);
                } while (claims.claim(List.of(item)).isEmpty());
            }
            return claims;
        } catch (SQLException | RuntimeException e) {
            claims.close();
            throw e;
        }
    }

    public static WorkClaims open(Database db, long job) throws SQLException {
        Connection c = db.dataSource().getConnection();
        try {
            return db.isPostgres() ? new AdvisoryClaims(c, job) : new ClaimRows(c, job, db::lockWaitsEnded);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Claims what it can of {@code ids}: the ids now held by this process, in the order given. */
    abstract List<Long> claim(List<Long> ids) throws SQLException;

    /** Gives the claims up: called once their games are stored (or found done by another). */
    abstract void release(List<Long> ids) throws SQLException;

    /**
     * Waits until whoever claims game {@code id} gives it up (stored it, or died), without
     * claiming it. Only called while this process holds no claim of its own, so that two
     * processes never wait for each other.
     */
    abstract void awaitRelease(long id) throws SQLException;

    /**
     * Runs {@code step} (0 to 15) while no other process runs the step of this name for this job
     * (for one setting's curve fitting: two processes would fit it twice). Waits for the other.
     */
    public abstract <T> T exclusively(int step, SqlStep<T> work) throws SQLException;

    /**
     * Tries to run {@code step} as the only process running it for this job, until this is
     * closed: false, without running it, while another process does ({@code analyze --all}: two
     * would each replay every game).
     */
    public abstract boolean tryExclusively(int step) throws SQLException;

    /** A step run under an exclusive claim. */
    public interface SqlStep<T> {
        T run() throws SQLException;
    }

    /** Gives every claim up and the connection back (a pooled connection keeps its session). */
    @Override
    public abstract void close() throws SQLException;
}
