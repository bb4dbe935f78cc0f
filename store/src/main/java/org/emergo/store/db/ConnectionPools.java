package org.emergo.store.db;

import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.jdbcx.JdbcDataSource;

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

    /** A pool on the sessions given, which know their server processes. */
    static JdbcConnectionPool postgres(PostgresSessions sessions, String url) {
        sessions.setURL(url);
        return sized(JdbcConnectionPool.create(sessions));
    }

    private static JdbcConnectionPool sized(JdbcConnectionPool pool) {
        pool.setMaxConnections(MAX_CONNECTIONS);
        return pool;
    }
}
