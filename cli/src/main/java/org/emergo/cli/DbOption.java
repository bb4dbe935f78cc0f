package org.emergo.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.emergo.store.db.Database;
import picocli.CommandLine;

/** {@code --db DB}: an H2 file path or a JDBC URL; EMERGO_DB, else ./emergo-data/emergo. */
final class DbOption {
    @CommandLine.Option(names = "--db", paramLabel = "DB",
            description = {"The database: an H2 file path or a jdbc:postgresql://... URL;",
                "default $EMERGO_DB or ./emergo-data/emergo."})
    String db;

    private static volatile String lastOpened;

    /** Opens the database, creating it if there is none: for the commands that fill one. */
    Database open() {
        return open(Database::open);
    }

    /** Opens the database for a command that only reads it (sql, find, export, backup, puzzles --export): see {@link Database#openToRead}. */
    Database openToRead() {
        return open(Database::openToRead);
    }

    private Database open(Function<String, Database> opener) {
        // named before opening, so that a failure to open names it too
        lastOpened = Database.where(db);
        Database database = opener.apply(db);
        lastOpened = database.where();
        return database;
    }

    /** The database the command opened last, as messages name it; null before. */
    static String lastOpened() {
        return lastOpened;
    }

    /**
     * Why a command that reads a database cannot run, or null when it can: an H2 file path
     * with no {@code PATH.mv.db} names no database, and opening it would make an empty one.
     * A JDBC URL is for the server (or H2) to judge.
     */
    String missing(String command) {
        String given = db != null && !db.isBlank() ? db : System.getenv(Database.ENV_VAR);
        if (given != null && given.strip().startsWith("jdbc:")) return null;
        String url = Database.resolveUrl(db);
        String prefix = "jdbc:h2:file:";
        if (!url.startsWith(prefix)) return null;
        Path path = Path.of(url.substring(prefix.length()));
        Path file = Path.of(path + ".mv.db");
        if (Files.exists(file)) return null;
        return "emergo " + command + ": no database at " + path + " (there is no " + file.getFileName()
                + "); make one with: emergo import --db " + path + " FILE...";
    }
}
