package org.emergo.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.emergo.store.db.ReadOnlyAccess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL role that user SQL runs as ({@link ReadOnlyAccess}), for users with and without
 * the right to create roles. The probes themselves are in {@link ReadOnlyQueryTest}.
 */
@Tag("postgres")
class ReaderRoleTest {

    private static final List<String> USERS = new ArrayList<>();

    @AfterAll
    static void dropUsers() throws SQLException {
        try (Connection c = DriverManager.getConnection(admin()); Statement st = c.createStatement()) {
            for (String user : USERS) {
                st.execute("DROP DATABASE IF EXISTS " + user + " WITH (FORCE)");
                st.execute("DROP ROLE IF EXISTS " + ReadOnlyAccess.roleName(user));
                st.execute("DROP ROLE IF EXISTS " + user);
            }
        }
    }

    private static String admin() {
        return PostgresServer.withDatabase(PostgresServer.get().newDatabaseUrl(), "postgres");
    }

    /** A login without CREATEROLE, owning a database of its name: its URL. */
    private static String plainUserWithDatabase(String suffix) throws SQLException {
        String user = "emergo_plain_" + ProcessHandle.current().pid() + "_" + suffix;
        USERS.add(user);
        try (Connection c = DriverManager.getConnection(admin()); Statement st = c.createStatement()) {
            st.execute("CREATE ROLE " + user + " LOGIN NOCREATEROLE NOSUPERUSER");
            st.execute("CREATE DATABASE " + user + " OWNER " + user);
        }
        String url = PostgresServer.withDatabase(admin(), user);
        return url.matches(".*[?&]user=.*") ? url.replaceFirst("([?&])user=[^&]*", "$1user=" + user)
                : url + (url.contains("?") ? "&" : "?") + "user=" + user;
    }

    @Test
    void aUserWhoMayNotCreateRolesReadsAsHimselfAndTheTextCheckStillRefusesWhatIsNotReading() throws SQLException {
        String url = plainUserWithDatabase("a");
        String user = url.replaceFirst(".*[?&]user=([^&]*).*", "$1");
        try (Database db = Database.open(url)) {
            assertNull(db.readerRole());
            ReadOnlyQuery query = new ReadOnlyQuery(db);
            assertEquals(List.of(List.of(user)), query.fetch("SELECT current_user", 10).rows());
            assertEquals(List.of(List.of(0L)), query.fetch("SELECT COUNT(*) FROM game", 10).rows());
            for (String sql : List.of("SELECT pg_advisory_lock(1)", "SELECT pg_terminate_backend(1)")) {
                assertTrue(assertThrows(QueryException.class, () -> query.fetch(sql, 10)).getMessage().startsWith("refused: "));
            }
        }
    }

    @Test
    void aRoleAnAdministratorMadeForTheUserIsTakenAndGivenTheTables() throws SQLException {
        String url = plainUserWithDatabase("b");
        String user = url.replaceFirst(".*[?&]user=([^&]*).*", "$1");
        String role = ReadOnlyAccess.roleName(user);
        try (Connection c = DriverManager.getConnection(admin()); Statement st = c.createStatement()) {
            st.execute("CREATE ROLE " + role + " NOLOGIN");
            st.execute("GRANT " + role + " TO " + user);
        }
        try (Database db = Database.open(url)) {
            assertEquals(role, db.readerRole());
            ReadOnlyQuery query = new ReadOnlyQuery(db);
            assertEquals(List.of(List.of(role)), query.fetch("SELECT current_user", 10).rows());
            assertEquals(List.of(List.of(0L)), query.fetch("SELECT COUNT(*) FROM position_board", 10).rows());
        }
    }

    @Test
    void programsOpeningOneNewDatabaseAtOnceAllPrepareTheReader() throws Exception {
        String url = PostgresServer.get().newDatabaseUrl();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> roles = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                roles.add(pool.submit(() -> {
                    try (Database db = Database.open(url)) {
                        return db.readerRole();
                    }
                }));
            }
            for (Future<String> role : roles) {
                assertTrue(role.get().startsWith("emergo_reader_emergo_test_"), role.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aRoleNameIsTheDatabasesNameOrAHashOfIt() {
        assertEquals("emergo_reader_games", ReadOnlyAccess.roleName("games"));
        assertEquals("emergo_reader_" + "x".repeat(49), ReadOnlyAccess.roleName("x".repeat(49)));
        String hashed = ReadOnlyAccess.roleName("x".repeat(50));
        assertTrue(hashed.matches("emergo_reader_[0-9a-f]{16}"), hashed);
        assertTrue(ReadOnlyAccess.roleName("Games \"2024\"").matches("emergo_reader_[0-9a-f]{16}"));
    }
}
