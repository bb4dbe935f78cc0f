package org.emergo.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.TestDatabases;
import org.emergo.store.db.Database;
import org.jooq.SQLDialect;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The COPY text encoding of {@link PgCopy}, on its own and through a PostgreSQL server. */
public class PgCopyTest {

    /** Text from untrusted files that COPY's text format must carry unchanged. */
    public static final List<String> HOSTILE = List.of(
            "\\N",
            "\\\\N",
            "\\.",
            "\\",
            "ends in a backslash\\",
            "tab\there",
            "new\nline",
            "carriage\rreturn\r\n",
            "\t\n\r\\",
            "O'Brien \"the\" <script>alert(1)</script> ; DROP TABLE game; --",
            "",
            " spaced ",
            "Ⅻ 😀 \u200b e\u0301 ß 中文 \uFEFF",
            "\u0001\u0007\b\f\u000b\u001b\u007f\u0085\u2028",
            "comma, semicolon; pipe| quote\" \\t \\n literally",
            // a text longer than the buffer, its escapes straddling the flushes
            "a\\\t\n😀".repeat(15_000));

    /** The bytes PgCopy writes for the rows of one sink. */
    static final class Captured implements PgCopy.Target {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long ended = -2;
        boolean cancelled;

        @Override
        public void write(byte[] b, int length) {
            bytes.write(b, 0, length);
        }

        @Override
        public long end() {
            return ended = -1;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void columnsAreSeparatedByTabsAndRowsEndInANewline() throws SQLException {
        Captured out = new Captured();
        try (PgCopy copy = new PgCopy(out, 3)) {
            copy.bigint(1).text("a").smallint(-2).endRow();
            copy.bigint(Long.MIN_VALUE).text("b").smallint(0).endRow();
            assertEquals(2, copy.finish());
        }
        assertEquals("1\ta\t-2\n-9223372036854775808\tb\t0\n", out.text());
        assertEquals(-1, out.ended);
    }

    @Test
    void backslashTabNewlineAndCarriageReturnAreEscapedAndNothingElseIs() throws SQLException {
        Captured out = new Captured();
        try (PgCopy copy = new PgCopy(out, 1)) {
            copy.text("a\\b\tc\nd\re'f\"g\u0001h,").endRow();
            copy.finish();
        }
        assertEquals("a\\\\b\\tc\\nd\\re'f\"g\u0001h,\n", out.text());
    }

    @Test
    void nullIsBackslashNAndTheTextBackslashNIsNot() throws SQLException {
        Captured out = new Captured();
        try (PgCopy copy = new PgCopy(out, 5)) {
            copy.text(null).text("\\N").integer((Integer) null).real(null).timestamp(null).endRow();
            copy.finish();
        }
        assertEquals("\\N\t\\\\N\t\\N\t\\N\t\\N\n", out.text());
    }

    @Test
    void textIsWrittenAsUtf8() throws SQLException {
        Captured out = new Captured();
        String text = "é Ⅻ 😀 中";
        try (PgCopy copy = new PgCopy(out, 1)) {
            copy.text(text).endRow();
            copy.finish();
        }
        assertArrayEquals((text + "\n").getBytes(StandardCharsets.UTF_8), out.bytes.toByteArray());
    }

    @Test
    void realsAndTimestampsAreWrittenAsPostgresqlReadsThem() throws SQLException {
        Captured out = new Captured();
        try (PgCopy copy = new PgCopy(out, 5)) {
            copy.real(18.5f).real(1.0e-5f).real(Float.NaN).real(Float.NEGATIVE_INFINITY)
                    .timestamp(LocalDateTime.of(2026, 11, 30, 8, 5, 0, 123_456_789)).endRow();
            copy.finish();
        }
        assertEquals("18.5\t1.0E-5\tNaN\t-Infinity\t2026-11-30 08:05:00.123456\n", out.text());
    }

    @Test
    void doublesAreWrittenAsTheShortestDecimalThatReadsBackTheSame() throws SQLException {
        Captured out = new Captured();
        try (PgCopy copy = new PgCopy(out, 4)) {
            copy.doublePrecision(1464.0506705393013).doublePrecision(1.0e-300).doublePrecision(null)
                    .doublePrecision(Double.NEGATIVE_INFINITY).endRow();
            copy.finish();
        }
        assertEquals("1464.0506705393013\t1.0E-300\t\\N\t-Infinity\n", out.text());
    }

    @Test
    void textPostgresqlCannotHoldIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PgCopy(new Captured(), 1).text("a\0b"));
        assertThrows(IllegalArgumentException.class, () -> new PgCopy(new Captured(), 1).text("a\uD800b"));
        assertThrows(IllegalArgumentException.class, () -> new PgCopy(new Captured(), 1).text("a\uDC00"));
    }

    @Test
    void aRowWithTooFewOrTooManyColumnsIsRefused() throws SQLException {
        PgCopy copy = new PgCopy(new Captured(), 2);
        copy.integer(1);
        assertThrows(IllegalStateException.class, copy::endRow);
        copy.integer(2);
        assertThrows(IllegalStateException.class, () -> copy.integer(3));
    }

