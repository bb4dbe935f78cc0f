package org.emergo.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * Connections for work that must not change anything (user SQL: {@code emergo sql},
 * {@code export --where}): on PostgreSQL a READ ONLY transaction, on H2 a session as
 * {@link H2Reader}. Either way the transaction is rolled back at the end.
 */
final class ReadOnlyAccess {

    private final String url;
    private final boolean postgres;
    private final DataSource pool;

    ReadOnlyAccess(String url, boolean postgres, DataSource pool) {
        this.url = url;
        this.postgres = postgres;
        this.pool = pool;
    }

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
        return postgres ? pool.getConnection() : H2Reader.connect(url);
    }
}
