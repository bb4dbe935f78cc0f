package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class EgnReaderTest {

    /** The bad-input fixtures hold a good game before (line 1) and after (line 17) the broken one. */
    private static void assertGoodGamesAround(ListSink sink) {
        assertEquals(List.of("2003.05.14", "2003.05.15"), sink.tag("Date"));
        assertEquals(1, sink.games.get(0).sourceLine());
        assertEquals(List.of("d4", "f6", "e3", "c5"), sink.games.get(0).moves());
        assertEquals(List.of("e3", "c5", "d4", "f6"), sink.games.get(1).moves());
    }

    private static void assertOneError(ListSink sink, String source, int line, int column, String message) {
        assertEquals(1, sink.errors.size(), () -> "errors: " + sink.errors);
        ImportError e = sink.errors.get(0);
        assertEquals(source, e.source());
        assertEquals(line, e.line(), () -> "line of " + e);
        assertEquals(column, e.column(), () -> "column of " + e);
        assertTrue(e.message().contains(message), () -> "message of " + e);
    }

    @Test
    void aGoodFileGivesEveryGameWithTagsMovesAndCanonicalMovetext() {
        ListSink sink = Fixtures.egn("egn/good.egn");
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of(), sink.warnings);
        assertEquals(3, sink.games.size());

        GameRecord first = sink.games.get(0);
        assertEquals(List.of("Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant"),
                List.copyOf(first.tags().keySet()));
        assertEquals("van Zon, Ed", first.tag("White"));
        assertEquals(Variant.EMERGO, first.variant());
        assertNull(first.setupPosition());
        assertEquals(List.of("d4", "f6", "e3", "c5", "d6!?", "e7", "f4", "g6"), first.moves());
        assertEquals("1. d4 f6 2. e3 c5 {a comment spanning two lines} 3. d6!? $1 e7 (3... e6 4. c4 (4. f4) 4... d2) "
                + "4. f4 {line comment} 4... g6 0-1", first.movetext());
        assertEquals("egn/good.egn", first.source());
        assertEquals(1, first.sourceLine());

        GameRecord problem = sink.games.get(1);
        assertEquals("b 0 3 d4:w3b2 e5:b g6:bw4", problem.setupPosition());
        assertEquals("b 0 3 g6:bw4 d4:w3b2 e5:b", problem.tag("Position"));
        assertEquals("1... e6 2. d4-c4 *", problem.movetext());
        assertEquals(14, problem.sourceLine());

        GameRecord hex = sink.games.get(2);
        assertEquals(Variant.HEXEMERGO, hex.variant());
        assertEquals(Map.of("Event", "Hex test", "Variant", "HexEmergo", "Result", "1-0"), hex.tags());
        assertEquals("1. c3 e5 2. b2 1-0", hex.movetext());
        assertEquals(21, hex.sourceLine());
    }

    @Test
    void anUnterminatedTagRejectsItsRecordOnly() {
        ListSink sink = Fixtures.egn("egn/unterminated-tag.egn");
        assertOneError(sink, "egn/unterminated-tag.egn", 12, 1, "unterminated tag started at 12:1");
        assertGoodGamesAround(sink);
        assertEquals(17, sink.games.get(1).sourceLine());
    }

    @Test
    void anUnterminatedStringRejectsItsRecordOnly() {
        ListSink sink = Fixtures.egn("egn/unterminated-string.egn");
        assertOneError(sink, "egn/unterminated-string.egn", 12, 8, "unterminated string started at 12:8");
        assertEquals("[White \"van Zon, Ed]", sink.errors.get(0).excerpt());
        assertGoodGamesAround(sink);
    }

    @Test
    void anUnterminatedCommentEndsAtTheNextRecordAfterABlankLine() {
        ListSink sink = Fixtures.egn("egn/unterminated-comment.egn");
        assertOneError(sink, "egn/unterminated-comment.egn", 14, 16,
                "unterminated comment started at 14:16 (no '}' before the next record at line 17)");
        assertGoodGamesAround(sink);
    }

    @Test
    void anUnterminatedVariationIsFoundAtTheResultToken() {
        ListSink sink = Fixtures.egn("egn/unterminated-variation.egn");
        assertOneError(sink, "egn/unterminated-variation.egn", 14, 16,
                "unterminated variation started at 14:16 (no ')' before the result token 1-0 at 14:26)");
        assertGoodGamesAround(sink);
    }

    @Test
    void garbageInTheMovetextRejectsItsRecordWithThePositionOfTheGarbage() {
        ListSink sink = Fixtures.egn("egn/garbage-movetext.egn");
        assertOneError(sink, "egn/garbage-movetext.egn", 14, 10, "unexpected text '<html>' in the movetext");
        assertEquals("<html>", sink.errors.get(0).excerpt());
        assertGoodGamesAround(sink);
    }

    @Test
    void aTokenThatIsNotNotationRejectsItsRecordAtTheBadSquare() {
        ListSink sink = Fixtures.egn("egn/not-notation.egn");
        assertOneError(sink, "egn/not-notation.egn", 14, 16, "not move notation: 'd4-j9': expected a square at 'j9'");
        assertEquals("d4-j9", sink.errors.get(0).excerpt());
        assertGoodGamesAround(sink);
    }

    @Test
    void aWrongMoveNumberIsAWarningAndTheGameIsRenumbered() {
        ListSink sink = Fixtures.egn("egn/wrong-number.egn");
        assertEquals(List.of(), sink.errors);
        assertEquals(3, sink.games.size());
        assertEquals("1. d4 f6 2. e3 c5 1-0", sink.games.get(1).movetext());
        assertEquals(1, sink.warnings.size());
        ImportError w = sink.warnings.get(0);
        assertEquals(14, w.line());
        assertEquals(10, w.column());
        assertTrue(w.message().contains("move number 3. at 14:10 should be 2."), w::message);
    }

    @Test
    void aBadPositionRejectsItsRecordAtThePositionTag() {
        ListSink sink = Fixtures.egn("egn/bad-position.egn");
        assertOneError(sink, "egn/bad-position.egn", 13, 11, "bad Position for Emergo: no square 'z9'");
        assertEquals("w 12 12 z9:w", sink.errors.get(0).excerpt());
        assertGoodGamesAround(sink);
    }

    @Test
    void aResultTagThatDisagreesWithTheTokenIsAWarning() {
        ListSink sink = Fixtures.egn("egn/result-mismatch.egn");
        assertEquals(List.of(), sink.errors);
        assertEquals("1-0", sink.games.get(0).tag("Result"));
        assertEquals("1. d4 f6 0-1", sink.games.get(0).movetext());
        assertEquals(1, sink.warnings.size());
        assertEquals(4, sink.warnings.get(0).line());
        assertEquals(10, sink.warnings.get(0).column());
        assertTrue(sink.warnings.get(0).message().contains("the Result tag says '1-0' but the movetext ends with '0-1'"));
    }

    @Test
    void aByteOrderMarkIsSkipped() {
        ListSink sink = Fixtures.egn("egn/bom.egn");
        assertEquals(List.of(), sink.errors);
        assertEquals("Club championship", sink.games.get(0).tag("Event"));
    }

    @Test
    void hostileTagValuesAreKeptExactly() {
        ListSink sink = Fixtures.egn("egn/hostile.egn");
        assertEquals(List.of(), sink.errors);
        assertEquals(3, sink.games.size());
        GameRecord hostile = sink.games.get(1);
        assertEquals("Quote \" and backslash \\ inside", hostile.tag("Event"));
        assertEquals("<script>alert('x')</script>", hostile.tag("Site"));
        assertEquals("Ab".repeat(5000), hostile.tag("White"));
        assertEquals("nul\u0000here", hostile.tag("Black"));
        assertEquals("\\", hostile.tag("Annotator"));
        assertEquals("2003.05.15", sink.games.get(2).tag("Date"));
    }

    @Test
    void aRecordWithoutTagsIsAGameAndTakesItsResultFromTheToken() {
        ListSink sink = Fixtures.egnText("\n\n1. d4 f6 2. e3 1-0\n");
        assertEquals(1, sink.games.size());
        assertEquals(Map.of("Result", "1-0"), sink.games.get(0).tags());
        assertEquals(3, sink.games.get(0).sourceLine());
    }

    @Test
    void commentsBeforeTheFirstGameAreIgnoredQuietlyButOtherStrayTextIsAWarning() {
        ListSink sink = Fixtures.egnText("; about this file\n{ and more }\n\n[Event \"A\"]\n\n1. d4 *\n\n$1 ()\n");
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of("A"), sink.tag("Event"));
        assertEquals(1, sink.warnings.size());
        assertEquals(8, sink.warnings.get(0).line());
        assertEquals("text outside a game ignored", sink.warnings.get(0).message());
    }

    @Test
    void aRecordWithTagsButNoMovetextEndsAtTheNextRecord() {
        ListSink sink = Fixtures.egnText("[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"B\"]\n\n1. d4 *\n");
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of("A", "B"), sink.tag("Event"));
        assertEquals("1-0", sink.games.get(0).movetext());
        assertEquals(List.of(), sink.games.get(0).moves());
        assertEquals(1, sink.warnings.size());
        assertTrue(sink.warnings.get(0).message().contains("no result token"));
    }

    @Test
    void readingResumesAfterTheBrokenRecordsResultTokenEvenWithoutABlankLine() {
        ListSink sink = Fixtures.egnText("[Event \"A\"]\n1. d4 ## f6\n2. e3 1-0\n[Site \"x\"]\n1. d4 f6 0-1\n");
        assertOneError(sink, "text.egn", 2, 7, "unexpected text '##'");
        assertEquals(List.of("x"), sink.tag("Site"));
    }

    @Test
    void aBrokenTagSkipsTheRestOfItsRecordUpToTheNextEventTag() {
        ListSink sink = Fixtures.egnText("[Event \"A\"]\n[Site x]\n[Date \"1\"]\n1. d4\n[Event \"B\"]\n1. d4 *\n");
        assertOneError(sink, "text.egn", 2, 7, "tag Site: expected a value in double quotes at 2:7");
        assertEquals(List.of("B"), sink.tag("Event"));
    }

    @Test
    void anUnterminatedCommentAtTheEndOfTheTextKeepsTheGamesBefore() {
        ListSink sink = Fixtures.egnText("[Event \"A\"]\n\n1. d4 *\n\n[Event \"B\"]\n\n1. d4 {no end\n\nat all");
        assertOneError(sink, "text.egn", 7, 7, "unterminated comment started at 7:7 (no '}' before the end of the text)");
        assertEquals(List.of("A"), sink.tag("Event"));
    }

    @Test
    void windowsLineEndsAndEscapeLinesAreRead() {
        ListSink sink = Fixtures.egnText("% a comment line\r\n[Event \"A\"]\r\n\r\n1. d4 f6\r\n% escape\r\n2. e3 ?? *\r\n");
        assertOneError(sink, "text.egn", 6, 7, "unexpected text '??'");
        assertEquals(List.of(), sink.games);
    }

    @Test
    void movesWrittenWithoutSpacesAfterTheNumberAndGlyphsAfterMovesAreRead() {
        ListSink sink = Fixtures.egnText("1.d4 f6$2 2.e3!! c5?? 3...d6 1/2-1/2");
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of("d4", "f6", "e3!!", "c5??", "d6"), sink.games.get(0).moves());
        assertEquals("1. d4 f6 $2 2. e3!! c5?? 3. d6 1/2-1/2", sink.games.get(0).movetext());
        assertEquals(1, sink.warnings.size());
        assertTrue(sink.warnings.get(0).message().contains("move number 3... at 1:23 announces a Black move, but White is to move"),
                sink.warnings.get(0)::message);
    }

    @Test
    void aTagValueLongerThanTheLimitRejectsItsRecord() {
        String text = "[Event \"A\"]\n\n1. d4 *\n\n[Event \"" + "x".repeat(EgnReader.MAX_TAG_VALUE_CHARS + 1)
                + "\"]\n\n1. d4 *\n\n[Event \"C\"]\n\n1. d4 *\n";
        ListSink sink = Fixtures.egnText(text);
        assertOneError(sink, "text.egn", 5, 8, "tag Event: value longer than 100,000 characters");
        assertEquals(List.of("A", "C"), sink.tag("Event"));
    }

    @Test
    void aRecordLongerThanTheLimitIsRejectedAndTheNextOneRead() throws IOException {
        List<String> parts = new ArrayList<>();
        parts.add("[Event \"A\"]\n\n1. d4 *\n\n[Event \"B\"]\n\n1. d4 {");
        parts.add("this comment goes on and on ");
        parts.add("} *\n\n[Event \"C\"]\n\n1. d4 *\n");
        // The middle part repeated 40,000 times: 1.1 million characters, never one String.
        Reader reader = new Reader() {
            int part = 0;
            int repeat = 0;
            int at = 0;

            @Override
            public int read(char[] buffer, int offset, int length) {
                if (part == 3) return -1;
                String s = parts.get(part);
                int n = Math.min(length, s.length() - at);
                s.getChars(at, at + n, buffer, offset);
                at += n;
                if (at == s.length()) {
                    at = 0;
                    if (part != 1 || ++repeat == 40_000) part++;
                }
                return n;
            }

            @Override
            public void close() {}
        };
        ListSink sink = new ListSink();
        EgnReader.read(reader, "long.egn", sink);
        assertOneError(sink, "long.egn", 5, 1, "record longer than 1,000,000 characters");
        assertEquals(List.of("A", "C"), sink.tag("Event"));
    }

    @Test
    void anUnknownVariantRejectsItsRecord() {
        ListSink sink = Fixtures.egnText("[Variant \"Chess\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n");
        assertOneError(sink, "text.egn", 1, 10, "unknown variant 'Chess'");
        assertEquals(List.of("B"), sink.tag("Event"));
    }

    @Test
    void aBlackFirstSetupNumbersTheFirstMoveWithThreeDots() {
        ListSink sink = Fixtures.egnText("[SetUp \"1\"]\n[Position \"b 5 5 e5:w\"]\n\ne4 2. d4 e3 (2... e6) *");
        assertEquals(List.of(), sink.errors);
        assertEquals("1... e4 2. d4 e3 (2... e6) *", sink.games.get(0).movetext());
        assertEquals(List.of("e4", "d4", "e3"), sink.games.get(0).moves());
    }
}
