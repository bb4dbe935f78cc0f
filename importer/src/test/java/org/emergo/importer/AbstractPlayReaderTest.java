package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.emergo.replay.GameRecord;
import org.junit.jupiter.api.Test;

class AbstractPlayReaderTest {

    private static ListSink read(String resource) throws IOException {
        ListSink sink = new ListSink();
        AbstractPlayReader.read(Fixtures.reader(resource), resource, sink);
        return sink;
    }

    private static void assertError(ImportError e, int line, int column, String message) {
        assertEquals(line, e.line(), e::toString);
        assertEquals(column, e.column(), e::toString);
        assertTrue(e.message().contains(message), e::toString);
    }

    @Test
    void theCornersAndTheCentreOfTheDrawingGetTheirObliqueNames() {
        assertEquals("e1", AbstractPlayReader.obliqueSquare("a1"));
        assertEquals("i5", AbstractPlayReader.obliqueSquare("i1"));
        assertEquals("e9", AbstractPlayReader.obliqueSquare("i9"));
        assertEquals("a5", AbstractPlayReader.obliqueSquare("a9"));
        assertEquals("e5", AbstractPlayReader.obliqueSquare("e5"));
        assertEquals("g5", AbstractPlayReader.obliqueSquare("G3"));
        assertNull(AbstractPlayReader.obliqueSquare("b1"));
    }

    @Test
    void oneRecordBecomesOneGameWithTagsFromTheHeader() throws IOException {
        ListSink sink = read("ap/single.json");
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of(), sink.warnings);
        GameRecord game = sink.games.get(0);
        assertEquals(List.of("Event", "Site", "Date", "Round", "White", "Black", "Result", "SiteGameId", "EndDate",
                "WhiteId", "BlackId"), List.copyOf(game.tags().keySet()));
        assertEquals("AP Open", game.tag("Event"));
        assertEquals("Abstract Play", game.tag("Site"));
        assertEquals("2023.04.01", game.tag("Date"));
        assertEquals("2023.04.09", game.tag("EndDate"));
        assertEquals("abc-123", game.tag("SiteGameId"));
        assertEquals("Alice", game.tag("White"));
        assertEquals("Bob", game.tag("Black"));
        assertEquals("1-0", game.tag("Result"));
        assertEquals(List.of("e1", "i5", "e3", "a5", "e3-e4"), game.moves());
        assertEquals("1. e1 i5 2. e3 a5 3. e3-e4 1-0", game.movetext());
        assertEquals(1, game.sourceLine());
    }

    @Test
    void anArrayKeepsTheEmergoRecordsAndReportsTheOthers() throws IOException {
        ListSink sink = read("ap/array.json");
        assertEquals(List.of("Alice", "Gus"), sink.tag("White"));
        GameRecord first = sink.games.get(0);
        assertEquals("0-1", first.tag("Result"));
        assertEquals("17", first.tag("SiteGameId"));
        assertEquals(List.of("e1", "e3", "g5", "f4", "e3xe5xg5"), first.moves());
        assertEquals(2, first.sourceLine());

        GameRecord draw = sink.games.get(1);
        assertEquals("1/2-1/2", draw.tag("Result"));
        assertEquals(List.of("e1", "e3", "f4"), draw.moves());
        assertEquals(1, sink.warnings.size());
        assertTrue(sink.warnings.get(0).message().contains("no move at round 1, Black"), sink.warnings.get(0)::toString);

        assertEquals(3, sink.errors.size(), sink.errors::toString);
        assertError(sink.errors.get(0), 6, 3, "not an Emergo record: Homeworlds");
        assertError(sink.errors.get(1), 9, 3, "round 1, Black: b1 in 'b1' is a light square");
        assertError(sink.errors.get(2), 15, 3, "element 5 of the array is not an object");
    }

    @Test
    void invalidJsonIsAnErrorAtJacksonsPositionAndTheRecordsBeforeAreKept() throws IOException {
        ListSink sink = read("ap/invalid.json");
        assertEquals(List.of("Alice"), sink.tag("White"));
        assertEquals(1, sink.errors.size());
        assertError(sink.errors.get(0), 5, 42, "invalid JSON: Unexpected character ('\"'");
        assertTrue(sink.errors.get(0).message().endsWith("the rest of the file is not read"));
    }

    @Test
    void aRecordWithoutAGameNameIsNotAnAbstractPlayRecord() throws IOException {
        ListSink sink = new ListSink();
        AbstractPlayReader.read(new StringReader("{\"moves\": []}"), "x.json", sink);
        assertEquals(List.of(), sink.games);
        assertError(sink.errors.get(0), 1, 1, "not an Abstract Play game record: no header.game.name");
    }

    @Test
    void aMissingResultIsAnUnfinishedGame() throws IOException {
        ListSink sink = new ListSink();
        AbstractPlayReader.read(new StringReader("\uFEFF{\"header\": {\"game\": {\"name\": \"Emergo\"}, \"players\": "
                + "[{\"name\": \"A\"}, {\"name\": \"B\"}]}, \"moves\": [[\"e5\", \"c3\"]]}"), "x.json", sink);
        assertEquals(List.of(), sink.errors);
        assertEquals("*", sink.games.get(0).tag("Result"));
        assertEquals("1. e5 e3 *", sink.games.get(0).movetext());
    }
}
