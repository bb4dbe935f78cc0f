package org.emergo.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Perft;
import org.emergo.rules.Position;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo perft}: the number of move sequences of a length, to check the generator. */
@Command(name = "perft", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Count the move sequences of length DEPTH from POSITION, to check the move generator.",
            "Moves are distinct routes: two captures with the same start and end that take different men "
                    + "count twice. Sequences stop early where the game ends by rule (repetition included).",
            "The counts from the start position are in docs/rules.md#perft."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo perft \"w 12 12\" 4",
            "  emergo perft --variant hexemergo --divide \"w 12 12\" 2"})
final class PerftCommand implements Callable<Integer> {

    @CommandLine.Mixin
    VariantOption variant;

    @CommandLine.Option(names = "--divide", description = "Also print the count below each legal move.")
    boolean divide;

    @CommandLine.Parameters(index = "0", paramLabel = "POSITION", description = "A position string in quotes, e.g. \"w 12 12\".")
    String position;

    @CommandLine.Parameters(index = "1", paramLabel = "DEPTH", description = "The sequence length, 0 or more.")
    int depth;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Position p = variant.position(position, spec);
        if (depth < 0) throw new CommandLine.ParameterException(spec.commandLine(), "DEPTH must be 0 or more");
        if (divide && depth > 0) {
            for (Move m : MoveGen.legalMoves(p)) {
                out.println(m + " " + Perft.count(p, m, depth));
            }
        }
        out.println(Perft.count(p, depth));
        out.flush();
        return 0;
    }
}
