package org.emergo.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.PostgresServer;
import org.emergo.store.TestDatabases;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRepositoryTest;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.output.ResultWriter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReadOnlyQueryTest {

    /** H2 reads lazily: a download that waits on its reader for longer than the limit goes on. */
    @Test
    void theTimeLimitCountsTheDatabasesWorkOnEachRowNotTheTimeTheirReaderTakes() {
        long second = Duration.ofSeconds(1).toNanos();
        ReadOnlyQuery.Working working = new ReadOnlyQuery.Working(Duration.ofSeconds(1));
        assertFalse(working.overdue(0), "not at work yet");
        working.start(0);
        assertFalse(working.overdue(second * 9 / 10));
        assertTrue(working.overdue(second * 11 / 10), "a row that takes longer than the limit");
        working.stop();
        assertFalse(working.overdue(60 * second), "the reader took a minute over the row");
        working.start(60 * second);
        assertFalse(working.overdue(60 * second + second / 2), "the next row is counted from its start");
    }

    @Nested
    class OnH2 extends Cases {
        OnH2() {
            super(TestDatabases.H2);
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "SELECT FILE_WRITE('x', 'emergo-should-not-exist.txt')",
            "SELECT * FROM CSVREAD('/etc/hostname')",
            "SELECT * FROM FINAL TABLE (UPDATE game SET white = 'x')",
        })
        void h2FunctionsThatTouchFilesOrWriteAreRefused(String sql) {
            QueryException e = assertThrows(QueryException.class, () -> query().fetch(sql, 10));

            assertTrue(e.getMessage().startsWith("refused: "), e.getMessage());
            assertFalse(Files.exists(Path.of("emergo-should-not-exist.txt")));
            assertUnchanged();
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        OnPostgres() {
            super(TestDatabases.POSTGRES);
        }

        @Test
        void aQueryThatTurnsReadOnlyOffCannotHelpTheNextOne() throws SQLException {
            // past the text check, which refuses set_config
            db.withReadOnlyConnection(c -> c.createStatement().execute("SELECT set_config('default_transaction_read_only', 'off', false)"));
            assertThrows(SQLException.class,
                    () -> db.withReadOnlyConnection(c -> c.createStatement().executeUpdate("DELETE FROM game")));
            assertUnchanged();
        }

        @Test
        void aQueryRunsWithParallelWorkers() {
            // costs that make a parallel plan of any table; the leader leaves the rows to the workers
            String url = PostgresServer.get().newDatabaseUrl();
            url += (url.contains("?") ? "&" : "?") + "options=-c%20parallel_setup_cost=0%20-c%20parallel_tuple_cost=0"
                    + "%20-c%20min_parallel_table_scan_size=0%20-c%20parallel_leader_participation=off";
            try (Database pg = Database.open(url)) {
                pg.dsl().execute("CREATE TABLE numbers AS SELECT g FROM generate_series(1, 1000) g");
                pg.dsl().execute("CREATE FUNCTION process_id(n INT) RETURNS INT LANGUAGE plpgsql PARALLEL SAFE "
                        + "AS 'BEGIN RETURN pg_backend_pid(); END'");
                pg.dsl().execute("ANALYZE numbers");
                // rows whose process is not the one that answers: read by a parallel worker
                String sql = "SELECT COUNT(*) FILTER (WHERE p <> pg_backend_pid()) "
                        + "FROM (SELECT process_id(g) AS p FROM numbers) AS x";
                assertEquals(List.of(List.of(1000L)), new ReadOnlyQuery(pg).fetch(sql, 10).rows());
                List<List<Object>> streamed = new ArrayList<>();
                new ReadOnlyQuery(pg).run(sql, collect(streamed));
                assertEquals(List.of(List.of(1000L)), streamed);
            }
        }

        @Test
        void aResultLargerThanWhatIsReadAtOnceComesWholeAndInOrder() {
            List<List<Object>> rows = new ArrayList<>();
            long n = query().run("SELECT g FROM generate_series(1, " + (ReadOnlyQuery.WHOLE_ROWS + 5) + ") AS g "
                    + "ORDER BY g DESC", collect(rows));

            assertEquals(ReadOnlyQuery.WHOLE_ROWS + 5, n);
            assertEquals(ReadOnlyQuery.WHOLE_ROWS + 5, rows.size());
            assertEquals(List.of((long) ReadOnlyQuery.WHOLE_ROWS + 5), rows.get(0));
            assertEquals(List.of(1L), rows.get(rows.size() - 1));
        }

        @Test
        void aSyntaxErrorIsReportedAsTheQueryWasWritten() {
            QueryException e = assertThrows(QueryException.class, () -> query().fetch("SELECT (1", 10));

            assertEquals("the query failed: syntax error at end of input", e.getMessage());
        }

        static ResultWriter collect(List<List<Object>> rows) {
            return new ResultWriter() {
                @Override
                public void columns(List<ResultColumn> columns) {
                }

                @Override
                public void row(List<Object> values) {
                    rows.add(values);
                }

                @Override
                public void end() {
                }
            };
        }

        @Test
        void aQueryRunsAsTheDatabasesReaderRole() {
            String database = db.dsl().fetchOne("SELECT current_database()").get(0, String.class);
            assertEquals("emergo_reader_" + database, db.readerRole());
            assertEquals(List.of(List.of(db.readerRole())), query().fetch("SELECT current_user", 10).rows());
            assertEquals(List.of(List.of(1L)), query().fetch("SELECT COUNT(*) FROM game", 10).rows());
        }

        /**
         * What a query might do beyond reading, each run past the text check on the reader's
         * connection, as a query that slipped through would: each refused by the server.
         */
        @ParameterizedTest
        @ValueSource(strings = {
            "SELECT pg_read_file('/etc/hostname')",
            "SELECT * FROM pg_ls_dir('.')",
            "SELECT pg_cancel_backend(%d)",
            "SELECT pg_terminate_backend(%d)",
            "ALTER SYSTEM SET work_mem = '64MB'",
            "ALTER DATABASE %s SET work_mem = '64MB'",
            "ALTER ROLE CURRENT_USER SET work_mem = '64MB'",
            "CREATE TABLE evil (a INT)",
            "INSERT INTO game (variant, fingerprint) VALUES ('Emergo', 'x')",
        })
        void theServerRefusesTheReaderWhatIsNotReading(String probe) throws SQLException {
            try (Connection other = otherSession()) {
                int pid = pid(other);
                String database = db.dsl().fetchOne("SELECT current_database()").get(0, String.class);
                String sql = probe.replace("%d", Integer.toString(pid)).replace("%s", database);
                assertThrows(SQLException.class, () -> db.withReadOnlyConnection(c -> c.createStatement().execute(sql)));
                assertEquals(pid, pid(other), "the other session lives");
            }
            assertUnchanged();
            assertEquals(0, db.dsl().fetchOne("SELECT COUNT(*) FROM pg_db_role_setting"
                    + " WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())"
                    + " OR setrole IN (SELECT oid FROM pg_roles WHERE rolname IN (current_user, ?))", db.readerRole())
                    .get(0, int.class), "no setting stored for the database or its users");
        }

        @ParameterizedTest
        @ValueSource(strings = {"pg_advisory_lock", "pg_advisory_lock_shared", "pg_advisory_xact_lock"})
        void anAdvisoryLockTakenByAQueryIsGoneWhenItEnds(String function) throws SQLException {
            // emergo's own lock space: an import of a file waits on such a lock
            String key = LockKey.GAME_INSERTS.space() + ", 12345";
            db.withReadOnlyConnection(c -> c.createStatement().execute("SELECT " + function + "(" + key + ")"));
            try (Connection other = otherSession(); Statement st = other.createStatement();
                    ResultSet rs = st.executeQuery("SELECT pg_try_advisory_lock(" + key + ")")) {
                assertTrue(rs.next() && rs.getBoolean(1), "another session takes the lock at once");
            }
        }

        @Test
        void aSettingAQueryMadeForTheSessionIsGoneWhenItEnds() throws SQLException {
            String before = db.dsl().fetchOne("SELECT current_setting('work_mem')").get(0, String.class);
            int pid = db.withReadOnlyConnection(c -> {
                try (Statement st = c.createStatement()) {
                    st.execute("SELECT set_config('work_mem', '77MB', false)");
                    return pid(c);
                }
            });
            // the pool hands its connections round: ask until the same session comes back
            for (int i = 0; i < 20; i++) {
                String[] seen = db.withReadOnlyConnection(c -> {
                    try (Statement st = c.createStatement();
                            ResultSet rs = st.executeQuery("SELECT pg_backend_pid(), current_setting('work_mem')")) {
                        rs.next();
                        return new String[] {rs.getString(1), rs.getString(2)};
                    }
                });
                if (seen[0].equals(Integer.toString(pid))) {
                    assertEquals(before, seen[1]);
                    return;
                }
            }
            throw new AssertionError("the pool never gave session " + pid + " again");
        }

        @Test
        void theReaderCanNotSetItselfBackToTheSessionsUserThroughTheTextCheck() {
            for (String sql : List.of("SELECT set_config('role', 'none', true), pg_read_file('/etc/hostname')",
                    "SELECT \"set_config\"('role', 'none', true), query_to_xml('SELECT pg_read_file(''/etc/hostname'')',"
                            + " true, false, '')")) {
                QueryException e = assertThrows(QueryException.class, () -> query().fetch(sql, 10));
                assertTrue(e.getMessage().startsWith("refused: "), e.getMessage());
            }
        }

        private Connection otherSession() throws SQLException {
            return DriverManager.getConnection(db.url());
        }

        private static int pid(Connection c) throws SQLException {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                return rs.getInt(1);
            }
        }

        @Test
        void aDataChangingFunctionIsRefusedByTheReadOnlyTransaction() {
            db.dsl().execute("CREATE SEQUENCE test_seq");
            // the role's rights aside: the transaction's own lock holds on its own
            db.dsl().execute("GRANT USAGE ON SEQUENCE test_seq TO " + db.readerRole());
            QueryException e = assertThrows(QueryException.class, () -> query().fetch("SELECT nextval('test_seq')", 10));
            assertTrue(e.getMessage().startsWith("refused: the database is opened read-only"), e.getMessage());
        }
    }

    abstract static class Cases extends DatabaseTestCase {

        Cases(TestDatabases kind) {
            super(kind);
        }

        ReadOnlyQuery query() {
            return new ReadOnlyQuery(db, Duration.ofSeconds(1));
        }

        private List<String> tablesBefore;

        @BeforeEach
        void oneGame() {
            new GameRepository(db.dsl()).insertAll(List.of(GameRepositoryTest.game("White", "Black")), null);
            tablesBefore = tables();
        }

        private List<String> tables() {
            return db.dsl().meta().getTables().stream()
                    .filter(t -> t.getSchema() != null && t.getSchema().getName().equalsIgnoreCase("public"))
                    .map(t -> t.getName().toLowerCase(java.util.Locale.ROOT))
                    .sorted()
                    .toList();
        }

        void assertUnchanged() {
            assertEquals(List.of("White"), db.dsl().fetch("SELECT white FROM game").getValues(0, String.class));
            assertTrue(tablesBefore.contains("game"), tablesBefore::toString);
            assertEquals(tablesBefore, tables());
        }

        @Test
        void aSelectReturnsItsRows() {
            QueryResult r = query().fetch("SELECT white, ply_count FROM game", 10);

            assertEquals(List.of("WHITE", "PLY_COUNT"), r.columns().stream().map(c -> c.label().toUpperCase()).toList());
            assertEquals(List.of(List.of("White", 6L)), r.rows());
            assertFalse(r.truncated());
        }

        @Test
        void aQueryMayEndInASemicolonAndStartWithACommentOrWith() {
            assertEquals(1, query().fetch("-- players\nWITH p AS (SELECT white FROM game) SELECT * FROM p;", 10).rows().size());
        }

        @Test
        void aQueryMayEndInALineComment() {
            assertEquals(List.of(List.of("White")), query().fetch("SELECT white FROM game -- the players", 10).rows());
        }

        @Test
        void explainShowAndTableAreQueriesToo() {
            assertTrue(query().fetch("EXPLAIN SELECT * FROM game WHERE white = 'x'", 10).rows().size() > 0);
            assertTrue(query().fetch(db.isPostgres() ? "SHOW search_path" : "SHOW TABLES", 10).rows().size() > 0);
            assertEquals(1, query().fetch("TABLE game", 10).rows().size());
        }

        @Test
        void fetchKeepsAtMostTheRowsAskedForAndSaysSo() {
            QueryResult r = query().fetch("SELECT * FROM (VALUES (1), (2), (3)) AS t(n)", 2);

            assertEquals(2, r.rows().size());
            assertTrue(r.truncated());
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "INSERT INTO game (variant, fingerprint) VALUES ('Emergo', 'x')",
            "UPDATE game SET white = 'Mallory'",
            "DELETE FROM game",
            "DROP TABLE game_tag",
            "CREATE TABLE evil (a INT)",
            "MERGE INTO game USING (SELECT 1 AS one) s ON (1 = 1) WHEN MATCHED THEN UPDATE SET white = 'Mallory'",
            "TRUNCATE TABLE game_tag",
            "ALTER TABLE game ADD COLUMN evil INT",
            "select 1; delete from game",
            "WITH d AS (DELETE FROM game RETURNING id) SELECT * FROM d",
            "EXPLAIN ANALYZE DELETE FROM game",
            "SELECT * INTO evil FROM game",
            "SELECT * FROM game FOR UPDATE",
            "/* */ update game set white = 'Mallory'",
        })
        void statementsThatWriteAreRefusedWithAClearMessageAndChangeNothing(String sql) {
            QueryException e = assertThrows(QueryException.class, () -> query().fetch(sql, 10));

            assertTrue(e.getMessage().startsWith("refused: "), e.getMessage());
            assertUnchanged();
        }

        @Test
        void theRefusalNamesTheStatement() {
            QueryException e = assertThrows(QueryException.class, () -> query().fetch("delete from game", 10));
            assertEquals("refused: the database is opened read-only, only one SELECT, WITH, VALUES, TABLE, SHOW or"
                    + " EXPLAIN query is allowed (this is a DELETE statement)", e.getMessage());
        }

        @ParameterizedTest
        @ValueSource(strings = {
            "DELETE FROM game",
            "UPDATE game SET white = 'Mallory'",
            "INSERT INTO game (variant, fingerprint) VALUES ('Emergo', 'x')",
            "DROP TABLE game_tag",
            "CREATE TABLE evil (a INT)",
        })
        void theDatabaseItselfRefusesWritesOnTheReadOnlyConnection(String sql) {
            // the text check aside: the second lock holds on its own
            assertThrows(SQLException.class,
                    () -> db.withReadOnlyConnection(c -> c.createStatement().executeUpdate(sql)));
            assertUnchanged();
        }

        @Test
        void badSqlGivesTheDatabasesMessageInOneLine() {
            QueryException e = assertThrows(QueryException.class, () -> query().fetch("SELECT nope FROM game", 10));

            assertTrue(e.getMessage().startsWith("the query failed: "), e.getMessage());
            assertTrue(e.getMessage().toLowerCase().contains("nope"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }

        @Test
        void anEmptyQueryIsRefused() {
            assertEquals("the query is empty",
                    assertThrows(QueryException.class, () -> query().fetch("  -- nothing\n", 10)).getMessage());
        }

        @Test
        void aQueryRunningPastTheTimeLimitIsStopped() {
            String slow = db.isPostgres()
                    ? "SELECT count(*) FROM generate_series(1, 100000000) a, generate_series(1, 100000000) b"
                    : "SELECT count(*) FROM SYSTEM_RANGE(1, 100000000) a, SYSTEM_RANGE(1, 100000000) b";
            QueryException e = assertThrows(QueryException.class, () -> query().fetch(slow, 10));

            assertEquals("the query ran longer than the time limit of 1 s and was stopped", e.getMessage());
        }

        @Test
        void theConnectionCanWriteAgainAfterAReadOnlyQuery() {
            for (int i = 0; i < 10; i++) {
                query().fetch("SELECT 1", 1);
            }
            new GameRepository(db.dsl()).insertAll(List.of(GameRepositoryTest.game("Other", "Black")), null);
            assertEquals(2, new GameRepository(db.dsl()).count());
        }
    }
}
