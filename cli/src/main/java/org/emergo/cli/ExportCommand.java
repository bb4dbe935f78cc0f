package org.emergo.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.emergo.importer.CsvGameWriter;
import org.emergo.importer.EgnWriter;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.GameRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code emergo export}: stored games as canonical EGN or CSV on stdout. */
@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Write stored games to stdout as canonical EGN (default) or CSV, one row per game.",
            "--where takes an SQL condition on the table game.",
            "The formats are in docs/formats.md#egn and docs/formats.md#games-per-row."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo export --where \"white = 'van Zon, Ed'\" > van-zon.egn",
            "  emergo export --format csv --where \"id IN (SELECT game_id FROM finding)\""})
final class ExportCommand implements Callable<Integer> {

    enum Format { egn, csv }

    @CommandLine.Mixin
    DbOption db;

    @CommandLine.Option(names = "--format", paramLabel = "F", defaultValue = "egn", description = "egn (default) or csv.")
    Format format;

    @CommandLine.Option(names = "--where", paramLabel = "SQL-CONDITION", description = "Which games (default: all).")
    String where;

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
        try (Database database = db.open()) {
            database.readOnly(dsl -> {
                try {
                    if (format == Format.egn) {
                        EgnWriter egn = new EgnWriter(out);
                        new GameRepository(dsl).forEachGame(where, g -> write(() -> egn.write(g.toGameRecord())));
                    } else {
                        CsvGameWriter csv = new CsvGameWriter(out, new GameRepository(dsl).tagNames());
                        new GameRepository(dsl).forEachGame(where,
                                g -> write(() -> csv.write(Long.toString(g.id()), g.toGameRecord())));
                        csv.flush();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return null;
            });
        } catch (StoreException e) {
            out.flush();
            spec.commandLine().getErr().println("emergo export: " + e.getMessage());
            return 1;
        }
        out.flush();
        return 0;
    }

    private interface IoAction {
        void run() throws IOException;
    }

    private static void write(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
