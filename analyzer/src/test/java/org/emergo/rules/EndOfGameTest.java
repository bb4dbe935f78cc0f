package org.emergo.rules;

import static org.emergo.rules.RuleBook.EMERGO_SQUARES;
import static org.emergo.rules.RuleBook.emergo;
import static org.emergo.rules.RuleBook.legal;
import static org.emergo.rules.RuleBook.move;
import static org.emergo.rules.RuleBook.moves;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/rules.md#end-of-the-game: loss, draw by no legal move, draw by third repetition. */
class EndOfGameTest {

    /** A board of one-man Black columns on every square except the given ones. */
    private static String blackEverywhereExcept(List<String> vacant) {
        StringBuilder columns = new StringBuilder();
        for (String sq : EMERGO_SQUARES) {
            if (!vacant.contains(sq)) columns.append(' ').append(sq).append(":b");
        }
        return columns.toString();
    }

    // RULES 7.1: White owns no column and has no men in hand: White loses.
    @Test
    void noColumnAndNoMenInHandLoses() {
        Position p = emergo("w 0 0 e5:b");
        assertEquals(0, p.columns(Side.WHITE));
        assertEquals(0, p.inHand(Side.WHITE));
        assertEquals(moves(), legal(p));
        assertEquals(Termination.NO_PIECES, Termination.of(p));
        assertEquals("0-1", Termination.of(p).result(Side.WHITE));
    }

    // RULES 7.1: the same for Black, which gives White the win.
    @Test
    void blackWithoutPiecesLosesTheGameToWhite() {
        Position p = emergo("b 0 0 c4:w3b5 d4:w2");
        assertEquals(Termination.NO_PIECES, Termination.of(p));
        assertEquals("1-0", Termination.of(p).result(Side.BLACK));
    }

    // RULES 7.1: men in hand are pieces: no column but one man in hand is no loss (36 entries; e5 bans four).
    @Test
    void menInHandAreStillPieces() {
        Position p = emergo("w 1 0 e5:b");
        assertEquals(RuleBook.entriesExcept(EMERGO_SQUARES, "e5", "d5", "f5", "e4", "e6"), legal(p));
        assertEquals(Termination.ONGOING, Termination.of(p));
        assertEquals(Termination.ONGOING, Termination.of(Position.start(Variant.EMERGO)));
    }

    /*
     * RULES 7.2: White has men in hand but every vacant square is banned: Black fills the board
     * but d5 and e5; a man on d5 is jumped from c5 to e5, a man on e5 from f5 to d5. White is not
     * attacked (no White column) and has no capture: draw.
     */
    @Test
    void everyVacantSquareBannedIsADraw() {
        Position p = emergo("w 12 0" + blackEverywhereExcept(List.of("d5", "e5")));
        assertFalse(MoveGen.isAttacked(p));
        assertEquals(moves(), legal(p));
        assertEquals(Termination.NO_LEGAL_ENTRY, Termination.of(p));
        assertEquals("1/2-1/2", Termination.of(p).result(Side.WHITE));
    }

    // RULES 7.2: with a5 and b5 vacant, a5 is safe (nothing beside it can jump it), so the game goes on.
    @Test
    void oneSafeSquareIsEnoughToPlayOn() {
        Position p = emergo("w 12 0" + blackEverywhereExcept(List.of("a5", "b5")));
        assertEquals(moves("a5"), legal(p));
        assertEquals(Termination.ONGOING, Termination.of(p));
    }

    // RULES 7.2: no men in hand and no column can move or capture (a5 hemmed in by b5, c5 behind it): draw.
    @Test
    void aBlockedSideWithoutMenInHandDraws() {
        Position p = emergo("w 0 0 a5:w b5:b c5:b");
        assertEquals(moves(), legal(p));
        assertEquals(Termination.BLOCKED, Termination.of(p));
        assertEquals("1/2-1/2", Termination.of(p).result(Side.WHITE));
    }

    // RULES 7.2: the same position with Black to move is not blocked: b5 and c5 can step.
    @Test
    void theOtherSideIsNotBlocked() {
        Position p = emergo("b 0 0 a5:w b5:b c5:b");
        assertEquals(moves("b5-b4", "b5-b6", "c5-c4", "c5-c6", "c5-d5"), legal(p));
        assertEquals(Termination.ONGOING, Termination.of(p));
    }

    /*
     * RULES 7.3: the third occurrence ends the game at once, the start counting as the first.
     * a5-b5 i5-h5 b5-a5 h5-i5 twice brings the start back after ply 4 and ply 8.
     */
    @Test
    void theThirdOccurrenceIsADraw() {
        Position start = emergo("w 0 0 a5:w i5:b");
        Game game = new Game(start);
        List<String> cycle = List.of("a5-b5", "i5-h5", "b5-a5", "h5-i5");
        for (int round = 0; round < 2; round++) {
            for (String m : cycle) {
                assertEquals(Termination.ONGOING, game.termination(), "before ply " + (game.ply() + 1));
                assertTrue(game.legalMoves().contains(move(start.board(), m)), m);
                game.play(move(start.board(), m));
            }
        }
        assertEquals(8, game.ply());
        assertEquals(start, game.current());
        assertEquals(Termination.REPETITION, game.termination());
        assertEquals("1/2-1/2", game.termination().result(Side.WHITE));
        assertEquals(List.of(), game.legalMoves());
    }

    // RULES 7.3: the second occurrence is not yet a draw.
    @Test
    void theSecondOccurrenceIsNoDraw() {
        Position start = emergo("w 0 0 a5:w i5:b");
        Game game = new Game(start);
        for (String m : List.of("a5-b5", "i5-h5", "b5-a5", "h5-i5")) game.play(move(start.board(), m));
        assertEquals(start, game.current());
        assertEquals(Termination.ONGOING, game.termination());
        assertEquals(moves("a5-b5"), game.legalMoves().stream().map(Move::toString).sorted().toList());
    }

    // RULES 7.3: positions differing only in the side to move or in men in hand are different positions.
    @Test
    void handCountsAndSideToMoveArePartOfThePosition() {
        Position p = emergo("w 0 0 a5:w i5:b");
        assertFalse(p.equals(emergo("b 0 0 a5:w i5:b")));
        assertFalse(p.hash() == emergo("b 0 0 a5:w i5:b").hash());
        assertFalse(p.equals(emergo("w 1 0 a5:w i5:b")));
        assertFalse(p.hash() == emergo("w 0 1 a5:w i5:b").hash());
    }
}
