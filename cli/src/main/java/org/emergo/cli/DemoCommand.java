package org.emergo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.emergo.importer.SourceWalker;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.db.Database;
import org.emergo.store.output.OutputFormat;
import org.emergo.store.review.ReviewJob;
import org.emergo.store.sql.ReadOnlyQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo demo}: the main job on the shipped samples: import, analyse, report. */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Import the sample games, analyse them, review and mine the hand-made and club games, print what the "
                    + "analysis found, then serve the web viewer on them until Ctrl-C (--no-serve stops after the report).",
            "The viewer is at http://127.0.0.1:7070/.",
            "The demo has a database of its own, emergo-data/demo. Running it again adds nothing."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo demo",
            "  emergo demo --no-serve && emergo sql --db emergo-data/demo --file q.sql"})
final class DemoCommand implements Callable<Integer> {

    /**
     * The games the demo also reviews and mines: those a player opens first (the club, league,
     * Abstract Play and rule-breach records, a few seconds), not the 3,000 self-played ones.
     */
    static final String FIRST_GAMES = "source NOT LIKE '%selfplay-%'";

    /** The example queries the report shows, with a title each. */
    private static final List<String[]> REPORT = List.of(
            new String[] {"Rule breaches per code and player", "04_findings_by_player.sql"},
            new String[] {"Shadowpieces by size and player", "03_shadowpieces.sql"},
            new String[] {"Moves played after 1. e4 and how they scored", "01_moves_from_position.sql"},
            new String[] {"Game lengths", "05_game_length.sql"});

    @CommandLine.Option(names = "--db", paramLabel = "DB", defaultValue = "emergo-data/demo",
            description = "The demo database (default: emergo-data/demo).")
    String db;

    @CommandLine.Option(names = "--samples", paramLabel = "DIR", description = "The sample games (default: sample-games).")
    Path samples;

    @CommandLine.Option(names = "--no-serve", description = "Print the report and stop, without serving the viewer.")
    boolean noServe;

    @CommandLine.Option(names = "--port", paramLabel = "PORT", defaultValue = "7070",
            description = "The viewer's port on 127.0.0.1 (default: 7070).")
    int port;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        Path home = home();
        Path sampleDir = samples != null ? samples : home.resolve("sample-games");
        if (!Files.isDirectory(sampleDir)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "no sample games at " + sampleDir);
        }
        DbOption dbOption = new DbOption();
        dbOption.db = db;
        out.println("Importing " + sampleDir + " into " + db + " ...");
        out.flush();
        out.println(ImportCommand.describe(ImportCommand.run(dbOption, records(sampleDir), spec.commandLine().getErr())));
        out.println("Analysing ...");
        out.flush();
        AnalysisJob.Summary analysed = AnalyzeCommand.run(dbOption, false, Runtime.getRuntime().availableProcessors());
        out.println(AnalyzeCommand.describe(analysed));
        String rated = RatingsCommand.refresh(dbOption, analysed.games() > 0);
        if (rated != null) out.println(rated);
        int threads = Runtime.getRuntime().availableProcessors();
        out.println("Reviewing and mining the hand-made and club games (the self-played ones wait for emergo review) ...");
        out.flush();
        ReviewJob.Summary reviewed = ReviewCommand.run(dbOption, ReviewJob.DEFAULT_LIMIT, FIRST_GAMES, threads);
        out.println(String.format(Locale.ROOT, "reviewed %s; mined %s", Main.count(reviewed.games(), "game"),
                PuzzlesCommand.summary(PuzzlesCommand.run(dbOption, FIRST_GAMES, threads))));
        Path queries = home.resolve("sql").resolve("queries");
        try (Database database = dbOption.open()) {
            ReadOnlyQuery query = new ReadOnlyQuery(database);
            for (String[] item : REPORT) {
                Path file = queries.resolve(item[1]);
                if (!Files.exists(file)) continue;
                out.println();
                out.println("== " + item[0] + " (sql/queries/" + item[1] + ")");
                query.run(Files.readString(file, StandardCharsets.UTF_8), OutputFormat.TABLE.writer(out));
            }
        }
        // Absolute paths: the hints work from any folder, not only the project's.
        String emergo = quoted(Files.isRegularFile(home.resolve("emergo")) ? home.resolve("emergo").toAbsolutePath().toString() : "emergo");
        String dbArg = quoted(db.startsWith("jdbc:") ? db : Path.of(db).toAbsolutePath().normalize().toString());
        out.println();
        out.println("More: " + emergo + " sql --db " + dbArg + " --file "
                + quoted(queries.resolve("06_big_captures_available.sql").toAbsolutePath().normalize().toString()));
        out.println("      " + emergo + " sql --db " + dbArg + " \"SELECT * FROM finding ORDER BY game_id, ply\"");
        out.println("      " + emergo + " export --db " + dbArg + " --where \"id IN (SELECT game_id FROM finding)\"");
        out.println("      " + emergo + " review --db " + dbArg + " && " + emergo + " puzzles --db " + dbArg
                + "   (the self-played games too: minutes)");
        out.flush();
        if (noServe) return 0;
        out.println();
        return ServeCommand.serve(dbOption.open(), "127.0.0.1", port, out, spec.commandLine().getErr());
    }

    /** The record files of the samples folder: its README is no game record, not a skipped file. */
    private static List<Path> records(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> {
                String name = p.getFileName().toString();
                return Files.isDirectory(p) || SourceWalker.formatOf(name) != null || name.toLowerCase(Locale.ROOT).endsWith(".zip");
            }).sorted().toList();
        }
    }

    private static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./:=+-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** The project folder: EMERGO_HOME (set by the launcher), else the working directory. */
    static Path home() {
        String home = System.getenv("EMERGO_HOME");
        return home == null || home.isBlank() ? Path.of("") : Path.of(home);
    }
}
