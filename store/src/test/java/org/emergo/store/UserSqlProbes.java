package org.emergo.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.emergo.store.db.LockKey;

/**
 * Queries a user might send that would do more than read, on PostgreSQL, and the check that one
 * left nothing behind: for the tests of each way in ({@code emergo sql}, the viewer's SQL page).
 * Public for those tests in cli and webviewer.
 */
public final class UserSqlProbes {

    /** The key of the advisory lock the probes take: in emergo's own space, where imports lock. */
    private static final String LOCK = LockKey.GAME_INSERTS.space() + ", 77";

    private UserSqlProbes() {}

    /** The probes; %d stands for the process id of another session. */
    public static List<String> all() {
        return List.of(
                "SELECT pg_advisory_lock(" + LOCK + ")",
                "SELECT pg_advisory_xact_lock(" + LOCK + ")",
                "SELECT pg_cancel_backend(%d)",
                "SELECT pg_terminate_backend(%d)",
                "SELECT pg_read_file('/etc/hostname')",
                "SELECT * FROM pg_ls_dir('.')",
                "SELECT set_config('work_mem', '77MB', false)",
                "SET work_mem = '77MB'",
                "ALTER SYSTEM SET work_mem = '77MB'",
                "INSERT INTO game (variant, fingerprint) VALUES ('Emergo', 'x')",
                "CREATE TABLE evil (a INT)");
    }

    /** A probe aimed at the session with this process id. */
    public static String at(String probe, int pid) {
        return probe.replace("%d", Integer.toString(pid));
    }

    /** The process id of a session. */
    public static int pid(Statement session) throws SQLException {
        return number(session, "SELECT pg_backend_pid()");
    }

    /**
     * Asserts, from another session, that a probe left nothing: that session alive, the lock
     * free, the games as they were, no table made, no setting stored for the server.
     */
    public static void assertNothingLeftBehind(Statement other, int pid, int games) throws SQLException {
        assertEquals(pid, pid(other), "the other session lives");
        assertEquals(1, number(other, "SELECT CASE WHEN pg_try_advisory_lock(" + LOCK + ") THEN 1 ELSE 0 END"), "the lock is free");
        other.execute("SELECT pg_advisory_unlock_all()");
        assertEquals(games, number(other, "SELECT COUNT(*) FROM game"));
        assertEquals(0, number(other, "SELECT COUNT(*) FROM pg_tables WHERE tablename = 'evil'"));
        assertEquals(0, number(other, "SELECT COUNT(*) FROM pg_file_settings WHERE name = 'work_mem'"));
    }

    private static int number(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
