package org.emergo.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.emergo.store.db.Database;
import org.emergo.store.output.OutputFormat;
import org.emergo.store.puzzle.PuzzleBook;
import org.emergo.store.puzzle.PuzzleJob;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo puzzles}: puzzles mined from the reviewed games, or the set written as CSV. */
@Command(name = "puzzles", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Mine puzzles from the reviewed games: positions where the side to move has exactly one move that "
                    + "wins material or the game by force, proven by exact search, with the line that follows.",
            "The positions tried are those around the review's mistakes and blunders; run review first. "
                    + "Every rule is in docs/puzzles.md#mining."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo puzzles",
            "  emergo puzzles --db games/club --where \"variant = 'HexEmergo'\"",
            "  emergo puzzles --export > puzzles.csv"})
final class PuzzlesCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--where", paramLabel = "SQL-CONDITION",
            description = "Which games: an SQL condition on the table game, as for export (default: all reviewed).")
    String where;

    @CommandLine.Mixin
    ThreadsOption threads;

    @CommandLine.Option(names = "--export",
            description = "Mine nothing: write the set to stdout as CSV in the columns of the lichess puzzle set.")
    boolean export;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (export && where != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--export writes the whole set: leave --where out");
        }
        String missing = db.missing("puzzles");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        PrintWriter out = spec.commandLine().getOut();
        if (export) {
            try (Database database = db.openToRead()) {
                new PuzzleBook(database).export(OutputFormat.CSV.writer(out));
            }
            out.flush();
            return 0;
        }
        out.println(describe(run(db, where, threads.threads())));
        out.flush();
        return 0;
    }

    static PuzzleJob.Summary run(DbOption dbOption, String where, int threads) {
        long[] done = {0};
        long pending = 0;
        try (Interruption interruption = Interruption.catchSignals(); Database database = dbOption.open()) {
            PuzzleJob job = new PuzzleJob(database, threads);
            pending = job.countPending(where);
            try (Progress progress = Progress.start("puzzles", pending, "games")) {
                return job.run(where, games -> {
                    progress.stepTo(games);
                    Progress.line("puzzles: " + games + " games mined");
                    done[0] = games;
                    interruption.check(); // after a commit: what is stored stays mined
                });
            }
        } catch (Interruption.Interrupted e) {
            throw new Interruption.Interrupted(String.format(Locale.ROOT,
                    "interrupted: %,d games are mined and stored; run puzzles again for the other %,d",
                    done[0], Math.max(0, pending - done[0])), e.exitCode);
        }
    }

    /** The run in one line: {@code 38 games: 412 positions tried, 57 puzzles found}. */
    static String summary(PuzzleJob.Summary s) {
        return String.format(Locale.ROOT, "%s: %s tried, %s found",
                Main.count(s.games(), "game"), Main.count(s.tried(), "position"), Main.count(s.found(), "puzzle"));
    }

    static String describe(PuzzleJob.Summary s) {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        sb.append("mined ").append(summary(s));
        if (s.failed() > 0) sb.append(nl).append("  ").append(Main.count(s.failed(), "game")).append(" could not be replayed");
        sb.append(nl).append("the set holds (one puzzle a position):");
        for (Map.Entry<String, Integer> e : s.byBoard().entrySet()) {
            sb.append(nl).append("  ").append(e.getKey()).append(' ').append(Main.count(e.getValue(), "puzzle"));
        }
        return sb.toString();
    }
}
