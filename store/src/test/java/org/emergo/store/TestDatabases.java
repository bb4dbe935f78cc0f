package org.emergo.store;

import java.util.UUID;

/** The two databases every store test runs against: a fresh H2 in memory, a fresh PostgreSQL database. */
enum TestDatabases {
    H2 {
        @Override
        Database open() {
            // named, so that every connection of the pool (and the reader) sees the same database
            return Database.open("jdbc:h2:mem:emergo-test-" + UUID.randomUUID());
        }
    },
    POSTGRES {
        @Override
        Database open() {
            return Database.open(PostgresServer.get().newDatabaseUrl());
        }
    };

    /** A new, empty, migrated database. */
    abstract Database open();
}
