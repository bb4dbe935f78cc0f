package org.emergo.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamedParametersTest {

    private static final String QUERY = """
            -- Games with a tall column on a square.
            -- :square = 'e5' the square
            -- :height = 5
            -- :player = 'O''Brien, Pat' whose games
            SELECT g.id, ':square' AS "x:height", p.epn::text -- :player in a comment
            FROM tall_column t JOIN game g ON g.id = t.game_id /* :height */
            WHERE t.square = :square AND t.height >= :height AND (g.white = :player OR g.black = :player)
            """;

    @Test
    void declarationsInTheLeadingCommentGiveNamesDefaultsAndDescriptions() {
        assertEquals(List.of(
                        new NamedParameters.Parameter("square", "e5", "the square"),
                        new NamedParameters.Parameter("height", 5L, ""),
                        new NamedParameters.Parameter("player", "O'Brien, Pat", "whose games")),
                NamedParameters.declared(QUERY));
    }

    @Test
    void namesOutsideLiteralsQuotedNamesCommentsAndCastsBecomePlaceholdersWithDefaults() {
        NamedParameters.Bound b = NamedParameters.bind(QUERY, Map.of());
        assertEquals(List.of("e5", 5L, "O'Brien, Pat", "O'Brien, Pat"), b.values());
        assertEquals("SELECT g.id, ':square' AS \"x:height\", p.epn::text -- :player in a comment",
                b.sql().lines().toList().get(4));
        assertEquals("WHERE t.square = ? AND t.height >= ? AND (g.white = ? OR g.black = ?)",
                b.sql().lines().toList().get(6));
    }

    @Test
    void givenValuesAreReadAsTheDeclaredTypeAndStayData() {
        NamedParameters.Bound b = NamedParameters.bind(QUERY,
                Map.of("square", "d4", "height", " 7 ", "player", "x' OR '1'='1"));
        assertEquals(List.of("d4", 7L, "x' OR '1'='1", "x' OR '1'='1"), b.values());
        assertEquals(new BigDecimal("2.5"), NamedParameters.bind("-- :r = 1.0\nSELECT :r", Map.of("r", "2.5")).values().get(0));
    }

    @Test
    void anUndeclaredNameAWrongTypeOrAnUnknownGivenNameIsAClearError() {
        assertEquals("the query uses :colour but does not declare it: add a line -- :colour = 'default'"
                        + " (or a number) to its leading comment",
                assertThrows(QueryException.class, () -> NamedParameters.bind("SELECT :colour", Map.of())).getMessage());
        assertEquals(":height is a number, and 'tall' is not one",
                assertThrows(QueryException.class, () -> NamedParameters.bind(QUERY, Map.of("height", "tall"))).getMessage());
        assertEquals("the query has no parameter :colour (it has :square, :height, :player)",
                assertThrows(QueryException.class, () -> NamedParameters.bind(QUERY, Map.of("colour", "w"))).getMessage());
    }
}
