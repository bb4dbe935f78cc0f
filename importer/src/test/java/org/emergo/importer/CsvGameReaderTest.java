package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class CsvGameReaderTest {

    private static void assertError(ImportError e, String source, int line, int column, String message) {
        assertEquals(source, e.source(), e::toString);
        assertEquals(line, e.line(), e::toString);
        assertEquals(column, e.column(), e::toString);
        assertTrue(e.message().contains(message), e::toString);
    }

    private static ListSink read(String text) throws IOException {
        ListSink sink = new ListSink();
        CsvGameReader.read(new StringReader(text), "t.csv", sink);
        return sink;
    }

    @Test
    void gamesPerRowKeepTheGoodRowsAndReportTheBadOnesWithTheirLines() throws IOException {
        ListSink sink = new ListSink();
        CsvGameReader.read(Fixtures.reader("csv/games-per-row.csv"), "games.csv", sink);

        assertEquals(List.of("van Zon, Ed", "C", "E"), sink.tag("White"));
        assertEquals(2, sink.errors.size(), sink.errors::toString);
        assertError(sink.errors.get(0), "games.csv", 3, 1, "row has 10 fields; the header has 11");
        assertError(sink.errors.get(1), "games.csv", 4, 10, "moves field, character 7: not move notation: 'zz'");
        assertEquals("zz", sink.errors.get(1).excerpt());

        GameRecord first = sink.games.get(0);
        assertEquals(List.of("White", "Black", "Event", "Site", "Date", "Round", "Result", "Variant", "WhiteElo"),
                List.copyOf(first.tags().keySet()));
        assertEquals("2100", first.tag("WhiteElo"));
        assertEquals(List.of("d4", "f6", "e3", "c5"), first.moves());
        assertEquals("1. d4 f6 2. e3 c5 0-1", first.movetext());
        assertEquals(2, first.sourceLine());

        GameRecord multiLine = sink.games.get(1);
        assertEquals(Variant.HEXEMERGO, multiLine.variant());
        assertEquals("1. c3 {multi line} 1... e5 1-0", multiLine.movetext());
        assertEquals(5, multiLine.sourceLine());

        GameRecord noResult = sink.games.get(2);
        assertEquals("1/2-1/2", noResult.tag("Result"));
        assertEquals(null, noResult.tag("WhiteElo"));
        assertEquals(7, noResult.sourceLine());
    }

    @Test
    void movesPerRowArePairedOrderedByPlyAndBadGamesRejectedOneErrorEach() throws IOException {
        ListSink sink = new ListSink();
        CsvGameReader.readPaired(Fixtures.reader("csv/paired/games.csv"), "games.csv",
                Fixtures.reader("csv/paired/moves.csv"), "moves.csv", sink);

        assertEquals(List.of("A", "G"), sink.tag("White"));
        GameRecord g1 = sink.games.get(0);
        assertEquals(List.of("d4", "f6", "e3", "c5"), g1.moves());
        assertEquals("1. d4 {good start} 1... f6 2. e3 c5 1-0", g1.movetext());
        assertEquals("games.csv", g1.source());
        assertEquals(2, g1.sourceLine());
        assertEquals("1. d4 f6 1-0", sink.games.get(1).movetext());

        assertEquals(6, sink.errors.size(), sink.errors::toString);
        assertError(sink.errors.get(0), "moves.csv", 7, 2, "game 'g2': ply 1 given twice (lines 4 and 7)");
        assertError(sink.errors.get(1), "moves.csv", 8, 2, "game 'g3': ply 'one' is not a number");
        assertError(sink.errors.get(2), "moves.csv", 10, 3, "game 'g5', ply 1: not move notation: 'q9'");
        assertError(sink.errors.get(3), "moves.csv", 13, 1, "game 'g6': row has 5 fields; the header has 4");
        assertError(sink.errors.get(4), "moves.csv", 14, 2, "game 'g7': ply 2 is missing (plies run to 3)");
        assertError(sink.errors.get(5), "moves.csv", 11, 1, "moves for game id 'g9', which the games file");
    }

    @Test
    void textThatStopsBeingCsvEndsTheFileAfterTheRowsBefore() throws IOException {
        ListSink sink = new ListSink();
        CsvGameReader.read(Fixtures.reader("csv/broken-quote.csv"), "broken.csv", sink);
        assertEquals(List.of("A"), sink.tag("White"));
        assertEquals(1, sink.errors.size());
        assertError(sink.errors.get(0), "broken.csv", 3, 1, "not valid CSV: Invalid character between encapsulated token");
        assertTrue(sink.errors.get(0).message().endsWith("the rest of the file is not read"));
    }

    @Test
    void anEndlessQuotedFieldIsCutOffInsteadOfFillingMemory() throws IOException {
        String text = "id,white,moves\n1,A,1. d4 1-0\n2,\"" + "x".repeat(CsvGameReader.MAX_RECORD_CHARS + 100_000) + "\n";
        ListSink sink = read(text);
        assertEquals(List.of("A"), sink.tag("White"));
        assertEquals(1, sink.errors.size());
        assertTrue(sink.errors.get(0).message().contains("CSV row longer than"), sink.errors.get(0)::toString);
    }

    @Test
    void aHeaderWithoutMovesOrMoveColumnsIsAnUnknownLayout() throws IOException {
        ListSink sink = read("name,score\nx,1\n");
        assertEquals(List.of(), sink.games);
        assertError(sink.errors.get(0), "t.csv", 1, 1, "unknown CSV layout");
    }

    @Test
    void aHeaderThatNamesAColumnTwiceIsAnError() throws IOException {
        ListSink sink = read("id,White,white,moves\n1,a,b,1. d4 *\n");
        assertEquals(List.of(), sink.games);
        assertError(sink.errors.get(0), "t.csv", 1, 3, "column 'white' appears twice in the header");
    }

    @Test
    void aByteOrderMarkBeforeTheHeaderIsSkipped() throws IOException {
        ListSink sink = read("\uFEFFid,moves\n1,1. d4 *\n");
        assertEquals(List.of(), sink.errors);
        assertEquals(1, sink.games.size());
    }

    @Test
    void textAfterTheResultTokenRejectsTheRow() throws IOException {
        ListSink sink = read("id,moves\n1,1. d4 1-0 e5\n2,1. d4 *\n");
        assertEquals(1, sink.games.size());
        assertError(sink.errors.get(0), "t.csv", 2, 2, "moves field, character 11: text after the result token");
    }

    @Test
    void aPositionColumnSetsUpTheGame() throws IOException {
        ListSink sink = read("id,position,moves\n1,b 0 3 g6:bw4 d4:w3b2 e5:b,e6 d4-c4 *\n2,w 1 1 z1:w,*\n");
        assertEquals("b 0 3 d4:w3b2 e5:b g6:bw4", sink.games.get(0).setupPosition());
        assertEquals("1... e6 2. d4-c4 *", sink.games.get(0).movetext());
        assertError(sink.errors.get(0), "t.csv", 3, 2, "bad Position for Emergo");
    }

    @Test
    void whatTheCsvWriterWritesReadsBackAsTheSameGames() throws IOException {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Comma, \"quote\" and\nnew line");
        tags.put("White", "<script>x</script>");
        tags.put("Result", "0-1");
        tags.put("WhiteElo", "2100");
        tags.put("Annotator", "nul\u0000");
        GameRecord setup = new GameRecord(Variant.HEXEMERGO, tags, "b 11 12 d4:w", List.of("c3", "e5"),
                "1... c3 {a, \"comment\"} 2. e5 0-1", "x", 1);
        GameRecord plain = new GameRecord(Variant.EMERGO, Map.of("Result", "*"), null, List.of(), "*", "x", 2);

        StringWriter out = new StringWriter();
        try (CsvGameWriter writer = new CsvGameWriter(out, List.of("WhiteElo", "Annotator", "Event", "Missing"))) {
            writer.write("17", setup);
            writer.write("18", plain);
        }
        assertTrue(out.toString().startsWith(
                "id,event,site,date,round,white,black,result,variant,moves,position,WhiteElo,Annotator,Missing\r\n"), out::toString);

        ListSink sink = read(out.toString());
        assertEquals(List.of(), sink.errors);
        GameRecord back = sink.games.get(0);
        assertEquals(setup.variant(), back.variant());
        assertEquals(setup.setupPosition(), back.setupPosition());
        assertEquals(setup.moves(), back.moves());
        assertEquals(setup.movetext(), back.movetext());
        Map<String, String> expected = new LinkedHashMap<>(tags);
        expected.put("Variant", "HexEmergo");
        expected.put("Position", "b 11 12 d4:w");
        assertEquals(expected, back.tags());
        assertEquals(Map.of("Result", "*", "Variant", "Emergo"), sink.games.get(1).tags());
    }
}
