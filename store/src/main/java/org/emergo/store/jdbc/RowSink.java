package org.emergo.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.jooq.SQLDialect;

/**
 * Rows written to one table, a column at a time in the order the sink was opened with, ended
 * by {@link #endRow}; {@link #finish} writes what is pending. The bulk writers of the store
 * (AnalysisRepository, GameRepository on PostgreSQL) build their rows once against this and
 * {@link #open} picks how they travel: JDBC batches of INSERTs on H2 ({@link BatchRows}), COPY
 * on PostgreSQL ({@link PgCopy}), where it writes several times faster.
 *
 * <p>Closing a sink that was not finished abandons what it holds (the caller rolls back).
 */
public interface RowSink extends AutoCloseable {

    /** Rows for {@code table}'s {@code columns} on a connection of a database of this dialect. */
    static RowSink open(Connection c, SQLDialect dialect, String table, String... columns) throws SQLException {
        return dialect == SQLDialect.POSTGRES ? PgCopy.start(c, table, columns) : new BatchRows(c, table, columns);
    }

    RowSink bigint(long value) throws SQLException;

    RowSink integer(int value) throws SQLException;

    /** An INT column that may be NULL. */
    RowSink integer(Integer value) throws SQLException;

    RowSink smallint(int value) throws SQLException;

    /** A SMALLINT column that may be NULL. */
    RowSink smallint(Integer value) throws SQLException;

    /** A REAL column that may be NULL. */
    RowSink real(Float value) throws SQLException;

    /** A DOUBLE PRECISION column that may be NULL. */
    RowSink doublePrecision(Double value) throws SQLException;

    /** A VARCHAR or CHAR column; null is NULL. Text must be {@link StoredText#clean}. */
    RowSink text(String value) throws SQLException;

    /** A TIMESTAMP column; null is NULL. */
    RowSink timestamp(LocalDateTime value) throws SQLException;

    /** Ends the row; every column must have been given. */
    void endRow() throws SQLException;

    /** Writes what is pending; returns the rows written by this sink. */
    long finish() throws SQLException;

    @Override
    void close() throws SQLException;
}
