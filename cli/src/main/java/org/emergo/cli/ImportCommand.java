package org.emergo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.emergo.store.importing.BulkImport;
import org.emergo.importer.ProgressListener;
import org.emergo.store.db.Database;
import org.emergo.store.stats.StatsSnapshot;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo import}: files, folders, .zip and .gz archives into the database. */
@Command(name = "import", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Import game records (EGN/PGN, CSV, Abstract Play JSON) into a database, creating it if need be.",
            "Takes files, folders, .zip and .gz archives, and - for standard input (its format told from "
                    + "its content).",
            "Rejected records are reported with file, line and column and kept in the import_error table; "
                    + "the games around them are imported. Importing the same file again adds nothing.",
            "The formats are in docs/formats.md#notation-and-record-formats.",
            "Then the figures of the viewer's statistics page are stored."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo import club-games/ ladder.zip",
            "  emergo generate --games 100 | emergo import --db games/selfplay -"})
final class ImportCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Parameters(arity = "1..*", paramLabel = "PATH", description = "Files, folders or archives; - is standard input.")
    List<Path> paths;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        BulkImport.Summary s = run(db, paths, spec.commandLine().getErr());
        out.println(describe(s));
        out.flush();
        return s.errors() == 0 ? 0 : 1;
    }

    /** Imports and prints problems to err; shared with {@code emergo demo}. */
    static BulkImport.Summary run(DbOption dbOption, List<Path> paths, PrintWriter err) throws IOException {
        Problems problems = new Problems(err);
        long total = 0;
        for (Path file : BulkImport.files(paths)) total += file.toFile().length();
        BulkImport.Summary summary;
        Listener listener = null;
        try (Interruption interruption = Interruption.catchSignals()) {
            try (Database db = dbOption.open(); Progress progress = Progress.start("import", total, "B")) {
                interruption.onSignal(db::endLockWaits); // a wait for another program's import ends too
                listener = new Listener(progress, interruption);
                summary = new BulkImport(db, listener, problems).run(paths);
                // the statistics page's figures of the games, so that the viewer shows them at once
                new StatsSnapshot(db).refresh(summary.games() > 0
                        ? EnumSet.of(StatsSnapshot.Part.GAMES) : EnumSet.noneOf(StatsSnapshot.Part.class));
                if (summary.games() > 0) db.closeAndCompact(); // H2 files shrink several-fold
            } catch (RuntimeException e) {
                throw interruption.interruptionOr(e);
            }
        } catch (Interruption.Interrupted e) {
            problems.finish();
            throw new Interruption.Interrupted(String.format(Locale.ROOT,
                    "interrupted: %,d of the games read so far are stored; run the same import again to finish",
                    listener == null ? 0 : listener.stored), e.exitCode);
        }
        problems.finish();
        return summary;
    }

    /**
     * Progress in bytes over all sources, from the walker's per-source reports; after each
     * commit, the place to stop when interrupted (the reading thread's reports are not: the
     * walker takes what is thrown there for a broken file).
     */
    private static final class Listener implements ProgressListener {
        private final Progress progress;
        private final Interruption interruption;
        private long done;
        private long current;
        int stored;

        Listener(Progress progress, Interruption interruption) {
            this.progress = progress;
            this.interruption = interruption;
        }

        @Override
        public void started(String source, long size) {
            current = 0;
        }

        @Override
        public void advanced(String source, long bytesRead) {
            done += bytesRead - current;
            current = bytesRead;
            progress.stepTo(done);
        }

        @Override
        public void finished(String source) {
            current = 0;
        }

        @Override
        public void waiting(String source) {
            // said always: without it a wait for another program looks like a hang
            System.err.println("import: waiting for another program that imports the same content as " + source);
            System.err.flush();
        }

        @Override
        public void stored(int games) {
            if (games != stored) Progress.line("import: " + games + " games stored");
            stored = games;
            interruption.check();
        }
    }

    static String describe(BulkImport.Summary s) {
        return "imported " + Main.count(s.games(), "game") + " from " + Main.count(s.files(), "file") + ": "
                + Main.count(s.duplicates(), "duplicate") + ", " + Main.count(s.errors(), "error") + ", "
                + Main.count(s.warnings(), "warning")
                + (s.alreadyKnown() > 0 ? ", " + Main.count(s.alreadyKnown(), "file") + " imported before" : "")
                + (s.skipped() > 0 ? ", " + Main.count(s.skipped(), "file") + " of unknown type skipped" : "");
    }
}
