package org.emergo.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.emergo.replay.GameRecord;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.GameExport;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.StoredGame;
import org.emergo.store.review.ReviewRepository;
import org.emergo.store.review.ReviewedRecord;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo export}: stored games as canonical EGN or CSV on stdout. */
@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Write stored games to stdout as canonical EGN (default) or CSV, one row per game.",
            "--where takes an SQL condition on the table game.",
            "--annotate writes each game's latest review into its moves as lichess annotates PGN.",
            "A move gets ?!, ? or ?? by its class and a comment: its score as [%%eval] and the judgement.",
            "Imported again, the annotated file gives the same games.",
            "See docs/review.md#annotated-export.",
            "The formats are in docs/formats.md#egn and docs/formats.md#games-per-row."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo export --where \"white = 'van Zon, Ed'\" > van-zon.egn",
            "  emergo export --format csv --where \"id IN (SELECT game_id FROM finding)\"",
            "  emergo export --annotate --where \"id = 42\" > game-42-reviewed.egn"})
final class ExportCommand implements Callable<Integer> {

    enum Format { egn, csv }

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--format", paramLabel = "F", defaultValue = "egn", description = "egn (default) or csv.")
    Format format;

    @CommandLine.Option(names = "--where", paramLabel = "SQL-CONDITION", description = "Which games (default: all).")
    String where;

    @CommandLine.Option(names = "--annotate", description = "Write the engine's review into the moves (reviewed games).")
    boolean annotate;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        String missing = db.missing("export");
        if (missing != null) {
            spec.commandLine().getErr().println(missing);
            return 1;
        }
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        try (Database database = db.openToRead()) {
            database.readOnly(dsl -> {
                try {
                    ReviewRepository reviews = new ReviewRepository(database);
                    new GameExport(dsl).write(format == Format.egn ? GameExport.Format.EGN : GameExport.Format.CSV,
                            GameRepository.userCondition(where), id -> true, g -> record(g, reviews), out);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return null;
            });
        } catch (StoreException e) {
            out.flush();
            spec.commandLine().getErr().println("emergo export: " + FailureHandler.storeFailure(e));
            return 1;
        }
        out.flush();
        return 0;
    }

    /** The game's record, with its latest review written into the moves when asked. */
    private GameRecord record(StoredGame game, ReviewRepository reviews) {
        if (!annotate) return game.toGameRecord();
        return ReviewedRecord.of(game, reviews.latest(game.id()));
    }
}
