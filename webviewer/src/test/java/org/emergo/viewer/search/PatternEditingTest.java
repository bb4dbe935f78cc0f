package org.emergo.viewer.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.emergo.pattern.Pattern;
import org.emergo.pattern.PatternText;
import org.emergo.rules.Board;
import org.junit.jupiter.api.Test;

/** The board editor's links, as pattern texts: each edit changes one thing and keeps the rest. */
class PatternEditingTest {

    /** Both parts carry a side to move, hands and move conditions that an edit must keep. */
    private static final String MANOEUVRE = "turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 e5:b entry";

    private static int square(String name) {
        return Board.EMERGO.square(name);
    }

    /** The edited pattern's canonical text, which must read back to the same pattern. */
    private static String text(Pattern p) {
        String t = PatternText.format(p);
        assertEquals(p, PatternText.parse(t), t);
        assertEquals(t, PatternText.format(PatternText.parse(t)));
        return t;
    }

    @Test
    void aSquareOfTheSecondBoardCyclesThroughTheSameConditionsAndKeepsTheRest() {
        Pattern p = PatternText.parse(MANOEUVRE);
        assertEquals(MANOEUVRE, text(p));
        p = PatternEditing.cycleThen(p, square("d4"));
        assertEquals("turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 d4:empty e5:b entry", text(p));
        String[] cycle = {"w", "b", "occupied", "p", "hit", null, "empty"};
        for (String next : cycle) {
            p = PatternEditing.cycleThen(p, square("d4"));
            assertEquals("turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0" + (next == null ? "" : " d4:" + next)
                    + " e5:b entry", text(p));
        }
        assertEquals("turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 e5:occupied entry",
                text(PatternEditing.cycleThen(PatternText.parse(MANOEUVRE), square("e5"))));
    }

    @Test
    void aSquareOfTheFirstBoardKeepsTheSecondPattern() {
        Pattern p = PatternText.parse(MANOEUVRE);
        assertEquals("turn:w whand:2+ d4:empty e5:w4 capture:1+ then:6 turn:b bhand:0 e5:b entry",
                text(PatternEditing.cycle(p, square("d4"))));
        // w4 is typed by hand, not one of the cycle's conditions: it goes back to any
        assertEquals("turn:w whand:2+ capture:1+ then:6 turn:b bhand:0 e5:b entry", text(PatternEditing.cycle(p, square("e5"))));
    }

    @Test
    void aSecondPatternThatLosesItsLastConditionAsksNothingAndStays() {
        Pattern p = PatternEditing.cycleThen(PatternText.parse("e5:w then:3 a5:hit"), square("a5"));
        assertEquals("e5:w then:3 any", text(p));
        assertEquals("e5:w then:3 a5:empty", text(PatternEditing.cycleThen(p, square("a5"))));
    }

    @Test
    void aSecondPatternIsAddedAskingNothingWithinSixPliesAndRemovedLeavingTheFirst() {
        assertEquals(6, PatternEditing.DEFAULT_WITHIN);
        assertEquals("turn:b e5:w4+ entry then:6 any", text(PatternEditing.addThen(PatternText.parse("entry e5:w4+ turn:b"), 6)));
        assertEquals("then:6 any", text(PatternEditing.addThen(PatternText.parse("any"), 6)));
        assertEquals("hexemergo d4:w then:2 any", text(PatternEditing.addThen(PatternText.parse("hexemergo d4:w"), 2)));
        assertEquals("turn:w whand:2+ e5:w4 capture:1+", text(PatternEditing.removeThen(PatternText.parse(MANOEUVRE))));
        assertEquals("any", text(PatternEditing.removeThen(PatternText.parse("then:6 any"))));
    }

    @Test
    void theSecondBoardOfAHexEmergoManoeuvreIsHexEmergos() {
        Pattern p = PatternText.parse("hexemergo g7:bp then:2 g7:w");
        assertEquals("hexemergo g7:bp then:2 d4:empty g7:w", text(PatternEditing.cycleThen(p, Board.HEXEMERGO.square("d4"))));
    }

    @Test
    void aPatternWithoutASecondPatternHasNoSecondBoardToEdit() {
        assertThrows(IllegalArgumentException.class, () -> PatternEditing.cycleThen(PatternText.parse("e5:w"), square("e5")));
    }

    @Test
    void orAndExcludeBoardsAreAddedEditedAndRemovedEachOnItsOwn() {
        Pattern p = PatternText.parse("e5:w4 then:6 e5:!w");
        p = PatternEditing.addOr(p);
        assertEquals("e5:w4 then:6 e5:!w or any", text(p));
        p = PatternEditing.cycle(p, new PatternEditing.Part(1, PatternEditing.Part.Kind.MAIN, 0), square("a5"));
        assertEquals("e5:w4 then:6 e5:!w or a5:empty", text(p));
        p = PatternEditing.addExclude(p, 0);
        assertEquals("e5:w4 not any then:6 e5:!w or a5:empty", text(p));
        PatternEditing.Part exclude = new PatternEditing.Part(0, PatternEditing.Part.Kind.EXCLUDE, 0);
        p = PatternEditing.cycle(PatternEditing.cycle(p, exclude, square("d4")), exclude, square("d4"));
        assertEquals("e5:w4 not d4:w then:6 e5:!w or a5:empty", text(p));
        // a negated condition, typed, goes back to any like any other typed condition
        assertEquals("e5:w4 not d4:w then:6 any or a5:empty", text(PatternEditing.cycle(p, PatternEditing.Part.FIRST_THEN, square("e5"))));
        p = PatternEditing.addThen(p, 1, 2);
        assertEquals("e5:w4 not d4:w then:6 e5:!w or a5:empty then:2 any", text(p));
        assertEquals("a5:empty then:2 any", text(PatternEditing.remove(p, PatternEditing.Part.FIRST)));
        assertEquals("e5:w4 not d4:w then:6 e5:!w", text(PatternEditing.remove(p, new PatternEditing.Part(1, PatternEditing.Part.Kind.MAIN, 0))));
        assertEquals("e5:w4 then:6 e5:!w or a5:empty then:2 any", text(PatternEditing.remove(p, exclude)));
        assertEquals("e5:w4 not d4:w or a5:empty then:2 any", text(PatternEditing.removeThen(p)));
        assertThrows(IllegalArgumentException.class, () -> PatternEditing.remove(PatternText.parse("e5:w"), PatternEditing.Part.FIRST));
        // sym and colours belong to the whole pattern and stay through every edit
        Pattern sym = PatternText.parse("sym colours e5:w or a5:b");
        assertEquals("sym colours a5:b", text(PatternEditing.remove(sym, PatternEditing.Part.FIRST)));
        assertEquals("sym colours e5:w or a5:occupied", text(PatternEditing.cycle(sym, new PatternEditing.Part(1, PatternEditing.Part.Kind.MAIN, 0), square("a5"))));
        assertEquals("sym colours e5:w or a5:b or any", text(PatternEditing.addOr(sym)));
    }
}
