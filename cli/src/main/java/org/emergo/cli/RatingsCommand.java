package org.emergo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.rating.AliasFile;
import org.emergo.store.rating.PlayerAliases;
import org.emergo.store.rating.RatingJob;
import org.emergo.store.rating.RatingRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo ratings}: every player's rating computed again, how well each system forecast, the leaders. */
@Command(name = "ratings", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Rate the players again from the stored games and print how well each rating system forecast them.",
            "Elo and Glicko-2 rate each variant apart, game by game in the order the games were played (by date, "
                    + "then the games without one in import order). Each game is forecast from the ratings before it "
                    + "and scored by log-loss and by whether the favourite won; the viewer shows the system that forecast "
                    + "best. `emergo analyze` does this by itself after it analysed new games.",
            "With --aliases, the spellings of players in a CSV file (alias,player a line) replace the stored ones "
                    + "first: a game's White or Black written as an alias is rated as that player."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo ratings",
            "  emergo ratings --db games/club --aliases club-aliases.csv --top 20"})
final class RatingsCommand implements Callable<Integer> {

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--aliases", paramLabel = "FILE",
            description = "A CSV file of spellings, alias,player a line, that replaces the stored aliases.")
    Path aliases;

    @CommandLine.Option(names = "--top", paramLabel = "N", defaultValue = "10",
            description = "Print the N highest rated players of each variant (default 10; 0 prints none).")
    int top;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (top < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--top must be 0 or more");
        String missing = db.missing("ratings");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        // read before the database is opened: a bad file changes nothing
        List<PlayerAliases.Alias> spellings = aliases == null ? null : AliasFile.read(aliases);
        PrintWriter out = spec.commandLine().getOut();
        try (Database database = db.open()) {
            if (spellings != null) {
                PlayerAliases.replace(database, spellings);
                out.println("aliases: " + Main.count(spellings.size(), "spelling") + " from " + aliases);
            }
            long start = System.nanoTime();
            RatingJob.Summary s = new RatingJob(database).run();
            out.println(describe(s, (System.nanoTime() - start) / 1e9));
            out.println();
            out.println(qualityTable(s.quality()));
            if (top > 0) {
                RatingRepository ratings = new RatingRepository(database.dsl());
                for (Variant v : ratings.variants(s.shownSystem())) {
                    out.println();
                    out.println(v.tagName() + ", " + s.shownSystem() + ":");
                    for (RatingRepository.Leader l : ratings.leaders(s.shownSystem(), v, 0, top)) {
                        out.println(String.format(Locale.ROOT, "%5d  %-30s %6.0f%s  %,d %s", l.rank(), l.player(), l.rating(),
                                l.deviation() == null ? "" : String.format(Locale.ROOT, " ±%3.0f", l.deviation()), l.games(),
                                l.games() == 1 ? "game" : "games"));
                    }
                }
            }
        }
        out.flush();
        return 0;
    }

    /**
     * After an analysis: rates the players again when the analysis stored games or the ratings
     * are out of date, and says so in a line; null when they were up to date.
     */
    static String refresh(DbOption dbOption, boolean analysedAny) {
        try (Database database = dbOption.open()) {
            RatingJob job = new RatingJob(database);
            if (!analysedAny && !job.outOfDate()) return null;
            return describe(job.run(), null);
        }
    }

    /** What a computation did, with the time it took when {@code seconds} is given. */
    static String describe(RatingJob.Summary s, Double seconds) {
        return String.format(Locale.ROOT, "rated %s of %s%s (Elo and Glicko-2; the viewer shows %s%s)",
                Main.count(s.ratedGames(), "game"), Main.count(s.players(), "player"),
                seconds == null ? "" : String.format(Locale.ROOT, " in %.2f s", seconds), s.shownSystem(),
                s.keptGames() == 0 ? "" : "; the stored history of " + Main.count(s.keptGames(), "game") + " kept");
    }

    /** The forecasts of each system per variant: log-loss and how often the favourite won. */
    static String qualityTable(List<RatingJob.Quality> quality) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-10s %-8s %8s %9s  %s", "variant", "system", "games",
                "log-loss", "favourite won"));
        for (RatingJob.Quality q : quality) {
            sb.append(System.lineSeparator()).append(String.format(Locale.ROOT, "%-10s %-8s %,8d %9.4f  %s", q.variant().tagName(),
                    q.system(), q.games(), q.logLoss(), q.favouriteGames() == 0 ? "-"
                            : String.format(Locale.ROOT, "%.1f%% of %,d", 100 * q.favouriteWon(), q.favouriteGames())));
        }
        return sb.toString();
    }
}
