package org.emergo.store;

import java.util.UUID;
import org.emergo.store.db.Database;

/** The two databases every store test runs against: a fresh H2 in memory, a fresh PostgreSQL database. */
public enum TestDatabases {
    H2 {
        @Override
        public Database open() {
            // named, so that every connection of the pool (and the reader) sees the same database
            return Database.open("jdbc:h2:mem:emergo-test-" + UUID.randomUUID());
        }
    },
    POSTGRES {
        @Override
        public Database open() {
            return Database.open(PostgresServer.get().newDatabaseUrl());
        }
    };

    /** A new, empty, migrated database. */
    public abstract Database open();
}