    @Test
    void closingAnUnfinishedCopyCancelsIt() throws SQLException {
        Captured out = new Captured();
        try (PgCopy copy = new PgCopy(out, 1)) {
            copy.integer(1).endRow();
        }
        assertTrue(out.cancelled);
        assertEquals(-2, out.ended);
    }

    @Test
    void h2RowsGoThroughJdbcBatches() throws SQLException {
        try (Database db = TestDatabases.H2.open(); Connection c = db.dataSource().getConnection();
                RowSink rows = RowSink.open(c, db.dialect(), "game_tag", "game_id", "seq", "name", "value")) {
            assertInstanceOf(BatchRows.class, rows);
        }
    }

    @Nested
    @Tag("postgres")
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class OnPostgres {
        Database db;

        @BeforeAll
        void open() {
            db = TestDatabases.POSTGRES.open();
        }

        @AfterAll
        void close() {
            if (db != null) db.close();
        }

        @Test
        void postgresqlRowsGoThroughCopy() throws SQLException {
            try (Connection c = db.dataSource().getConnection()) {
                c.setAutoCommit(false);
                try (RowSink rows = RowSink.open(c, SQLDialect.POSTGRES, "game_tag", "game_id", "seq", "name", "value")) {
                    assertInstanceOf(PgCopy.class, rows);
                }
                c.rollback();
            }
        }

        @Test
        void hostileTextComesBackExactlyAndNullStaysNull() throws SQLException {
            List<String> values = new ArrayList<>(HOSTILE);
            values.add(null);
            try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE TEMP TABLE hostile (n INT, t VARCHAR(1000000))");
                try (RowSink copy = PgCopy.start(c, "hostile", "n", "t")) {
                    for (int i = 0; i < values.size(); i++) copy.integer(i).text(values.get(i)).endRow();
                    assertEquals(values.size(), copy.finish());
                }
                List<String> back = new ArrayList<>();
                try (ResultSet rs = st.executeQuery("SELECT t FROM hostile ORDER BY n")) {
                    while (rs.next()) back.add(rs.getString(1));
                }
                st.execute("DROP TABLE hostile");
                assertEquals(values, back);
            }
        }

        @Test
        void numbersRealsAndTimestampsComeBackExactly() throws SQLException {
            LocalDateTime when = LocalDateTime.of(2026, 11, 30, 8, 5, 0, 123_456_000);
            try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE TEMP TABLE figures (b BIGINT, i INT, s SMALLINT, r REAL, t TIMESTAMP)");
                try (RowSink copy = PgCopy.start(c, "figures", "b", "i", "s", "r", "t")) {
                    copy.bigint(Long.MIN_VALUE).integer(Integer.MAX_VALUE).smallint(Short.MIN_VALUE).real(0.1f)
                            .timestamp(when).endRow();
                    copy.bigint(Long.MAX_VALUE).integer((Integer) null).smallint((Integer) null).real(1.0e-30f)
                            .timestamp(null).endRow();
                    copy.finish();
                }
                try (ResultSet rs = st.executeQuery("SELECT b, i, s, r, t FROM figures ORDER BY b")) {
                    rs.next();
                    assertEquals(List.of(Long.MIN_VALUE, Integer.MAX_VALUE, Short.MIN_VALUE, 0.1f, when),
                            List.of(rs.getLong(1), rs.getInt(2), rs.getShort(3), rs.getFloat(4),
                                    rs.getObject(5, LocalDateTime.class)));
                    rs.next();
                    assertEquals(Long.MAX_VALUE, rs.getLong(1));
                    assertEquals(List.of(true, true, true), List.of(rs.getObject(2) == null, rs.getObject(3) == null,
                            rs.getObject(5) == null));
                    assertEquals(1.0e-30f, rs.getFloat(4));
                }
                st.execute("DROP TABLE figures");
            }
        }

        @Test
        void doublesComeBackExactly() throws SQLException {
            double[] values = {1464.0506705393013, 0.1, -1.0e-300, Double.MAX_VALUE};
            try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE TEMP TABLE doubles (n INT, d DOUBLE PRECISION)");
                try (RowSink copy = PgCopy.start(c, "doubles", "n", "d")) {
                    for (int i = 0; i < values.length; i++) copy.integer(i).doublePrecision(values[i]).endRow();
                    copy.finish();
                }
                try (ResultSet rs = st.executeQuery("SELECT d FROM doubles ORDER BY n")) {
                    for (double v : values) {
                        rs.next();
                        assertEquals(v, rs.getDouble(1));
                    }
                }
                st.execute("DROP TABLE doubles");
            }
        }

        @Test
        void aCopyThatFailsLeavesTheConnectionUsable() throws SQLException {
            try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE TEMP TABLE small (s SMALLINT)");
                SQLException e = assertThrows(SQLException.class, () -> {
                    try (RowSink copy = PgCopy.start(c, "small", "s")) {
                        copy.integer(1 << 20).endRow();
                        copy.finish();
                    }
                });
                assertTrue(e.getMessage().contains("smallint"), e.getMessage());
                try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM small")) {
                    rs.next();
                    assertEquals(0, rs.getInt(1));
                }
                st.execute("DROP TABLE small");
            }
        }
    }
}
