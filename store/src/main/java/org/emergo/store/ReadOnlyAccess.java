package org.emergo.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * How user SQL ({@code emergo sql}, the viewer's SQL page, {@code export --where}) reaches the
 * database: with the rights to read and nothing more. On H2 as a user with SELECT rights only
 * (H2 has no read-only transactions, but it has rights); on PostgreSQL in a READ ONLY
 * transaction. Either way the transaction is rolled back at the end.
 */
final class ReadOnlyAccess {

    /** The H2 user that may only read. */
    static final String H2_READER = "EMERGO_READER";

    private final DataSource pool;
    private final String url;
    private final boolean postgres;

    private ReadOnlyAccess(DataSource pool, String url, boolean postgres) {
        this.pool = pool;
        this.url = url;
        this.postgres = postgres;
    }

    /** H2: creates the reader user (may SELECT, may not write, create, or touch files). */
    static ReadOnlyAccess h2(DataSource pool, String url) throws SQLException {
        try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE USER IF NOT EXISTS " + H2_READER + " PASSWORD ''");
            st.execute("GRANT SELECT ON SCHEMA PUBLIC TO " + H2_READER);
        }
        return new ReadOnlyAccess(pool, url, false);
    }

    static ReadOnlyAccess postgres(DataSource pool, String url) {
        return new ReadOnlyAccess(pool, url, true);
    }

    /** Runs work on a connection that may only read, and rolls its transaction back. */
    <T> T run(Database.SqlWork<T> work) throws SQLException {
        try (Connection c = connection()) {
            c.setAutoCommit(false);
            try {
                if (postgres) {
                    c.setReadOnly(true);
                    try (Statement st = c.createStatement()) {
                        st.execute("SET TRANSACTION READ ONLY");
                    }
                }
                return work.run(c);
            } finally {
                c.rollback();
                if (postgres) {
                    c.setReadOnly(false);
                }
                c.setAutoCommit(true);
            }
        }
    }

    private Connection connection() throws SQLException {
        if (postgres) {
            return pool.getConnection();
        }
        // a session of its own as the reader; the database stays open through the pool
        JdbcDataSource reader = new JdbcDataSource();
        // a trace setting needs admin rights; the open database keeps the one it was opened with
        reader.setURL(url.replace(";TRACE_LEVEL_FILE=0", ""));
        reader.setUser(H2_READER);
        reader.setPassword("");
        return reader.getConnection();
    }
}
