package org.emergo.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.importer.EgnWriter;
import org.emergo.replay.GameRecord;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo generate}: complete games by self-play, as EGN on stdout. */
@Command(name = "generate", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Write N complete games played by the engine against itself, as EGN on stdout.",
            "The same seed gives the same games; each game ends by rule and carries its result."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo generate --games 100 --seed 42 > selfplay.egn",
            "  emergo generate --games 10 --variant hexemergo | emergo import -"})
final class GenerateCommand implements Callable<Integer> {

    /** Games generated in parallel before they are written, in order. */
    private static final int CHUNK = 256;

    @CommandLine.Mixin
    VariantOption variant;

    @CommandLine.Option(names = "--games", required = true, paramLabel = "N", description = "How many games.")
    int games;

    @CommandLine.Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "The random seed (default 1).")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (games < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--games must be 0 or more");
        SelfPlay selfPlay = new SelfPlay(variant.variant, seed);
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        EgnWriter egn = new EgnWriter(out);
        try (Progress progress = Progress.start("generate", games, "games")) {
            for (int from = 1; from <= games; from += CHUNK) {
                int to = Math.min(games, from + CHUNK - 1);
                List<GameRecord> chunk = IntStream.rangeClosed(from, to).parallel().mapToObj(selfPlay::game).toList();
                for (GameRecord g : chunk) egn.write(g);
                progress.stepTo(to);
            }
        }
        out.flush();
        return 0;
    }
}
