package org.emergo.cli;

import org.emergo.store.Database;
import picocli.CommandLine;

/** {@code --db DB}: an H2 file path or a JDBC URL; EMERGO_DB, else ./emergo-data/emergo. */
final class DbOption {
    @CommandLine.Option(names = "--db", paramLabel = "DB",
            description = "H2 file path or jdbc:postgresql://... URL (default: $EMERGO_DB or ./emergo-data/emergo)")
    String db;

    Database open() {
        return Database.open(db);
    }
}
