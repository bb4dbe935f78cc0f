package org.emergo.cli;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.emergo.search.Judgement;
import org.emergo.search.Limit;
import org.emergo.store.db.Database;
import org.emergo.store.review.CurveCalibration;
import org.emergo.store.review.ReviewJob;
import org.emergo.store.review.ReviewRepository;
import org.emergo.store.stats.StatsSnapshot;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo review}: the engine judges every position and move of the stored games. */
@Command(name = "review", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Let the engine judge every position and move of the stored games.",
            "Each game not yet reviewed at the setting is replayed up to its first move the rules refuse; every "
                    + "position gets the search's score, best move and expected line, every move its loss against "
                    + "the best move and a class (inaccuracy, mistake or blunder by the winning chances it gave "
                    + "away), a move that loses men by force a proof, and each side an accuracy figure.",
            "The tables and thresholds are in docs/review.md#judging-the-moves.",
            "Then the figures of the viewer's statistics page are stored (when reviewed games are decided, "
                    + "the calibration of the winning chances)."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo review",
            "  emergo review --db games/club --depth 6 --where \"white = 'van Zon, Ed'\""})
final class ReviewCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.ArgGroup(exclusive = true)
    Budget budget;

    static final class Budget {
        @CommandLine.Option(names = "--depth", paramLabel = "N", required = true,
                description = "Search each position N plies deep (default: " + ReviewJob.DEFAULT_DEPTH + ").")
        Integer depth;

        @CommandLine.Option(names = "--nodes", paramLabel = "N", required = true,
                description = "Search each position deeper while the next depth stays within N positions visited.")
        Long nodes;
    }

    @CommandLine.Option(names = "--where", paramLabel = "SQL-CONDITION",
            description = "Which games: an SQL condition on the table game, as for export (default: all).")
    String where;

    @CommandLine.Mixin
    ThreadsOption threads;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Limit limit = limit();
        String missing = db.missing("review");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(describe(run(db, limit, where, threads.threads())));
        out.flush();
        return 0;
    }

    private Limit limit() {
        if (budget == null) return ReviewJob.DEFAULT_LIMIT;
        if (budget.depth != null) {
            if (budget.depth < 1 || budget.depth > ReviewJob.MAX_DEPTH) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--depth must be 1 to " + ReviewJob.MAX_DEPTH + ", not " + budget.depth);
            }
            return Limit.depth(budget.depth);
        }
        if (budget.nodes < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--nodes must be 1 or more, not " + budget.nodes);
        }
        return Limit.nodes(budget.nodes);
    }

    static ReviewJob.Summary run(DbOption dbOption, Limit limit, String where, int threads) {
        long[] done = {0};
        long[] judged = {-1, 0}; // games judged again and of how many, once that began
        long pending = 0;
        try (Interruption interruption = Interruption.catchSignals(); Database database = dbOption.open();
                ReviewJob job = new ReviewJob(database, limit, threads)) {
            pending = job.countPending(where);
            ReviewJob.Summary summary;
            try (Progress progress = Progress.start("review", pending, "games")) {
                summary = job.run(where, new ReviewJob.Listener() {
                    @Override
                    public void reviewed(long games) {
                        progress.stepTo(games);
                        Progress.line("review: " + games + " games stored");
                        done[0] = games;
                        interruption.check(); // after a commit: what is stored stays reviewed
                    }

                    @Override
                    public void judgedAgain(long games, long of) {
                        Progress.line("review: " + games + " of " + of + " games judged again");
                        judged[0] = games;
                        judged[1] = of;
                        interruption.check();
                    }
                });
            }
            // the statistics page's figures (the decided games, the calibration), so that the
            // viewer shows them at once; stored too when missing after a run that reviewed nothing
            new StatsSnapshot(database).refresh(summary.games() > 0 || summary.judgedAgain() > 0
                    ? EnumSet.of(StatsSnapshot.Part.REVIEWS) : EnumSet.noneOf(StatsSnapshot.Part.class));
            return summary;
        } catch (Interruption.Interrupted e) {
            String message = judged[0] < 0
                    ? String.format(Locale.ROOT,
                            "interrupted: %,d games are reviewed and stored; run review again for the other %,d",
                            done[0], Math.max(0, pending - done[0]))
                    : String.format(Locale.ROOT, "interrupted: %,d games are reviewed and stored, %,d of %,d judged"
                            + " again with the new curve; run review again to judge the others", done[0], judged[0], judged[1]);
            throw new Interruption.Interrupted(message, e.exitCode);
        }
    }

    static String describe(ReviewJob.Summary s) {
        String nl = System.lineSeparator();
        ReviewRepository.Totals t = s.totals();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "reviewed %s, %s at %s",
                Main.count(s.games(), "game"), Main.count(s.positions(), "position"), s.setting()));
        if (s.stopped() > 0) {
            sb.append(nl).append("  ").append(Main.count(s.stopped(), "game"))
                    .append(" judged up to a move the rules refuse (emergo analyze names it)");
        }
        if (s.failed() > 0) sb.append(nl).append("  ").append(Main.count(s.failed(), "game")).append(" could not be replayed");
        if (s.judgedAgain() > 0) {
            sb.append(nl).append("  ").append(Main.count(s.judgedAgain(), "game")).append(" judged again with a new curve");
        }
        sb.append(nl).append(String.format(Locale.ROOT, "at %s the database holds %s: %s, %s, %s; %s losing men by force",
                s.setting(), Main.count(t.games(), "reviewed game"),
                Main.count(t.inaccuracies(), "inaccuracy", "inaccuracies"), Main.count(t.mistakes(), "mistake"),
                Main.count(t.blunders(), "blunder"), Main.count(t.forcedLosses(), "move")));
        sb.append(nl).append(String.format(Locale.ROOT, "moves are classed by the engine's curves: Emergo k=%.6g, HexEmergo k=%.6g",
                Judgement.EMERGO.k(), Judgement.HEXEMERGO.k()));
        sb.append(nl).append("winning chances among these players, by board:");
        for (String curve : s.curves()) sb.append(nl).append("  ").append(curve);
        if (!s.calibration().isEmpty()) {
            sb.append(nl).append("calibration on games no curve was fitted to (Brier, log-loss; lower is better):");
            for (CurveCalibration.Board b : s.calibration()) {
                sb.append(nl).append(String.format(Locale.ROOT,
                        "  %s: these players' curve %.3f, %.3f; the engine's %.3f, %.3f (%s of %s)",
                        b.variant().tagName(), b.players().brier(), b.players().logLoss(), b.engine().brier(),
                        b.engine().logLoss(), Main.count(b.players().positions(), "position"),
                        Main.count(b.heldOutGames(), "game")));
            }
        }
        return sb.toString();
    }
}
