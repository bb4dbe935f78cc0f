package org.emergo.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.emergo.store.db.Database;
import org.emergo.store.db.ErrorText;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.DatabaseCheck;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo check}: whether every page of the database reads, and every game is as imported. */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Read every row of every table (and on an H2 file every index), and compare each game with what its import stored: its fingerprint (players, date and moves) and its record digest (every value and tag, for games imported by this version or later).",
            "Says in one line whether the database is sound (exit 0) or what is damaged and to run emergo repair (exit 1).",
            "It only reads: run it while other commands and the viewer go on."},
        footerHeading = "%nExamples:%n",
        footer = {"  emergo check --db games/club || emergo repair --db games/club"})
final class CheckCommand implements Callable<Integer> {

    /** Altered games named in the line, the rest counted. */
    private static final int NAMED = 10;

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        String missing = db.missing("check");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        try {
            // no program has it open: read as a read-only database, so that nothing is written to it
            Path alone = Database.h2FileAlone(db.db);
            if (alone != null) return report(DatabaseCheck.ofH2FileAlone(alone).run(), Database.where(db.db), false);
            try (Database database = db.openToRead()) {
                return report(new DatabaseCheck(database).run(), database.where(), database.isPostgres());
            }
        } catch (StoreException e) {
            spec.commandLine().getErr().println("emergo check: " + ErrorText.firstLine(e));
            return 1;
        }
    }

    private int report(DatabaseCheck.Report r, String where, boolean postgres) {
        if (r.sound()) {
            spec.commandLine().getOut().println(String.format(Locale.ROOT,
                    "sound: %,d tables (%,d rows)%s and %,d games read; every game matches what its import stored",
                    r.tables(), r.rows(), postgres ? "" : String.format(Locale.ROOT, ", %,d indexes", r.indexes()), r.games()));
            return 0;
        }
        spec.commandLine().getErr().println("emergo check: " + where + " is damaged: " + damage(r)
                + (postgres ? "; see the server's own tools" : "; run emergo repair to save what is sound"));
        return 1;
    }

    private static String damage(DatabaseCheck.Report r) {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, String> t : r.damagedTables().entrySet()) {
            if (s.length() > 0) s.append("; ");
            s.append(t.getKey().equals(DatabaseCheck.UNOPENED) ? "it cannot be opened"
                    : t.getKey().equals(DatabaseCheck.OLDER_VERSION) ? "its newest writes" : "table " + t.getKey().toLowerCase(Locale.ROOT))
                    .append(" (").append(t.getValue()).append(')');
        }
        List<Long> altered = r.alteredGames();
        if (!altered.isEmpty()) {
            if (s.length() > 0) s.append("; ");
            s.append(altered.size()).append(altered.size() == 1 ? " game differs" : " games differ")
                    .append(" from what its import stored (")
                    .append(altered.stream().limit(NAMED).map(String::valueOf).collect(Collectors.joining(", ")))
                    .append(altered.size() > NAMED ? ", ..." : "").append(')');
        }
        return s.toString();
    }
}
