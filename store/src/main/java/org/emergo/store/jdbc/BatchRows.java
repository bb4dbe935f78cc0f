package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;

/** {@link RowSink} by JDBC batches of one prepared INSERT, {@link #BATCH} rows per round trip. */
final class BatchRows implements RowSink {

    /** Rows per executeBatch. */
    static final int BATCH = 1000;

    private final PreparedStatement st;
    private final int columns;
    private int column;
    private int pending;
    private long rows;

    BatchRows(Connection c, String table, String... columns) throws SQLException {
        this.st = c.prepareStatement(insert(table, columns));
        this.columns = columns.length;
    }

    static String insert(String table, String... columns) {
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
                + "?, ".repeat(columns.length - 1) + "?)";
    }

    @Override
    public RowSink bigint(long value) throws SQLException {
        st.setLong(++column, value);
        return this;
    }

    @Override
    public RowSink integer(int value) throws SQLException {
        st.setInt(++column, value);
        return this;
    }

    @Override
    public RowSink integer(Integer value) throws SQLException {
        if (value == null) st.setNull(++column, Types.INTEGER);
        else st.setInt(++column, value);
        return this;
    }

    @Override
    public RowSink smallint(int value) throws SQLException {
        st.setShort(++column, (short) value);
        return this;
    }

    @Override
    public RowSink smallint(Integer value) throws SQLException {
        if (value == null) st.setNull(++column, Types.SMALLINT);
        else st.setShort(++column, (short) (int) value);
        return this;
    }

    @Override
    public RowSink real(Float value) throws SQLException {
        if (value == null) st.setNull(++column, Types.REAL);
        else st.setFloat(++column, value);
        return this;
    }

    @Override
    public RowSink doublePrecision(Double value) throws SQLException {
        if (value == null) st.setNull(++column, Types.DOUBLE);
        else st.setDouble(++column, value);
        return this;
    }

    @Override
    public RowSink text(String value) throws SQLException {
        st.setString(++column, value);
        return this;
    }

    @Override
    public RowSink timestamp(LocalDateTime value) throws SQLException {
        st.setObject(++column, value);
        return this;
    }

    @Override
    public void endRow() throws SQLException {
        if (column != columns) {
            throw new IllegalStateException("a row of " + columns + " columns was given " + column);
        }
        column = 0;
        st.addBatch();
        rows++;
        if (++pending == BATCH) {
            st.executeBatch();
            pending = 0;
        }
    }

    @Override
    public long finish() throws SQLException {
        if (pending > 0) {
            st.executeBatch();
            pending = 0;
        }
        return rows;
    }

    @Override
    public void close() throws SQLException {
        st.close();
    }
}
