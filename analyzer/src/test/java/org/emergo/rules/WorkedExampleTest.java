package org.emergo.rules;

import static org.emergo.rules.RuleBook.after;
import static org.emergo.rules.RuleBook.emergo;
import static org.emergo.rules.RuleBook.legal;
import static org.emergo.rules.RuleBook.move;
import static org.emergo.rules.RuleBook.moves;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md#a-worked-example, the worked example from the Zillions ReadMe, move by move.
 * Every expected list was worked out by hand from docs/rules.md#a-turn and docs/rules.md#captures.
 */
class WorkedExampleTest {

    private static final String START = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";
    private static final String AFTER_STEP = "b 0 0 c5:b d6:b e4:w4 e5:b g4:w h4:b2";
    private static final String AFTER_BLACK = "w 0 0 c5:b d4:b2w2 d6:b e4:w3 e5:b";
    private static final String AFTER_WHITE = "b 0 0 c4:w3b5 d4:w2";

    // RULES 9: the example position reads and prints back unchanged.
    @Test
    void theExamplePositionPrintsBack() {
        assertEquals(START, emergo(START).toString());
    }

    // RULES 9 and 4.3: White has no capture (g4 over h4 would land off the board on i4), so White steps.
    @Test
    void whiteMayStepEitherColumn() {
        assertEquals(moves("f4-e4", "f4-f3", "f4-f5", "g4-g3", "g4-g5"), legal(emergo(START)));
    }

    // RULES 9: f4-e4 leaves e4:w4.
    @Test
    void whiteStepsF4ToE4() {
        assertEquals(AFTER_STEP, after(emergo(START), "f4-e4").toString());
    }

    /*
     * RULES 9 and 5 majority: h4 over g4 to f4, over e4 to d4 takes 2; e5 over e4 to e3 takes 1
     * (from e3 the only column beside it is e4, behind it). c5 and d6 have nothing to jump.
     */
    @Test
    void blackMustTakeTheTwoManCapture() {
        Position p = emergo(AFTER_STEP);
        assertEquals(moves("h4xf4xd4"), legal(p));
        assertFalse(legal(p).contains("e5xe3"));
        assertEquals(2, MoveGen.maximumCapture(p));
    }

    // RULES 9: h4xf4xd4 leaves d4:b2w2 and e4:w3; g4 is taken whole.
    @Test
    void blacksCaptureLeavesTwoWhitePrisonersOnD4() {
        assertEquals(AFTER_BLACK, after(emergo(AFTER_STEP), "h4xf4xd4").toString());
    }

    /*
     * RULES 9: from e4 White can start west over d4 or north over e5. West: c4, then only north
     * over c5 to c6, east over d6 to e6, south over e5 to e4 (the vacated start), west over d4
     * (now b1w2) to c4 again: 5, and d4 is liberated. North: e6, west over d6 to c6, south over
     * c5 to c4, east over d4 to e4: 4, and d4 again would be a 180-degree turn. No branch point
     * anywhere, so the 5-man route is the only legal move.
     */
    @Test
    void whiteMustTakeTheFiveManRoute() {
        Position p = emergo(AFTER_BLACK);
        assertEquals(moves("e4xc4xc6xe6xe4xc4"), legal(p));
        assertEquals(moves("e4xc4xc6xe6xe4xc4"),
            MoveGen.maximalCaptures(p).stream().map(Move::toString).sorted().toList());
        assertEquals(5, MoveGen.maximumCapture(p));
    }

    // RULES 9: the anti-clockwise route takes only 4 and is not legal.
    @Test
    void theAntiClockwiseRouteIsNotLegal() {
        Position p = emergo(AFTER_BLACK);
        assertFalse(legal(p).contains("e4xe6xc6xc4xe4"));
        assertFalse(legal(p).contains("e4xe6xc6xc4xe4xc4"));
        // Carried out as written (RULES 8) it ends on its start square with 4 prisoners.
        assertEquals("b 0 0 d4:bw2 e4:w3b4", after(p, "e4xe6xc6xc4xe4").toString());
    }

    // RULES 9: the capture ends on c4 as w3b5 and liberates d4 as w2.
    @Test
    void whitesCaptureEndsOnC4AndLiberatesD4() {
        assertEquals(AFTER_WHITE, after(emergo(AFTER_BLACK), "e4xc4xc6xe6xe4xc4").toString());
    }

    // RULES 9 and 7.1: Black owns no column and has no men in hand: White wins.
    @Test
    void blackHasNoPiecesAndWhiteWins() {
        Position p = emergo(AFTER_WHITE);
        assertEquals(0, p.columns(Side.BLACK));
        assertEquals(0, p.inHand(Side.BLACK));
        assertEquals(moves(), legal(p));
        assertEquals(Termination.NO_PIECES, Termination.of(p));
        assertEquals("1-0", Termination.of(p).result(p.sideToMove()));
    }

    // RULES 9 and 1: men are never lost: five of each colour before and after.
    @Test
    void theMenOfEachColourAreKept() {
        for (String text : List.of(START, AFTER_STEP, AFTER_BLACK, AFTER_WHITE)) {
            Position p = emergo(text);
            assertEquals(5, p.men(Side.WHITE), text);
            assertEquals(5, p.men(Side.BLACK), text);
        }
    }

    // RULES 9 and 7: the whole example played as a game ends with White's win by rule.
    @Test
    void theExamplePlayedAsAGameEndsInAWhiteWin() {
        Position start = emergo(START);
        Game game = new Game(start);
        for (String m : List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4")) {
            assertEquals(Termination.ONGOING, game.termination(), m);
            game.play(move(start.board(), m));
        }
        assertEquals(AFTER_WHITE, game.current().toString());
        assertEquals(Termination.NO_PIECES, game.termination());
        assertEquals("1-0", game.termination().result(Side.BLACK));
    }
}
