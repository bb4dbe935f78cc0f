package org.emergo.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReadOnlySqlTest {

    /** Reading queries, each with the text that is run: stripped, the statement's semicolons gone. */
    static Stream<Arguments> readingQueries() {
        return Stream.of(
                Arguments.of("SELECT 1", "SELECT 1"),
                Arguments.of("  select white from game where white = 'DELETE; DROP' -- update\n",
                        "select white from game where white = 'DELETE; DROP' -- update"),
                Arguments.of("WITH a AS (SELECT 1) SELECT * FROM a", "WITH a AS (SELECT 1) SELECT * FROM a"),
                Arguments.of("(SELECT 1) UNION (SELECT 2)", "(SELECT 1) UNION (SELECT 2)"),
                Arguments.of("VALUES (1), (2)", "VALUES (1), (2)"),
                Arguments.of("TABLE game", "TABLE game"),
                Arguments.of("EXPLAIN SELECT * FROM game", "EXPLAIN SELECT * FROM game"),
                Arguments.of("SHOW TABLES", "SHOW TABLES"),
                Arguments.of("SELECT \"delete\" FROM t", "SELECT \"delete\" FROM t"),
                Arguments.of("SELECT replace(white, ',', '') FROM game", "SELECT replace(white, ',', '') FROM game"),
                Arguments.of("SELECT 1; -- done\n", "SELECT 1"),
                Arguments.of("SELECT 1;;", "SELECT 1"),
                Arguments.of("SELECT E'it\\'s; DROP' FROM game", "SELECT E'it\\'s; DROP' FROM game"),
                Arguments.of("SELECT $$it's$$, $q$set_config$q$ FROM game", "SELECT $$it's$$, $q$set_config$q$ FROM game"),
                Arguments.of("SELECT 'pg_read_file' AS \"ts_stats\"", "SELECT 'pg_read_file' AS \"ts_stats\""));
    }

    @ParameterizedTest
    @MethodSource("readingQueries")
    void readingQueriesPassAsTheTextToRun(String sql, String run) {
        assertEquals(run, ReadOnlySql.checkQuery(sql));
    }

    @Test
    void theTrailingSemicolonIsRemoved() {
        assertEquals("SELECT ';'", ReadOnlySql.checkQuery("  SELECT ';' ; "));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT 1; SELECT 2",
        "SELECT E'\\''; DELETE FROM game; --'",
        "SELECT 1 /* a /* nested */ comment */; DELETE FROM game",
    })
    void twoStatementsAreRefusedWhereverTheSemicolonHides(String sql) {
        QueryException e = assertThrows(QueryException.class, () -> ReadOnlySql.checkQuery(sql));
        assertEquals("refused: only one SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN query is allowed, and this text"
                + " holds more than one statement", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 'open", "SELECT \"open", "SELECT 1 /* open"})
    void unclosedLiteralsAndCommentsAreRefused(String sql) {
        assertThrows(QueryException.class, () -> ReadOnlySql.checkQuery(sql));
    }

    @Test
    void aConditionIsOneBalancedExpression() {
        assertEquals("white = 'a)' AND (black = 'b')", ReadOnlySql.checkCondition(" white = 'a)' AND (black = 'b') "));
        assertEquals("the condition has a ')' without its '('",
                assertThrows(QueryException.class, () -> ReadOnlySql.checkCondition("1=1) OR (1=1")).getMessage());
        assertEquals("the condition has a '(' without its ')'",
                assertThrows(QueryException.class, () -> ReadOnlySql.checkCondition("(1=1")).getMessage());
        assertEquals("refused: a condition may only read, and DELETE can write",
                assertThrows(QueryException.class,
                        () -> ReadOnlySql.checkCondition("id IN (SELECT id FROM FINAL TABLE (DELETE FROM game))"))
                        .getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT set_config('role', 'none', true)",
        "SELECT pg_catalog.SET_CONFIG('role', 'none', true)",
        "SELECT \"set_config\"('role', 'none', true)",
        "SELECT pg_catalog.\"set_config\"('role', 'none', true)",
        "SELECT $$'$$ AS a, set_config('role', 'none', true) AS b, $$'$$ AS c",
        "SELECT query_to_xml('SELECT 1', true, false, '')",
        "SELECT * FROM ts_stat('SELECT 1')",
        "SELECT pg_advisory_lock(1)",
        "SELECT pg_try_advisory_xact_lock(1)",
        "SELECT pg_cancel_backend(1)",
        "SELECT pg_terminate_backend(1)",
        "SELECT pg_read_file('/etc/hostname')",
        "SELECT * FROM pg_ls_dir('.')",
    })
    void functionsThatDoMoreThanReadAreRefusedHoweverTheirNameIsWritten(String sql) {
        QueryException e = assertThrows(QueryException.class, () -> ReadOnlySql.checkQuery(sql));
        assertTrue(e.getMessage().startsWith("refused: a query may only read emergo's tables, and "), e.getMessage());
        assertThrows(QueryException.class, () -> ReadOnlySql.checkCondition(sql.substring("SELECT ".length())));
    }

    @Test
    void aNameWrittenWithUnicodeEscapesIsRefused() {
        QueryException e = assertThrows(QueryException.class,
                () -> ReadOnlySql.checkQuery("SELECT U&\"\\0073et_config\"('role', 'none', true)"));
        assertEquals("refused: a name written with Unicode escapes (U&\"...\") is not allowed; write it plainly", e.getMessage());
    }

    @Test
    void theRefusalSaysWhatTheFunctionDoes() {
        assertEquals("refused: a query may only read emergo's tables, and pg_advisory_lock takes locks that other programs,"
                + " emergo's imports among them, wait for",
                assertThrows(QueryException.class, () -> ReadOnlySql.checkQuery("SELECT pg_advisory_lock(1)")).getMessage());
    }
}
