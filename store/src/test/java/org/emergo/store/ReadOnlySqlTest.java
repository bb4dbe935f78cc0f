package org.emergo.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
                Arguments.of("SELECT E'it\\'s; DROP' FROM game", "SELECT E'it\\'s; DROP' FROM game"));
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
}
