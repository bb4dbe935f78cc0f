package org.emergo.store;

import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGConnectionPoolDataSource;

/**
 * Connections come from a small pool (H2's {@link JdbcConnectionPool}, which also pools
 * PostgreSQL connections): the command line needs one connection, the web server a few.
 */
final class ConnectionPools {

    private static final int MAX_CONNECTIONS = 8;

    private ConnectionPools() {}

    /** A pool on an H2 URL with emergo's settings, as the administrator. */
    static JdbcConnectionPool h2(String url) {
        JdbcDataSource source = new JdbcDataSource();
        source.setURL(url);
        source.setUser("sa");
        source.setPassword("");
        return sized(JdbcConnectionPool.create(source));
    }

    static JdbcConnectionPool postgres(String url) {
        PGConnectionPoolDataSource source = new PGConnectionPoolDataSource();
        source.setURL(url);
        return sized(JdbcConnectionPool.create(source));
    }

    private static JdbcConnectionPool sized(JdbcConnectionPool pool) {
        pool.setMaxConnections(MAX_CONNECTIONS);
        return pool;
    }
}
