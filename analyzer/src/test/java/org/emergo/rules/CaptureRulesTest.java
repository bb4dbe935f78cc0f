package org.emergo.rules;

import static org.emergo.rules.RuleBook.after;
import static org.emergo.rules.RuleBook.emergo;
import static org.emergo.rules.RuleBook.hex;
import static org.emergo.rules.RuleBook.legal;
import static org.emergo.rules.RuleBook.moves;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md#a-turn and docs/rules.md#captures: capture precedence, the single jump,
 * multi-capture, the 180-degree ban and the global majority. Every expected list is worked out by hand from the rule book; the route
 * analysis is in the comment above each position.
 */
class CaptureRulesTest {

    private static List<String> maximal(Position p) {
        return MoveGen.maximalCaptures(p).stream().map(Move::toString).sorted().toList();
    }

    @Nested
    class Precedence {

        // RULES 4.1: capture is obligatory and takes precedence over entering (d4 jumps d5 to d6).
        @Test
        void captureComesBeforeEntering() {
            assertEquals(moves("d4xd6"), legal(emergo("w 5 5 d4:w d5:b")));
        }

        // RULES 4.1: capture is obligatory over moving; h5 may not step.
        @Test
        void captureComesBeforeMoving() {
            assertEquals(moves("d4xd6"), legal(emergo("w 0 0 d4:w d5:b h5:w")));
        }

        // RULES 4.1: the same for Black, in the entering phase while White has none in hand.
        @Test
        void blackMustCaptureToo() {
            assertEquals(moves("d5xd3"), legal(emergo("b 0 4 d4:w d5:b")));
        }
    }

    @Nested
    class SingleJump {

        // RULES 5: a single jump; a one-man column jumped leaves its square vacant.
        @Test
        void aJumpedSingleManLeavesItsSquareVacant() {
            Position p = emergo("w 0 0 d4:w d5:b");
            assertEquals(moves("d4xd6"), legal(p));
            assertEquals("b 0 0 d6:wb", after(p, "d4xd6").toString());
        }

        // RULES 5: the jumped column's top man goes to the bottom of the capturer; the rest stays.
        @Test
        void theTopManGoesToTheBottomOfTheCapturer() {
            Position p = emergo("w 0 0 d4:w2b d5:b3w2");
            assertEquals(moves("d4xd6"), legal(p));
            assertEquals("b 0 0 d5:b2w2 d6:w2b2", after(p, "d4xd6").toString());
        }

        // RULES 5: J-1 jailers over P prisoners stay the opponent's while J-1 > 0.
        @Test
        void aColumnWithJailersLeftStaysTheOpponents() {
            Position p = emergo("w 0 0 d4:w d5:b2w");
            assertEquals(moves("d4xd6"), legal(p));
            assertEquals("b 0 0 d5:bw d6:wb", after(p, "d4xd6").toString());
        }

        // RULES 5: J-1 = 0 and P > 0: the prisoners are liberated and belong to the capturer.
        @Test
        void prisonersAreLiberatedWhenTheLastJailerIsTaken() {
            Position p = emergo("w 0 0 d4:w d5:bw3");
            assertEquals(moves("d4xd6"), legal(p));
            Position next = after(p, "d4xd6");
            assertEquals("b 0 0 d5:w3 d6:wb", next.toString());
            assertEquals(0, next.columns(Side.BLACK));
            assertEquals(2, next.columns(Side.WHITE));
        }

        // RULES 5: a jump needs a landing square that exists: g4 cannot jump h4, as i4 is off the board.
        @Test
        void aJumpNeedsALandingSquareOnTheBoard() {
            assertEquals(moves("g4-f4", "g4-g3", "g4-g5"), legal(emergo("w 0 0 g4:w h4:b")));
        }

        // RULES 5: a jump needs a vacant landing square: c4 cannot jump d4 onto e4, so it steps.
        @Test
        void aJumpNeedsAVacantLandingSquare() {
            assertEquals(moves("c4-b4", "c4-c3", "c4-c5"), legal(emergo("w 0 0 c4:w d4:b e4:b")));
        }
    }

    @Nested
    class MultiCapture {

        // RULES 5 multi-capture: the capturer goes on straight ahead; stopping after one jump is not legal.
        @Test
        void aCaptureContinuesStraightOn() {
            Position p = emergo("w 0 0 c4:w d4:b f4:b");
            assertEquals(moves("c4xe4xg4"), legal(p));
            assertEquals("b 0 0 g4:wb2", after(p, "c4xe4xg4").toString());
        }

