package org.emergo.cli;

import org.emergo.store.Database;
import picocli.CommandLine;

/** {@code --db DB}: an H2 file path or a JDBC URL; EMERGO_DB, else ./emergo-data/emergo. */
final class DbOption {
    @CommandLine.Option(names = "--db", paramLabel = "DB",
            description = "H2 file path or jdbc:postgresql://... URL (default: $EMERGO_DB or ./emergo-data/emergo)")
    String db;

    private static volatile String lastOpened;

    Database open() {
        Database database = Database.open(db);
        lastOpened = database.where();
        return database;
    }

    /** The database the command opened last, as messages name it; null before. */
    static String lastOpened() {
        return lastOpened;
    }
}
