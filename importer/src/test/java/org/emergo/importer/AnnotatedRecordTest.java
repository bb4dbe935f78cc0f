package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class AnnotatedRecordTest {

    private static GameRecord record(String setup, List<String> moves, String movetext) {
        return new GameRecord(Variant.EMERGO, Map.of("Result", "1-0"), setup, moves, movetext, "x", 1);
    }

    @Test
    void eachMainLineMoveGetsItsSignAndCommentBeforeWhatTheRecordSaysAndVariationsAreLeftAlone() {
        GameRecord game = record(null, List.of("d4", "f6", "e3"), "1. d4 {opening} (1. e3 f6) 1... f6 2. e3 1-0");
        GameRecord annotated = AnnotatedRecord.of(game, ply -> switch (ply) {
            case 1 -> new MoveNote("?!", "[%eval -0.50] An inaccuracy.");
            case 2 -> null;
            default -> new MoveNote(null, "[%eval 0.10]");
        });
        assertEquals("1. d4?! {[%eval -0.50] An inaccuracy.} {opening} (1. e3 f6) 1... f6 2. e3 {[%eval 0.10]} 1-0",
                annotated.movetext());
        assertEquals(game.moves(), annotated.moves());
        assertEquals(game.tags(), annotated.tags());
    }

    @Test
    void aMoveThatCarriesASignKeepsItsOwnAndAGameWithoutMovetextGetsItsMovesBackWithNotes() {
        GameRecord signed = record(null, List.of("d4!", "f6"), "1. d4! f6 1-0");
        assertEquals("1. d4! {best} 1... f6?? 1-0",
                AnnotatedRecord.of(signed, ply -> new MoveNote(ply == 1 ? "?" : "??", ply == 1 ? "best" : null)).movetext());
        GameRecord blackFirst = record("b 11 12 d4:w", List.of("c3"), "1... c3 1-0");
        assertEquals("1... c3? {x} 1-0", AnnotatedRecord.of(blackFirst, ply -> new MoveNote("?", "x")).movetext());
    }

    @Test
    void theAnnotatedTextReadsBackAsTheSameMovesWithTheSignsAsWritten() {
        GameRecord game = record(null, List.of("d4", "f6", "e3"), "1. d4 f6 2. e3 1-0");
        GameRecord annotated = AnnotatedRecord.of(game, ply -> new MoveNote(ply == 2 ? "??" : null, "[%eval 0." + ply + "0]"));
        ListSink sink = Fixtures.egnText(EgnWriter.toEgn(annotated));
        assertEquals(List.of(), sink.errors);
        assertEquals(List.of("d4", "f6??", "e3"), sink.games.get(0).moves());
        assertEquals(annotated.movetext(), sink.games.get(0).movetext());
    }

    @Test
    void variationsGoAfterTheMoveTheyReplaceNestedAsPgnWritesThemAndReadBackAsTheSameGame() {
        GameRecord game = record(null, List.of("d4", "f6", "e3"), "1. d4 f6 2. e3 1-0");
        // instead of f6: e6 then d5 (with d6 instead of d5), and c6
        List<VariationMove> e6 = List.of(new VariationMove("e6", "[%eval 0.20] loses a man",
                        List.of()),
                new VariationMove("d5", null, List.of(List.of(new VariationMove("d6", "{odd} text", List.of())))));
        List<VariationMove> c6 = List.of(new VariationMove("c6", null, List.of()));
        GameRecord annotated = AnnotatedRecord.of(game, ply -> ply == 2 ? new MoveNote("?", "[%eval 0.10]", List.of(e6, c6)) : null);
        assertEquals("1. d4 f6? {[%eval 0.10]} (1... e6 {[%eval 0.20] loses a man} 2. d5 (2. d6 {{odd) text})) (1... c6) 2. e3 1-0",
                annotated.movetext());
        ListSink sink = Fixtures.egnText(EgnWriter.toEgn(annotated));
        assertEquals(List.of(), sink.errors);
        // the main line is the game
        assertEquals(List.of("d4", "f6?", "e3"), sink.games.get(0).moves());
        assertEquals(annotated.movetext(), sink.games.get(0).movetext());
    }
}
