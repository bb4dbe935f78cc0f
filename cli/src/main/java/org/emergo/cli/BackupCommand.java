package org.emergo.cli;

import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.emergo.store.db.Backup;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo backup}: a copy of the database as committed when it began, while other commands use it. */
@Command(name = "backup", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Copy an H2 database into a new file while other commands and the viewer go on using it.",
            "The copy holds every transaction committed when the backup began and nothing else, and --db FILE opens it.",
            "The others' work goes on meanwhile, and the backup does not wait for it.",
            "For a PostgreSQL database it prints the pg_dump command line that makes the copy.",
            "How the copy is made is in docs/safety.md#a-copy-while-the-database-is-in-use."},
        footerHeading = "%nExamples:%n",
        footer = {"  emergo backup --db games/club games/club-2026-12-01"})
final class BackupCommand implements Callable<Integer> {

    /** The moment whose commits the copy holds, to the tenth of a second: commits come that often. */
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.S", Locale.ROOT);

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Parameters(paramLabel = "FILE", description = "The copy: a new H2 file path (as --db takes it), or pg_dump's file.")
    String file;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        String url = Database.resolveUrl(db.db);
        if (url.startsWith("jdbc:postgresql:")) {
            spec.commandLine().getErr().println("emergo backup: pg_dump makes the copy of a PostgreSQL database: "
                    + Backup.pgDumpCommand(url, file));
            return 1;
        }
        String missing = db.missing("backup");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        try (Database database = db.openToRead()) {
            Backup.Copy copy = Backup.toH2File(database, Path.of(file));
            spec.commandLine().getOut().println("copied " + database.where() + " to " + copy.file() + ", as committed at "
                    + WHEN.format(copy.committedAt().atZone(ZoneId.systemDefault())));
            return 0;
        } catch (StoreException e) {
            spec.commandLine().getErr().println("emergo backup: " + e.getMessage());
            return 1;
        }
    }
}