        // RULES 5 multi-capture: the capturer may turn to another direction.
        @Test
        void aCaptureContinuesAroundACorner() {
            Position p = emergo("w 0 0 c4:w d4:b e5:b");
            assertEquals(moves("c4xe4xe6"), legal(p));
            assertEquals("b 0 0 e6:wb2", after(p, "c4xe4xe6").toString());
        }

        /*
         * RULES 5: the start square is vacant from the first jump on and may be landed on again.
         * d4 runs round the four men both ways and ends where it started:
         * E over e4 to f4, N over f5 to f6, W over e6 to d6, S over d5 to d4 (4), and
         * N over d5 to d6, E over e6 to f6, S over f5 to f4, W over e4 to d4 (4).
         * Same start, same end, different routes: two moves.
         */
        @Test
        void aCaptureMayEndOnItsOwnStartSquare() {
            Position p = emergo("w 0 0 d4:w d5:b e4:b e6:b f5:b");
            assertEquals(moves("d4xd6xf6xf4xd4", "d4xf4xf6xd6xd4"), legal(p));
            assertEquals("b 0 0 d4:wb4", after(p, "d4xf4xf6xd6xd4").toString());
            assertEquals("b 0 0 d4:wb4", after(p, "d4xd6xf6xf4xd4").toString());
        }

        /*
         * RULES 5: a square may be visited twice and the same column jumped twice while its top
         * man is the opponent's. c4 E over d4 (b2 -> b) to e4, N over e5 to e6, W over d6 to c6,
         * S over c5 to c4 (its start), E over d4 again to e4: 5 men. Starting N instead, the
         * loop ends c4 with d4 to its east, which would be a 180-degree turn: only 4.
         */
        @Test
        void aColumnMayBeJumpedTwiceAndASquareVisitedTwice() {
            Position p = emergo("w 0 0 c4:w c5:b d4:b2 d6:b e5:b");
            assertEquals(moves("c4xe4xe6xc6xc4xe4"), legal(p));
            assertEquals("b 0 0 e4:wb5", after(p, "c4xe4xe6xc6xc4xe4").toString());
        }

        /*
         * RULES 5: each jump takes effect at once: d4 = bw is liberated by the first jump over it
         * and is then White's, so it is not jumped again. Both loops take 4 and end on c4.
         */
        @Test
        void aLiberatedColumnIsNotJumpedAgain() {
            Position p = emergo("w 0 0 c4:w c5:b d4:bw d6:b e5:b");
            assertEquals(moves("c4xc6xe6xe4xc4", "c4xe4xe6xc6xc4"), legal(p));
            assertEquals("b 0 0 c4:wb4 d4:w", after(p, "c4xe4xe6xc6xc4").toString());
            assertEquals("b 0 0 c4:wb4 d4:w", after(p, "c4xc6xe6xe4xc4").toString());
        }

        // RULES 5: no 180-degree turn: after d4xf4 the b2 on e4 may not be jumped back to d4.
        @Test
        void aCaptureMayNotTurnBack() {
            Position p = emergo("w 0 0 d4:w e4:b2");
            assertEquals(moves("d4xf4"), legal(p));
            assertEquals("b 0 0 e4:b f4:wb", after(p, "d4xf4").toString());
        }

        /*
         * RULES 5: several maximal routes are all legal. With b2 on e4 and d5, d4 goes round the
         * loop and jumps the first b2 column again at the end, whichever way round (5 each):
         * E f4, N f6, W d6, S d4, E f4 (over e4 twice) and N d6, E f6, S f4, W d4, N d6 (over d5 twice).
         */
        @Test
        void everyMaximalRouteIsListed() {
            Position p = emergo("w 0 0 d4:w d5:b2 e4:b2 e6:b f5:b");
            assertEquals(moves("d4xd6xf6xf4xd4xd6", "d4xf4xf6xd6xd4xf4"), legal(p));
            assertEquals("b 0 0 d5:b f4:wb5", after(p, "d4xf4xf6xd6xd4xf4").toString());
            assertEquals("b 0 0 d6:wb5 e4:b", after(p, "d4xd6xf6xf4xd4xd6").toString());
        }
    }

    @Nested
    class Majority {

