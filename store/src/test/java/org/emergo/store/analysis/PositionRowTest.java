package org.emergo.store.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class PositionRowTest {

    /** The board string with the given squares set, every other one vacant. */
    private static String board(String... squareAndLetter) {
        char[] squares = BoardColumns.emptyBoard();
        for (String s : squareAndLetter) {
            squares[BoardColumns.NAMES.indexOf(s.substring(0, 2))] = s.charAt(3);
        }
        return new String(squares);
    }

    @Test
    void theBoardHasALetterPerColumnUpperCaseForWhiteLowerCaseForBlack() {
        Position p = PositionText.parse("w 0 0 c5:b d4:b2w2 d6:b e4:w3 e5:b", Variant.EMERGO);
        PositionRow row = PositionRow.of(2, p, 1, 5, 0, "e4xc4xc6xe6xe4xc4", "e4xc4xc6xe6xe4xc4");
        assertEquals(51, row.board().length());
        assertEquals(board("c5=a", "d4=d", "d6=a", "e4=C", "e5=a"), row.board());
        assertEquals(1, row.whiteColumns());
        assertEquals(4, row.blackColumns());
        assertEquals(3, row.whiteMaterial());
        assertEquals(7, row.blackMaterial());
        assertEquals(4, row.tallest());
    }

    @Test
    void columnsTallerThan26AreMarkedPlusAndMinus() {
        Position p = PositionText.parse("w 0 0 a5:w20b10 i5:b27", Variant.EMERGO);
        PositionRow row = PositionRow.of(0, p, 0, 0, 0, null, null);
        assertEquals(board("a5=+", "i5=-"), row.board());
        assertEquals(30, row.tallest());
    }

    @Test
    void hexSquaresHaveTheirOwnPlaces() {
        Position p = PositionText.parse("b 11 12 e5:w", Variant.HEXEMERGO);
        assertEquals(board("e5=A"), PositionRow.of(1, p, 36, 0, 0, "e4", "e4").board());
    }

    @Test
    void theMoveAsWrittenIsKeptOnlyWhereItDiffersFromItsCanonicalForm() {
        Position start = Position.start(Variant.EMERGO);
        PositionRow same = PositionRow.of(0, start, 40, 0, 0, "e4", "e4");
        assertEquals("e4", same.nextMove());
        assertNull(same.nextMoveText());
        PositionRow different = PositionRow.of(0, start, 40, 0, 0, "e4", "e4!?");
        assertEquals("e4!?", different.nextMoveText());
        PositionRow last = PositionRow.of(7, start, 0, 0, 0, null, null);
        assertNull(last.nextMove());
        assertNull(last.nextMoveText());
    }
}
