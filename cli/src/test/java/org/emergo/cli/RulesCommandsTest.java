package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.emergo.importer.EgnReader;
import org.emergo.importer.ImportError;
import org.emergo.importer.RecordSink;
import org.emergo.replay.Analysis;
import org.emergo.replay.GameRecord;
import org.emergo.replay.Replay;
import org.junit.jupiter.api.Test;

/** The rules engine's commands: moves, perft, generate. */
class RulesCommandsTest {

    private static final String WORKED_EXAMPLE = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";

    @Test
    void movesPrintsTheFortyFirstMovesOnePerLine() {
        CommandLineRun r = CommandLineRun.run("moves", "w 12 12");
        assertEquals(0, r.exitCode());
        List<String> lines = r.out().lines().toList();
        assertEquals(40, lines.size());
        assertTrue(!lines.contains("e5"), "the centre is banned on the first move");
        assertEquals("a5", lines.get(0));
    }

    @Test
    void movesAnswersJsonWithTheCanonicalPositionAndStatus() throws IOException {
        CommandLineRun r = CommandLineRun.run("moves", "--json", "w 0 0 h4:b2 g4:w c5:b d6:b e5:b f4:w4");
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals(WORKED_EXAMPLE, o.get("epn").asText());
        assertEquals("ongoing", o.get("status").asText());
        assertEquals(List.of("f4-e4", "f4-f5", "f4-f3", "g4-g5", "g4-g3"),
                new ObjectMapper().convertValue(o.get("moves"), List.class));
    }

    @Test
    void movesReadsABatchFromStdinAndAnswersABadLineWithAnErrorLine() throws IOException {
        String input = "w 12 12\nnot a position\nb 0 0 c4:w3b5 d4:w2\n";
        CommandLineRun r = CommandLineRun.withInput(input, "moves", "--json");
        List<String> lines = r.out().lines().toList();
        assertEquals(3, lines.size());
        ObjectMapper json = new ObjectMapper();
        assertEquals(40, json.readTree(lines.get(0)).get("moves").size());
        assertTrue(json.readTree(lines.get(1)).get("error").asText().contains("bad side to move 'not'"));
        assertEquals("white-wins", json.readTree(lines.get(2)).get("status").asText());
        assertEquals(1, r.exitCode());
    }

    @Test
    void movesInPlainBatchModeAnswersOneLinePerPosition() {
        CommandLineRun r = CommandLineRun.withInput(WORKED_EXAMPLE + "\nw 1 x\n", "moves");
        assertEquals(List.of("f4-e4 f4-f5 f4-f3 g4-g5 g4-g3", "error: bad black in hand 'x' (a number)"), r.out().lines().toList());
    }

    @Test
    void movesInBatchModeAnswersABlankLineWithAnErrorLineSoAnswersStayInStep() {
        CommandLineRun r = CommandLineRun.withInput("w 0 0 e5:w\n\nw 0 0 e5:w\n", "moves");
        assertEquals(List.of("e5-f5 e5-d5 e5-e6 e5-e4", "error: empty line: a position string was expected",
                "e5-f5 e5-d5 e5-e6 e5-e4"), r.out().lines().toList());
        assertEquals(1, r.exitCode());
    }

    @Test
    void movesInJsonBatchModeAnswersABlankLineWithAnErrorObject() throws IOException {
        CommandLineRun r = CommandLineRun.withInput("\nw 0 0 e5:w\n", "moves", "--json");
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r.out());
        JsonNode blank = new ObjectMapper().readTree(lines.get(0));
        assertEquals("", blank.get("input").asText());
        assertEquals("empty line: a position string was expected", blank.get("error").asText());
        assertEquals(4, new ObjectMapper().readTree(lines.get(1)).get("moves").size());
    }

    @Test
    void movesInBatchModeSaysWhenTheGameIsOverAndHow() {
        CommandLineRun r = CommandLineRun.withInput("b 0 0 c4:w3b5 d4:w2\nb 0 0 a5:b b5:w c5:w\nw 0 1\n", "moves");
        assertEquals(List.of("game over: white-wins (loss with no pieces)", "game over: draw (draw blocked)",
                "game over: black-wins (loss with no pieces)"), r.out().lines().toList());
        assertEquals(0, r.exitCode(), r::err);
    }

    @Test
    void movesOfAFinishedPositionSaysTheGameIsOver() {
        CommandLineRun r = CommandLineRun.run("moves", "b 0 0 c4:w3b5 d4:w2");
        assertEquals("game over: white-wins (loss with no pieces)\n", r.out());
        assertEquals(0, r.exitCode(), r::err);
    }

    @Test
    void aMalformedPositionArgumentIsABadUsage() {
        CommandLineRun r = CommandLineRun.run("moves", "w 12");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("expected '<side> <white in hand> <black in hand> <columns>'"), r.err());
    }

    @Test
    void hexEmergoPositionsAreReadWithTheVariantOption() {
        CommandLineRun r = CommandLineRun.run("moves", "--variant", "hexemergo", "w 12 12");
        assertEquals(36, r.out().lines().count());
        assertTrue(r.out().lines().noneMatch("d4"::equals));
    }

    @Test
    void perftReproducesTheRuleBookTable() {
        assertEquals("55172", CommandLineRun.run("perft", "w 12 12", "3").out().strip());
        assertEquals("36702", CommandLineRun.run("perft", "--variant", "HexEmergo", "w 12 12", "3").out().strip());
    }

    @Test
    void perftDivideListsEachFirstMoveWithItsCount() {
        List<String> lines = CommandLineRun.run("perft", "--divide", "w 12 12", "2").out().lines().toList();
        assertEquals(41, lines.size());
        assertEquals("a5 39", lines.get(0));
        assertEquals("1504", lines.get(40));
    }

    @Test
    void generateWritesCompleteLegalGamesThatReplayWithoutFindings() throws IOException {
        CommandLineRun r = CommandLineRun.run("generate", "--games", "3", "--seed", "9", "--variant", "hexemergo");
        assertEquals(0, r.exitCode());
        List<GameRecord> games = new ArrayList<>();
        List<ImportError> errors = new ArrayList<>();
        EgnReader.read(new StringReader(r.out()), "generated", new RecordSink() {
            @Override public void game(GameRecord record) { games.add(record); }
            @Override public void error(ImportError error) { errors.add(error); }
            @Override public void warning(ImportError warning) { errors.add(warning); }
        });
        assertEquals(List.of(), errors);
        assertEquals(3, games.size());
        for (GameRecord g : games) {
            Analysis a = Replay.analyse(g);
            assertEquals(List.of(), a.findings());
            assertTrue(a.termination().isOver());
            assertEquals(a.resultByRule(), g.result());
        }
        assertEquals(r.out(), CommandLineRun.run("generate", "--games", "3", "--seed", "9", "--variant", "hexemergo").out());
    }

    @Test
    void anUnknownVariantIsABadUsage() {
        CommandLineRun r = CommandLineRun.run("moves", "--variant", "chess", "w 12 12");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("unknown variant 'chess'"), r.err());
    }
}
