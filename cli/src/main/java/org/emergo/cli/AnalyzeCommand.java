package org.emergo.cli;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.emergo.replay.FindingCode;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.db.Database;
import org.emergo.store.stats.StatsSnapshot;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo analyze}: replay stored games through the rules engine and store what it finds. */
@Command(name = "analyze", aliases = "analyse", mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Replay the stored games through the rules engine and store what it finds.",
            "Each game not yet analysed (with --all, every game) is replayed: its findings, its result by "
                    + "rule, every position and every shadowpiece go into the database.",
            "The finding codes are in docs/findings.md#finding-codes.",
            "Then the players are rated again (see emergo ratings) when games were analysed or added, and the "
                    + "figures of the viewer's statistics page are stored."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo analyze",
            "  emergo analyze --db games/club --all --threads 2"})
final class AnalyzeCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--all", description = "Analyse every game again.")
    boolean all;

    @CommandLine.Mixin
    ThreadsOption threads;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        String missing = db.missing("analyze");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        PrintWriter out = spec.commandLine().getOut();
        AnalysisJob.Summary s = run(db, all, threads.threads());
        out.println(describe(s));
        String rated = RatingsCommand.refresh(db, s.games() > 0);
        if (rated != null) out.println(rated);
        out.flush();
        return 0;
    }

    static AnalysisJob.Summary run(DbOption dbOption, boolean all, int threads) {
        long[] done = {0};
        long pending = 0;
        try (Interruption interruption = Interruption.catchSignals()) {
            try (Database database = dbOption.open()) {
                interruption.onSignal(database::endLockWaits); // a write waiting for another program's lock ends too
                AnalysisJob job = new AnalysisJob(database, threads);
                AnalysisJob.Summary summary;
                pending = job.countPending(all);
                try (Progress progress = Progress.start("analyze", pending, "games")) {
                    summary = job.run(all, games -> {
                        progress.stepTo(games);
                        Progress.line("analyze: " + games + " games stored");
                        done[0] = games;
                        interruption.check(); // after a commit: what is stored stays analysed
                    });
                }
                // the statistics page's figures, so that the viewer shows them at once; written
                // only here, after the analysis's own commits: a run stopped before leaves them
                // out of date by the analyses' counts and latest time (--all too), never current
                new StatsSnapshot(database).refresh(summary.games() > 0
                        ? EnumSet.of(StatsSnapshot.Part.GAMES) : EnumSet.noneOf(StatsSnapshot.Part.class));
                // No compaction: H2 compresses pages as it writes them (Database), and an analysis
                // leaves little garbage (pages 93% live after 10,000 games).
                return summary;
            } catch (RuntimeException e) {
                throw interruption.interruptionOr(e);
            }
        } catch (Interruption.Interrupted e) {
            throw new Interruption.Interrupted(String.format(Locale.ROOT,
                    "interrupted: %,d games are analysed and stored; run analyze again for the other %,d",
                    done[0], Math.max(0, pending - done[0])), e.exitCode);
        }
    }

    static String describe(AnalysisJob.Summary s) {
        StringBuilder sb = new StringBuilder();
        sb.append("analysed ").append(Main.count(s.games(), "game")).append(", ")
                .append(Main.count(s.plies(), "ply", "plies")).append(": ").append(Main.count(s.findingCount(), "finding"));
        if (s.failed() > 0) sb.append(", ").append(Main.count(s.failed(), "game")).append(" could not be replayed");
        for (Map.Entry<FindingCode, Integer> e : s.findings().entrySet()) {
            sb.append(System.lineSeparator()).append(String.format("  %-20s %d", e.getKey(), e.getValue()));
        }
        return sb.toString();
    }
}
