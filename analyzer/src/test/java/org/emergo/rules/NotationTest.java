package org.emergo.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** docs/formats.md#notation: every input spelling, read for its squares. */
class NotationTest {

    @ParameterizedTest(name = "{0} reads as {1}, compressed={2}")
    @CsvSource(delimiter = '|', value = {
        "g6|g6|false",
        "G6|g6|false",
        "@g6|g6|false",
        "f4-e4|f4 e4|false",
        "F4-E4|f4 e4|false",
        "f4e4|f4 e4|true",
        "fe4|f4 e4|true",
        "f45|f4 f5|true",
        "h4xf4|h4 f4|false",
        "h4-f4|h4 f4|false",
        "h4:f4|h4 f4|false",
        "h4xf4x|h4 f4|false",
        "hf4x|h4 f4|true",
        "e4xc4xc6xe6xe4xc4|e4 c4 c6 e6 e4 c4|false",
        "e4-c4-c6-e6-e4-c4|e4 c4 c6 e6 e4 c4|false",
        "e4:c4:c6|e4 c4 c6|false",
        "e4xc4xc6x|e4 c4 c6|false",
        "h6xd4|h6 d4|false",
        "h6d4x|h6 d4|true",
        "hd4x|h4 d4|true",
        "e4c4x|e4 c4|true",
    })
    void everySpellingReadsToItsSquares(String token, String squares, boolean compressed) {
        WrittenMove w = Notation.parse(token);
        assertEquals(List.of(squares.split(" ")), w.squares());
        assertEquals(compressed, w.compressed());
        assertEquals(token, w.text());
    }

    @ParameterizedTest
    @CsvSource({"e4xc4!,!", "g6?,?", "g6!!,!!", "g6??,??", "f4-e4!?,!?", "f4-e4?!,?!"})
    void suffixesAreKeptAsAnnotations(String token, String annotation) {
        assertEquals(annotation, Notation.parse(token).annotation());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "x", "e", "e0", "j5", "e5e", "1-0", "e5--e6", "@e4-e5", "e4x", "e4xx", "z9", "O-O", "e5;", "e 5"})
    void textThatIsNoMoveIsRejected(String token) {
        assertThrows(NotationException.class, () -> Notation.parse(token));
        assertFalse(Notation.isMove(token));
    }

    @Test
    void squaresThatTheBoardLacksAreStillNotation() {
        // a1 is no Emergo square, but it is notation: the analyser flags it NOT_ON_BOARD.
        assertTrue(Notation.isMove("a1"));
        Position p = Position.start(Variant.EMERGO);
        assertEquals(new Resolution.NotOnBoard("a1"), MoveMatcher.resolve(p, Notation.parse("a1")));
    }

    @Test
    void canonicalNotationOfEveryMoveKindReadsBackToTheSameMove() {
        Position p = PositionText.parse("w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2", Variant.EMERGO);
        for (Move m : MoveGen.legalMoves(p)) {
            assertEquals(new Resolution.Resolved(m, false), MoveMatcher.resolve(p, Notation.parse(m.toString())));
        }
    }

    @Test
    void aShortFormMatchingOneLegalRouteIsThatRoute() {
        // docs/rules.md#a-worked-example: Black's only legal capture is h4xf4xd4; "hd4x" and "h4xd4" name it.
        Position p = PositionText.parse("b 0 0 c5:b d6:b e4:w4 e5:b g4:w h4:b2", Variant.EMERGO);
        Move expected = MoveGen.legalMoves(p).get(0);
        assertEquals("h4xf4xd4", expected.toString());
        for (String token : List.of("hd4x", "h4d4x", "h4xd4", "h4-d4")) {
            assertEquals(new Resolution.Resolved(expected, true), MoveMatcher.resolve(p, Notation.parse(token)), token);
        }
    }

    @Test
    void aCompressedSingleJumpIsAShortFormForTheLongerRoute() {
        // docs/formats.md#notation: e4c4x is a short form: the 5-man route from e4 to c4 is the one it names.
        Position p = PositionText.parse("w 0 0 c5:b d4:b2w2 d6:b e4:w3 e5:b", Variant.EMERGO);
        Resolution r = MoveMatcher.resolve(p, Notation.parse("e4c4x"));
        assertEquals("e4xc4xc6xe6xe4xc4", ((Resolution.Resolved) r).move().toString());
        // Written with a separator it is one jump, taken as written (and illegal: too short).
        Resolution whole = MoveMatcher.resolve(p, Notation.parse("e4xc4"));
        assertEquals("e4xc4", ((Resolution.Resolved) whole).move().toString());
    }

    @Test
    void aShortFormThatMatchesRoutesLeavingDifferentPositionsIsAmbiguous() {
        // Two 4-man routes from c3 to g7 that take different men (found by a search of random positions).
        Position p = PositionText.parse("w 0 0 c3:w c4:b d3:b d5:b2 e2:b e4:b2 f4:b2 f5:b g6:b h6:w", Variant.EMERGO);
        Resolution r = MoveMatcher.resolve(p, Notation.parse("c3g7x"));
        Resolution.Ambiguous ambiguous = assertInstanceOf(Resolution.Ambiguous.class, r);
        assertEquals(List.of("c3xc5xe5xg5xg7", "c3xe3xe5xg5xg7"),
                ambiguous.candidates().stream().map(Move::toString).sorted().toList());
        // Naming a square in between picks one route.
        Resolution picked = MoveMatcher.resolve(p, Notation.parse("c3xe3xg7"));
        assertEquals("c3xe3xe5xg5xg7", ((Resolution.Resolved) picked).move().toString());
    }

    @Test
    void aShortFormWithNoMatchReadsAsConsecutiveJumpsOrIsUnplayable() {
        Position p = PositionText.parse("b 0 0 c5:b d6:b e4:w4 e5:b g4:w h4:b2", Variant.EMERGO);
        // h4xf4 stops short of the due h4xf4xd4: read as the one jump it spells.
        Resolution shortJump = MoveMatcher.resolve(p, Notation.parse("hf4x"));
        assertEquals(new Resolution.Resolved(Move.of(p.board(), p.board().square("h4"), p.board().square("f4")), true), shortJump);
        // e5 to e1 is no chain of jumps and no legal route.
        assertInstanceOf(Resolution.Unplayable.class, MoveMatcher.resolve(p, Notation.parse("e5e1x")));
    }
}
