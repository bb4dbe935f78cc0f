package org.emergo.viewer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.javalin.http.BadRequestResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The moves tried as the address keeps them: playing into, along and off the lines, and the tree they form. */
class LinesTest {

    @Test
    void aMoveTriedStartsALineAMoveAlongItFollowsItAndAnotherBranchesOff() {
        // the game's own move from the main line stays on it
        assertNull(Lines.NONE.play(12, "e4", "e4"));
        Lines one = Lines.NONE.play(12, "e4", "d4");
        assertEquals("v=12:d4&at=0.1", one.query());
        Lines two = one.play(12, null, "f6");
        assertEquals("v=12:d4,f6&at=0.2", two.query()); // the end of a line grows
        Lines back = two.back();
        assertEquals("v=12:d4,f6&at=0.1", back.query());
        assertEquals(two, back.play(12, null, "f6")); // along the line
        Lines branch = back.play(12, null, "g6");
        assertEquals("v=12:d4,f6&v=12:d4,g6&at=1.2", branch.query());
        assertEquals("v=12:d4,f6&v=12:d4,g6", branch.back().back().query()); // to the main line, the lines kept
        assertEquals(branch, Lines.parse(List.of("12:d4,f6", "12:d4,g6"), "1.2"));
        // from the main line, the first move of a line tried goes into it
        assertEquals("v=12:d4,f6&v=12:d4,g6&at=0.1", branch.onMainLine().play(12, "e4", "d4").query());
        assertEquals(new Lines(branch.lines(), 0, 2), new Lines(branch.lines(), 0, 1).forward());
        assertNull(two.forward());
    }

    @Test
    void theLinesThatBeginAlikeFormATreeWrittenAsPgnWritesVariations() {
        Lines lines = Lines.parse(List.of("3:d4,f6,e3", "3:d4,g6", "3:c5"), "1.2");
        List<String> text = lines.tokens(3, true, (line, depth) -> line + "." + depth).stream()
                .map(t -> t.current() ? "[" + t.text() + "]" : t.text()).toList();
        // ply 3 is Black's second move; a move after a variation gets its number again
        assertEquals(List.of("(", "2... d4", "3. f6", "(", "3. g6", ")", "3... e3", ")", "(", "2... c5", ")"),
                text.stream().map(s -> s.replace("[", "").replace("]", "")).toList());
        assertEquals("[3. g6]", text.get(4));
        assertEquals(List.of(3), lines.branchPlies());
    }

    @Test
    void whatIsNotTheirFormIsABadRequest() {
        assertThrows(BadRequestResponse.class, () -> Lines.parse(List.of("x:d4"), null));
        assertThrows(BadRequestResponse.class, () -> Lines.parse(List.of("3:D4"), null));
        assertThrows(BadRequestResponse.class, () -> Lines.parse(List.of("3:d4"), "0.2"));
        assertThrows(BadRequestResponse.class, () -> Lines.parse(List.of("3:d4"), "1.1"));
        assertThrows(BadRequestResponse.class, () -> Lines.parse(List.of("-3:d4"), null));
    }
}
