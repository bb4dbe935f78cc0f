package org.emergo.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.rules.Board;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PatternTextTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "any",
        "e5:w3+",
        "turn:b whand:0-3 bhand:2+ a5:empty e5:=w3b2 i5:bp capture:2+ entry finding",
        "e5:4 then:6 e5:empty",
        "e5:w4 then:6 any",
        "hexemergo",
        "hexemergo d4:occupied g7:b2-3p then:2 turn:w",
        "c3:p e1:w e9:b1",
        "a5:2 or e1:2 or e9:2 or i5:2",
        "e5:!w then:6 e5:!=w4",
        "e5:w4 not d4:b not turn:b capture:1+ then:6 e5:!b not e5:empty",
        "not e5:w",
        "e5:w or then:2 e5:b",
        "e5:w or any",
        "hexemergo d4:!bp or g7:w not any",
        "sym a5:2",
        "hexemergo sym colours turn:w a1:w3+ or g7:b",
        "turn:b e5:hit due material:w12- material:b+2+ for:3",
        "e5:!hit takes:0 material:w+0 then:4 takes:2-3 material:b7 for:2",
        "takes:3+ not a5:hit or material:b0",
    })
    void theCanonicalFormReadsBackToItself(String text) {
        Pattern p = PatternText.parse(text);
        assertEquals(text, p.toString());
        assertEquals(p, PatternText.parse(p.toString()));
    }

    @Test
    void wordsAreReadInAnyOrderAndCaseAndWrittenInBoardOrder() {
        assertEquals("turn:w b4:b e5:=bw2", PatternText.parse("  E5:=BW2  b4:b TURN:W ").toString());
        assertEquals("capture:1+", PatternText.parse("capture").toString());
        assertEquals("e5:w not turn:b or e5:occupied", PatternText.parse("e5:w  NOT  turn:b OR e5:!EMPTY").toString());
        assertEquals("sym colours a5:2 or e1:b", PatternText.parse("a5:2 COLORS or e1:b sym").toString());
        assertEquals("due material:b3-", PatternText.parse("MATERIAL:B0-3 takes:1+").toString());
    }

    @Test
    void orSeparatesAlternativesThenBindsTighterAndNotTakesTheWordsUpToTheNextKeyword() {
        Pattern p = PatternText.parse("e5:w not d4:b turn:b or a5:2 then:3 a5:b not a5:3+");
        List<Pattern> alternatives = p.alternatives();
        assertEquals(2, alternatives.size());
        assertEquals("e5:w not turn:b d4:b", alternatives.get(0).toString());
        assertEquals(null, alternatives.get(0).then());
        assertEquals("a5:2 then:3 a5:b not a5:3+", alternatives.get(1).toString());
        assertEquals("a5:b not a5:3+", alternatives.get(1).then().toString());
        assertEquals(List.of(), alternatives.get(1).excluded());
        assertEquals("occupied", PatternText.parse("e5:!empty").squares()[Board.EMERGO.square("e5")].toString());
        assertEquals("e5:empty", PatternText.parse("e5:!occupied").toString());
    }

    @Test
    void theSecondPatternOfAManoeuvreHasItsOwnConditions() {
        Pattern p = PatternText.parse("e5:w4 then:6 e5:b");
        assertEquals(6, p.within());
        Board b = Board.EMERGO;
        assertEquals(Side.WHITE, p.squares()[b.square("e5")].owner());
        assertEquals(Side.BLACK, p.then().squares()[b.square("e5")].owner());
        assertEquals(null, p.then().then());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "e5:w3+ z9:b|8|unknown word 'z9:b'",
        "e5:x|4|expected empty, occupied",
        "e5:w3-1|5|ends below its start",
        "e5:=w3w2|7|other colour",
        "turn:x|6|turn is turn:w or turn:b",
        "whand:lots|7|expected a count",
        "e5:w then:0 e5:b|11|expected a number of plies",
        "e5:w then:3|12|needs a pattern after it",
        "e5:w then:3 a5:b then:2 a1:w|18|at most one 'then'",
        "e5:w e5:b|6|has a condition already",
        "a1:w|1|unknown word 'a1:w': expected a square of the Emergo board",
        "hexemergo e9:w|11|HexEmergo board",
        "entry:3|1|takes no value",
        "e5:|4|needs a value",
        "e5:w capture:0|14|at least 1",
        "or e5:w|1|'or' needs a pattern on each side",
        "e5:w or|6|'or' needs a pattern on each side",
        "e5:w or or e5:b|9|'or' needs a pattern on each side",
        "e5:w not|9|'not' needs a pattern after it",
        "e5:w not then:2 e5:b|9|'not' needs a pattern after it",
        "e5:!any|4|'!any' matches no position",
        "e5:!|5|'!' needs a condition",
        "e5:!!w|5|one '!' is enough",
        "e5:w or hexemergo d4:w|9|goes first",
        "e5:w or a5:b then:2 a5:w then:3 e5:b|26|at most one 'then'",
        "sym e5:w sym|10|'sym' is written once",
        "e5:w not due for:2|14|'for:N' belongs to the pattern",
        "due takes:2|5|'takes' is written once",
        "takes:2 due|9|'due' is takes:1+",
        "due:2|1|takes no value",
        "takes:x|7|expected a count",
        "material:x3|10|material is material:wN",
        "material:w3 material:w4|13|material:w is written once",
        "material:w+2 material:b+1|14|a lead in material is written once",
        "material:w+2-|12|expected a count",
        "for:0|5|expected a number of positions",
        "for:2 for:3|7|'for' is written once",
        "e5:hitp|4|expected empty, occupied, any, hit",
    })
    void aMalformedPatternSaysWhereAndWhat(String text, int column, String what) {
        PatternException e = assertThrows(PatternException.class, () -> PatternText.parse(text));
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.getMessage().startsWith("column " + column + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    @Test
    void everyExampleOfTheDocumentReadsAndIsCanonicalOnceWritten() throws java.io.IOException {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "patterns.md"));
        String examples = doc.substring(doc.indexOf("### Examples"), doc.indexOf("### Canonical form"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\| `([^`]+)` \\|").matcher(examples);
        int n = 0;
        while (m.find()) {
            Pattern p = PatternText.parse(m.group(1));
            assertEquals(p, PatternText.parse(p.toString()), m.group(1));
            n++;
        }
        assertEquals(20, n);
    }

    @Test
    void anEmptyPatternIsAnError() {
        assertEquals(1, assertThrows(PatternException.class, () -> PatternText.parse("   ")).column());
    }

    @Test
    void squareConditionsTestHeightOwnerPrisonersAndComposition() {
        Position p = PositionText.parse("b 0 3 d4:w3b2 e5:b g6:bw4", Variant.EMERGO);
        int[] j = new int[p.board().size()];
        int[] pr = new int[p.board().size()];
        for (int sq = 0; sq < j.length; sq++) {
            if (p.column(sq) == null) continue;
            j[sq] = p.column(sq).owner() == Side.WHITE ? p.column(sq).jailers() : -p.column(sq).jailers();
            pr[sq] = p.column(sq).prisoners();
        }
        assertTrue(matches("d4:w5 e5:b1 g6:b5p f5:empty", j, pr));
        assertTrue(matches("d4:=w3b2 g6:=bw4 e5:=b", j, pr));
        assertTrue(matches("turn:b whand:0 bhand:3", j, pr));
        assertFalse(matches("turn:w", j, pr));
        assertFalse(matches("d4:=w5", j, pr));
        assertFalse(matches("e5:p", j, pr));
        assertFalse(matches("e5:w", j, pr));
        assertFalse(matches("d4:4", j, pr));
        assertTrue(matches("d4:4-5 e5:occupied", j, pr));
        assertFalse(matches("capture", j, pr));
        // negation: anything but what the condition asks, a vacant square included
        assertTrue(matches("e5:!w d4:!b f5:!w g6:!=bw3", j, pr));
        assertFalse(matches("e5:!b", j, pr));
        assertFalse(matches("d4:!5", j, pr));
        // an excluded part: the position must not match it as a whole
        assertTrue(matches("d4:w not e5:w not turn:w", j, pr));
        assertFalse(matches("d4:w not e5:b turn:b", j, pr));
        assertTrue(matches("d4:w not e5:b turn:w", j, pr));
        assertFalse(matches("not any", j, pr));
    }

    @Test
    void everySquareConditionAndItsNegationSplitAllColumnsBetweenThem() {
        String[] conditions = {"empty", "occupied", "w", "b", "3", "2+", "1-2", "w2+", "bp", "p", "=w3b2", "=b", "b4+p"};
        for (String c : conditions) {
            SquareCondition yes = PatternText.parse("e5:" + c).squares()[Board.EMERGO.square("e5")];
            SquareCondition no = PatternText.parse("e5:!" + c).squares()[Board.EMERGO.square("e5")];
            for (int jailers = -6; jailers <= 6; jailers++) {
                for (int prisoners = 0; prisoners <= (jailers == 0 ? 0 : 6); prisoners++) {
                    assertTrue(yes.test(jailers, prisoners) != no.test(jailers, prisoners), c + " " + jailers + "/" + prisoners);
                }
            }
        }
    }

    private static boolean matches(String pattern, int[] j, int[] pr) {
        return PatternText.parse(pattern).matches(j, pr, Side.BLACK, 0, 3, -1, false, false);
    }
}
