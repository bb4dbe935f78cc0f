package org.emergo.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Termination;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code emergo moves}: the legal moves of a position, or of each position read from stdin. */
@Command(name = "moves", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {
            "Print the legal moves of POSITION in canonical notation, one per line.",
            "Without POSITION, read positions from stdin, one per line, and answer each line with one line: "
                    + "the moves separated by spaces, \"game over: ...\" for a finished game, or \"error: ...\" "
                    + "for a line that is no position (a blank one too). With --json each answer is a JSON object.",
            "Position strings are described in docs/formats.md#position-strings."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo moves \"w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2\"",
            "  printf 'w 12 12\\nb 0 0 c4:w3b5 d4:w2\\n' | emergo moves --json"})
final class MovesCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @CommandLine.Mixin
    VariantOption variant;

    @CommandLine.Option(names = "--json", description = "Answer with {\"epn\", \"status\", \"hash\", \"moves\"} objects.")
    boolean json;

    @CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "POSITION",
            description = "A position string in quotes, e.g. \"w 12 12\".")
    String position;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (position != null) {
            Position p = variant.position(position, spec);
            List<Move> moves = MoveGen.legalMoves(p);
            if (json) out.println(jsonAnswer(p, moves));
            else if (moves.isEmpty()) out.println(gameOver(p, moves));
            else moves.forEach(out::println);
            out.flush();
            return 0;
        }
        return batch(out);
    }

    /** One answer line per input line; flushed whenever no more input is waiting, so pipes can converse. */
    private int batch(PrintWriter out) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int bad = 0;
        for (String line; (line = in.readLine()) != null; ) {
            try {
                // one answer per line, a blank one included, so a conversation stays in step
                if (line.isBlank()) throw new IllegalArgumentException("empty line: a position string was expected");
                Position p = PositionText.parse(line, variant.variant);
                List<Move> moves = MoveGen.legalMoves(p);
                if (json) {
                    out.println(jsonAnswer(p, moves));
                } else if (moves.isEmpty()) {
                    out.println(gameOver(p, moves));
                } else {
                    StringBuilder sb = new StringBuilder();
                    for (Move m : moves) sb.append(sb.length() == 0 ? "" : " ").append(m);
                    out.println(sb);
                }
            } catch (IllegalArgumentException e) {
                bad++;
                if (json) {
                    ObjectNode o = JSON.createObjectNode();
                    o.put("input", line);
                    o.put("error", e.getMessage());
                    out.println(o);
                } else {
                    out.println("error: " + e.getMessage());
                }
            }
            if (!in.ready()) out.flush();
        }
        out.flush();
        return bad == 0 ? 0 : 1;
    }

    /** The answer for a position without moves: the game is over, "game over: draw (draw blocked)". */
    static String gameOver(Position p, List<Move> moves) {
        return "game over: " + status(p, moves) + " (" + Termination.of(p, moves).description() + ")";
    }

    static String jsonAnswer(Position p, List<Move> moves) {
        ObjectNode o = JSON.createObjectNode();
        o.put("epn", p.toString());
        o.put("status", status(p, moves));
        o.put("hash", p.hash());
        var array = o.putArray("moves");
        for (Move m : moves) array.add(m.toString());
        return o.toString();
    }

    /** The status words of the JSON answer: ongoing, white-wins, black-wins or draw. */
    static String status(Position p, List<Move> moves) {
        Termination t = Termination.of(p, moves);
        return switch (t.result(p.sideToMove())) {
            case "1-0" -> "white-wins";
            case "0-1" -> "black-wins";
            case "1/2-1/2" -> "draw";
            default -> "ongoing";
        };
    }
}
