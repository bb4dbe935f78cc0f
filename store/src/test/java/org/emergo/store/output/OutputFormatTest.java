package org.emergo.store.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.sql.ReadOnlyQuery;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class OutputFormatTest {

    /** Two rows: a number, a text with a comma, NULL; a wider number, a quote and a newline, an empty text. */
    static final String QUERY = "SELECT * FROM (VALUES (1, 'van Zon, Ed', CAST(NULL AS VARCHAR(10))),"
            + " (12, 'a\"b\nc', '')) AS t(\"n\", \"name\", \"note\") ORDER BY 1";

    @Nested
    class OnH2 extends Cases {
        OnH2() {
            super(TestDatabases.H2);
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        OnPostgres() {
            super(TestDatabases.POSTGRES);
        }
    }

    abstract static class Cases extends DatabaseTestCase {

        Cases(TestDatabases kind) {
            super(kind);
        }

        String run(OutputFormat format, String sql) {
            StringBuilder out = new StringBuilder();
            new ReadOnlyQuery(db).run(sql, format.writer(out));
            return out.toString();
        }

        @Test
        void aTableAlignsColumnsRightAlignsNumbersAndShowsNullAndEscapes() {
            assertEquals("""
                     n | name        | note
                    ---+-------------+-----
                     1 | van Zon, Ed | NULL
                    12 | a"b\\nc      |
                    (2 rows)
                    """, run(OutputFormat.TABLE, QUERY));
        }

        @Test
        void anEmptyTableStillHasItsHeader() {
            assertEquals("""
                    n
                    -
                    (0 rows)
                    """, run(OutputFormat.TABLE, "SELECT 'x' AS \"n\" FROM game WHERE 1 = 0"));
        }

        @Test
        void csvIsRfc4180WithAHeaderAndCrlf() {
            assertEquals("n,name,note\r\n1,\"van Zon, Ed\",\r\n12,\"a\"\"b\nc\",\r\n", run(OutputFormat.CSV, QUERY));
        }

        @Test
        void jsonIsAnArrayOfObjectsOnePerLine() {
            assertEquals("""
                    [
                      {"n":1,"name":"van Zon, Ed","note":null},
                      {"n":12,"name":"a\\"b\\nc","note":""}
                    ]
                    """, run(OutputFormat.JSON, QUERY));
        }

        @Test
        void anEmptyJsonResultIsAnEmptyArray() {
            assertEquals("[]\n", run(OutputFormat.JSON, "SELECT 1 AS \"n\" FROM game WHERE 1 = 0"));
        }

        @Test
        void decimalsKeepTheirScaleInEveryFormat() {
            String sql = "SELECT CAST(2.50 AS DECIMAL(5, 2)) AS \"d\"";
            assertEquals("   d\n----\n2.50\n(1 row)\n", run(OutputFormat.TABLE, sql));
            assertEquals("d\r\n2.50\r\n", run(OutputFormat.CSV, sql));
            assertEquals("[\n  {\"d\":2.50}\n]\n", run(OutputFormat.JSON, sql));
        }

        @Test
        void aLabelUsedTwiceGetsASuffixInJson() {
            assertEquals("[\n  {\"a\":1,\"a_2\":2}\n]\n", run(OutputFormat.JSON, "SELECT 1 AS \"a\", 2 AS \"a\""));
        }

        @Test
        void aFetchedResultWritesTheSameAsAStreamedOne() {
            StringBuilder out = new StringBuilder();
            new ReadOnlyQuery(db).fetch(QUERY, 10).writeTo(OutputFormat.JSON.writer(out));
            assertEquals(run(OutputFormat.JSON, QUERY), out.toString());
        }
    }

    @Test
    void formatsAreReadIgnoringCase() {
        assertEquals(List.of(OutputFormat.TABLE, OutputFormat.CSV, OutputFormat.JSON),
                List.of(OutputFormat.parse("table"), OutputFormat.parse("CSV"), OutputFormat.parse(" Json ")));
        assertEquals("unknown format 'xml' (table, csv or json)",
                assertThrows(IllegalArgumentException.class, () -> OutputFormat.parse("xml")).getMessage());
    }

    @Test
    void controlCharactersInATableAreEscapedSoTheTerminalIsSafe() {
        assertEquals("red \\u001B[31m tab\\t cr\\r del\\u007F", TableResultWriter.escape("red \u001B[31m tab\t cr\r del\u007F"));
    }
}
