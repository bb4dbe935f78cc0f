package org.emergo.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.emergo.store.db.Database;
import org.emergo.store.db.H2Repair;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.DatabaseCheck;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo repair}: a new H2 file of what can be read of a damaged one. */
@Command(name = "repair", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Save what can be read of a damaged H2 database file into a new one in its place.",
            "The new file holds every game whose record can still be read whole and as it was imported (its fingerprint and record digest), with its tags, the records of the files imported and the import errors.",
            "A sound file (emergo check) is left as it is.",
            "The damaged file is kept beside it as NAME.damaged-TIMESTAMP.mv.db.",
            "Analysis, reviews and ratings are not copied: emergo analyze, review and ratings make them again.",
            "The files some of whose games were lost are named: importing them again puts those games back.",
            "What emergo does about damage is in docs/safety.md#a-damaged-file."},
        footerHeading = "%nExamples:%n",
        footer = {"  emergo repair --db games/club && emergo analyze --db games/club"})
final class RepairCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        String url = Database.resolveUrl(db.db);
        String prefix = "jdbc:h2:file:";
        if (!url.startsWith(prefix)) {
            spec.commandLine().getErr().println("emergo repair: repair is for H2 files; " + Database.where(db.db)
                    + " is not one (a PostgreSQL database is repaired by its server's own tools)");
            return 1;
        }
        String missing = db.missing("repair");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        Path file = Path.of(url.substring(prefix.length()).split(";")[0]);
        try {
            // a sound file no program has open is left as it is
            if (Database.h2FileAlone(db.db) != null && DatabaseCheck.ofH2FileAlone(file).run().sound()) {
                spec.commandLine().getOut().println(Database.where(db.db) + " is sound (emergo check finds nothing damaged):"
                        + " nothing to repair, the file is left as it is");
                return 0;
            }
            H2Repair.Summary s = H2Repair.repair(file, DatabaseCheck::alteredGames);
            s.lines().forEach(spec.commandLine().getOut()::println);
            spec.commandLine().getOut().flush();
            return 0;
        } catch (StoreException e) {
            spec.commandLine().getErr().println("emergo repair: " + e.getMessage());
            return 1;
        }
    }
}
