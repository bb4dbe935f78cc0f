package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * {@link RowSink} by PostgreSQL's {@code COPY table (columns) FROM STDIN} in its text format,
 * through pgjdbc's CopyManager: one stream per table instead of one bound INSERT per row.
 *
 * <p>The encoding, written straight into a byte buffer as UTF-8 (the driver's client
 * encoding): columns end in a tab, rows in a newline; NULL is {@code \N}; in text a backslash,
 * tab, newline and carriage return are written {@code \\ \t \n \r}, so no value can end a
 * column or a row, or read as NULL or as the end-of-data line {@code \.}. Every other
 * character goes as it is: COPY's text format reads only those escapes. U+0000 and unpaired
 * surrogates, which PostgreSQL cannot hold, are refused: the store's text is
 * {@link StoredText#clean} before it gets here.
 */
public final class PgCopy implements RowSink {

    /** Where the encoded bytes go: the server's COPY stream, or a test's buffer. */
    interface Target {
        void write(byte[] bytes, int length) throws SQLException;

        /** The end of the data: returns the rows the server took (-1: unknown). */
        long end() throws SQLException;

        /** Abandons the data. */
        void cancel() throws SQLException;
    }

    private static final int BUFFER = 1 << 16;

    /** Room for the longest thing written without a check: a number, a timestamp, an escaped char. */
    private static final int SLACK = 32;

    private final Target target;
    private final int columns;
    private final byte[] buf = new byte[BUFFER];
    private int pos;
    private int column;
    private long rows;
    private boolean done;

    PgCopy(Target target, int columns) {
        this.target = target;
        this.columns = columns;
    }

    /** Starts {@code COPY table (columns) FROM STDIN} on the connection (pooled or wrapped: unwrapped here). */
    public static PgCopy start(Connection c, String table, String... columns) throws SQLException {
        String sql = "COPY " + table + " (" + String.join(", ", columns) + ") FROM STDIN";
        CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
        return new PgCopy(new Target() {
            @Override
            public void write(byte[] bytes, int length) throws SQLException {
                in.writeToCopy(bytes, 0, length);
            }

            @Override
            public long end() throws SQLException {
                return in.endCopy();
            }

            @Override
            public void cancel() throws SQLException {
                if (in.isActive()) in.cancelCopy();
            }
        }, columns.length);
    }

    @Override
    public RowSink bigint(long value) throws SQLException {
        startColumn();
        putLong(value);
        return this;
    }

    @Override
    public RowSink integer(int value) throws SQLException {
        return bigint(value);
    }

    @Override
    public RowSink integer(Integer value) throws SQLException {
        return value == null ? nullValue() : bigint(value);
    }

    @Override
    public RowSink smallint(int value) throws SQLException {
        return bigint(value);
    }

    @Override
    public RowSink smallint(Integer value) throws SQLException {
        return integer(value);
    }

    @Override
    public RowSink real(Float value) throws SQLException {
        if (value == null) return nullValue();
        startColumn();
        // the shortest decimal that reads back as the same float; NaN and Infinity as PostgreSQL spells them
        putAscii(Float.toString(value));
        return this;
    }

    @Override
    public RowSink doublePrecision(Double value) throws SQLException {
        if (value == null) return nullValue();
        startColumn();
        // the shortest decimal that reads back as the same double, as real does for a float
        putAscii(Double.toString(value));
        return this;
    }

    @Override
    public RowSink text(String value) throws SQLException {
        if (value == null) return nullValue();
        startColumn();
        putText(value);
        return this;
    }

    @Override
    public RowSink timestamp(LocalDateTime t) throws SQLException {
        if (t == null) return nullValue();
        startColumn();
        putDigits(t.getYear(), 4);
        buf[pos++] = '-';
        putDigits(t.getMonthValue(), 2);
        buf[pos++] = '-';
        putDigits(t.getDayOfMonth(), 2);
        buf[pos++] = ' ';
        putDigits(t.getHour(), 2);
        buf[pos++] = ':';
        putDigits(t.getMinute(), 2);
        buf[pos++] = ':';
        putDigits(t.getSecond(), 2);
        buf[pos++] = '.';
        putDigits(t.getNano() / 1000, 6); // microseconds, as PostgreSQL keeps them
        return this;
    }

    private RowSink nullValue() throws SQLException {
        startColumn();
        buf[pos++] = '\\';
        buf[pos++] = 'N';
        return this;
    }

    @Override
    public void endRow() throws SQLException {
        if (column != columns) {
            throw new IllegalStateException("a row of " + columns + " columns was given " + column);
        }
        column = 0;
        buf[pos++] = '\n';
        rows++;
    }

    @Override
    public long finish() throws SQLException {
        if (column != 0) throw new IllegalStateException("a row was not ended");
        flush();
        done = true;
        long taken = target.end();
        if (taken >= 0 && taken != rows) {
            throw new SQLException("COPY took " + taken + " rows of " + rows);
        }
        return rows;
    }

    @Override
    public void close() throws SQLException {
        if (!done) {
            done = true;
            target.cancel();
        }
    }

    /** A tab before every column but the first; room for what any column writes before checking again. */
    private void startColumn() throws SQLException {
        if (column == columns) throw new IllegalStateException("a row of " + columns + " columns was given more");
        if (pos > BUFFER - SLACK) flush();
        if (column++ > 0) buf[pos++] = '\t';
    }

    private void flush() throws SQLException {
        if (pos > 0) {
            target.write(buf, pos);
            pos = 0;
        }
    }

    private void putLong(long v) {
        if (v == Long.MIN_VALUE) {
            putAscii("-9223372036854775808");
            return;
        }
        if (v < 0) {
            buf[pos++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long x = v; x >= 10; x /= 10) digits++;
        int end = pos + digits;
        for (int i = end - 1; i >= pos; i--) {
            buf[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        pos = end;
    }

    private void putDigits(int v, int width) {
        for (int i = pos + width - 1; i >= pos; i--) {
            buf[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        pos += width;
    }

    /** Short ASCII text without anything to escape (numbers); fits the slack. */
    private void putAscii(String s) {
        for (int i = 0; i < s.length(); i++) buf[pos++] = (byte) s.charAt(i);
    }

    private void putText(String s) throws SQLException {
        for (int i = 0, n = s.length(); i < n; i++) {
            if (pos > BUFFER - SLACK) flush();
            char c = s.charAt(i);
            if (c < 0x80) {
                switch (c) {
                    case '\\' -> escaped('\\');
                    case '\t' -> escaped('t');
                    case '\n' -> escaped('n');
                    case '\r' -> escaped('r');
                    case '\0' -> throw new IllegalArgumentException("PostgreSQL text cannot hold U+0000");
                    default -> buf[pos++] = (byte) c;
                }
            } else if (c < 0x800) {
                buf[pos++] = (byte) (0xC0 | c >> 6);
                buf[pos++] = (byte) (0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                buf[pos++] = (byte) (0xE0 | c >> 12);
                buf[pos++] = (byte) (0x80 | c >> 6 & 0x3F);
                buf[pos++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                buf[pos++] = (byte) (0xF0 | cp >> 18);
                buf[pos++] = (byte) (0x80 | cp >> 12 & 0x3F);
                buf[pos++] = (byte) (0x80 | cp >> 6 & 0x3F);
                buf[pos++] = (byte) (0x80 | cp & 0x3F);
            } else {
                throw new IllegalArgumentException("PostgreSQL text cannot hold an unpaired surrogate");
            }
        }
    }

    private void escaped(char c) {
        buf[pos++] = '\\';
        buf[pos++] = (byte) c;
    }
}