        /*
         * RULES 5 majority (global): c3 can take one man (c3xe3), g4 two (g4xe4xe6);
         * only the two-man capture of the other column is legal.
         */
        @Test
        void theMajorityIsTakenOverAllColumns() {
            Position p = emergo("w 0 0 c3:w d3:b e5:b f4:b g4:w");
            assertEquals(moves("g4xe4xe6"), legal(p));
            assertEquals(moves("g4xe4xe6"), maximal(p));
            assertEquals(2, MoveGen.maximumCapture(p));
        }

        // RULES 5 majority: among captures of equal length, of different columns, P chooses freely.
        @Test
        void equalCapturesOfDifferentColumnsAreAllLegal() {
            assertEquals(moves("c3xe3", "g4xe4"), legal(emergo("w 0 0 c3:w d3:b f4:b g4:w")));
        }

        // RULES 5 majority: a sequence stops only where no further jump is possible.
        @Test
        void aCaptureMayNotStopShort() {
            List<String> legal = legal(emergo("w 0 0 c4:w d4:b f4:b"));
            assertFalse(legal.contains("c4xe4"));
        }
    }

    @Nested
    class SameStartAndEnd {

        /*
         * RULES 5: a move is its whole route; two routes with the same start and end may take
         * different men. HexEmergo, White a2: a2xa4 (a3) xc4 (b4) then either xe4 (d4) xe6 (e5)
         * or back xc2 (c3) xa2 (b2); a2xc2 (b2) xc4 (c3) then xe4 xe6 or xa4 (b4) xa2 (a3).
         * All four take 4. The two routes a2..e6 leave different men behind.
         */
        @Test
        void routesWithTheSameEndsThatTakeDifferentMenAreDifferentMoves() {
            Position p = hex("w 0 0 a2:w a3:b b2:b b4:b c3:b d4:b e5:b");
            assertEquals(moves("a2xa4xc4xc2xa2", "a2xa4xc4xe4xe6", "a2xc2xc4xa4xa2", "a2xc2xc4xe4xe6"),
                legal(p));
            Position viaA4 = after(p, "a2xa4xc4xe4xe6");
            Position viaC2 = after(p, "a2xc2xc4xe4xe6");
            assertEquals("b 0 0 b2:b c3:b e6:wb4", viaA4.toString());
            assertEquals("b 0 0 a3:b b4:b e6:wb4", viaC2.toString());
            assertNotEquals(viaA4.hash(), viaC2.hash());
            assertEquals("b 0 0 a2:wb4 d4:b e5:b", after(p, "a2xa4xc4xc2xa2").toString());
        }
    }

    @Nested
    class Hex {

        // RULES 3 and 5: on the hex board a column captures in all six directions.
        @Test
        void aCaptureGoesInSixDirections() {
            Position p = hex("w 0 0 c3:b c4:b d3:b d4:w d5:b e4:b e5:b");
            assertEquals(moves("d4xb2", "d4xb4", "d4xd2", "d4xd6", "d4xf4", "d4xf6"), legal(p));
            assertEquals("b 0 0 c3:b c4:b d3:b d5:b e4:b f6:wb", after(p, "d4xf6").toString());
        }

        // RULES 3 and 5: a hex multi-capture turns from the diagonal (c+1, n+1) to the column.
        @Test
        void aHexCaptureTurnsBetweenDirections() {
            Position p = hex("w 0 0 b2:w c3:b d5:b");
            assertEquals(moves("b2xd4xd6"), legal(p));
            assertEquals("b 0 0 d6:wb2", after(p, "b2xd4xd6").toString());
        }

        // RULES 3 and 5: a triangle of three men is taken both ways round, back to the start.
        @Test
        void aHexCaptureRunsRoundATriangle() {
            Position p = hex("w 0 0 d4:w e4:b e5:b f5:b");
            assertEquals(moves("d4xf4xf6xd4", "d4xf6xf4xd4"), legal(p));
            assertEquals("b 0 0 d4:wb3", after(p, "d4xf4xf6xd4").toString());
        }

        // RULES 5 on the hex board: no 180-degree turn.
        @Test
        void aHexCaptureMayNotTurnBack() {
            Position p = hex("w 0 0 d4:w e4:b2");
            assertEquals(moves("d4xf4"), legal(p));
            assertEquals("b 0 0 e4:b f4:wb", after(p, "d4xf4").toString());
        }
    }
}
