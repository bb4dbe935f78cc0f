package org.emergo.rules;

import static org.emergo.rules.RuleBook.EMERGO_SQUARES;
import static org.emergo.rules.RuleBook.HEX_CELLS;
import static org.emergo.rules.RuleBook.after;
import static org.emergo.rules.RuleBook.emergo;
import static org.emergo.rules.RuleBook.entriesExcept;
import static org.emergo.rules.RuleBook.hex;
import static org.emergo.rules.RuleBook.legal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md#a-turn and docs/rules.md#entering: entering one man or the shadowpiece, the
 * centre ban and the feeding ban.
 */
class EnteringRulesTest {

    @Nested
    class Entries {

        // RULES 6: with no ban in force a man may be entered on every vacant square (Black has no column to capture with).
        @Test
        void aManMayBeEnteredOnEveryVacantSquare() {
            assertEquals(entriesExcept(EMERGO_SQUARES, "c5", "g5"), legal(emergo("w 10 12 c5:w g5:w")));
        }

        // RULES 6: while the opponent has men in hand, P enters one man.
        @Test
        void oneManIsEnteredWhileTheOpponentHasMenInHand() {
            assertEquals("b 2 1 a5:b e5:w", after(emergo("w 3 1 a5:b"), "e5").toString());
        }

        // RULES 4.2: moving a column is not allowed while P has men in hand.
        @Test
        void noColumnMovesWhileMenAreInHand() {
            Position p = emergo("w 5 6 c5:w");
            assertEquals(entriesExcept(EMERGO_SQUARES, "c5"), legal(p));
            assertTrue(MoveGen.legalMoves(p).stream().allMatch(m -> m.kind() == Move.Kind.ENTER));
        }

        // RULES 6 and 3: on the hex board every vacant cell may be entered.
        @Test
        void aManMayBeEnteredOnEveryVacantHexCell() {
            assertEquals(entriesExcept(HEX_CELLS, "a1"), legal(hex("w 10 12 a1:w")));
        }
    }

    @Nested
    class Shadowpiece {

        /*
         * RULES 6: when the opponent has no men in hand, P enters all his men as one column.
         * Black's a5 could jump a man on b5 to c5 (feeding ban); every other square is open,
         * the centre too, as this is not the start position.
         */
        @Test
        void allMenInHandAreEnteredAsOneColumn() {
            Position p = emergo("w 3 0 a5:b");
            assertEquals(entriesExcept(EMERGO_SQUARES, "a5", "b5"), legal(p));
            assertEquals("b 0 0 a5:b e5:w3", after(p, "e5").toString());
        }

        // RULES 6: a shadowpiece of one man is just a man.
        @Test
        void aShadowpieceOfOneManIsAMan() {
            Position p = emergo("w 1 0 a5:b");
            assertEquals(entriesExcept(EMERGO_SQUARES, "a5", "b5"), legal(p));
            assertEquals("b 0 0 a5:b e5:w", after(p, "e5").toString());
        }

        /*
         * RULES 6: Black's shadowpiece of five, with the feeding ban applied to it: White's e5
         * would jump it on d5, f5, e4 or e6 (landing on c5, g5, e3, e7).
         */
        @Test
        void theShadowpieceObeysTheFeedingBan() {
            Position p = emergo("b 0 5 e5:w");
            assertEquals(entriesExcept(EMERGO_SQUARES, "e5", "d5", "f5", "e4", "e6"), legal(p));
            assertEquals("w 0 0 c3:b5 e5:w", after(p, "c3").toString());
        }
    }

    @Nested
    class CentreBan {

        // RULES 6: White may not enter on e5 in the start position.
        @Test
        void whiteMayNotEnterTheCentreFirst() {
            assertEquals(entriesExcept(EMERGO_SQUARES, "e5"), legal(Position.start(Variant.EMERGO)));
        }

        // RULES 6: the same for d4 on the hex board.
        @Test
        void whiteMayNotEnterTheHexCentreFirst() {
            assertEquals(entriesExcept(HEX_CELLS, "d4"), legal(Position.start(Variant.HEXEMERGO)));
        }

        // RULES 6: "wherever that position comes from": a SetUp position w 12 12 is the start position.
        @Test
        void aSetUpEmptyBoardWithTwelveEachIsTheStartPosition() {
            assertEquals(entriesExcept(EMERGO_SQUARES, "e5"), legal(emergo("w 12 12")));
            assertEquals(entriesExcept(HEX_CELLS, "d4"), legal(hex("w 12 12")));
        }

        // RULES 6: with other hand counts the empty board is not the start position: e5 is open.
        @Test
        void theCentreIsOpenWithOtherHandCounts() {
            assertEquals(EMERGO_SQUARES.stream().sorted().toList(), legal(emergo("w 11 12")));
            assertEquals(EMERGO_SQUARES.stream().sorted().toList(), legal(emergo("w 12 11")));
            assertEquals(EMERGO_SQUARES.stream().sorted().toList(), legal(emergo("w 3 3")));
            assertEquals(HEX_CELLS.stream().sorted().toList(), legal(hex("w 11 12")));
        }

        // RULES 6: the start position has an empty board; a composed 12-and-12 position with a column is not it (a5 feeds b5 only).
        @Test
        void theCentreIsOpenWhenTheBoardIsNotEmpty() {
            assertEquals(entriesExcept(EMERGO_SQUARES, "a5", "b5"), legal(emergo("w 12 12 a5:b")));
        }

        // RULES 6: the ban is White's alone; Black on an empty board with 12 each may enter e5.
        @Test
        void blackMayEnterTheCentre() {
            assertEquals(EMERGO_SQUARES.stream().sorted().toList(), legal(emergo("b 12 12")));
        }

        // RULES 6: Black's first entry may be e5 (a5 fed only b5).
        @Test
        void blackMayAnswerOnTheCentre() {
            Position p = after(Position.start(Variant.EMERGO), "a5");
            assertEquals("b 11 12 a5:w", p.toString());
            assertEquals(entriesExcept(EMERGO_SQUARES, "a5", "b5"), legal(p));
        }
    }

    @Nested
    class FeedingBan {

        // RULES 6: not attacked, Black may not enter next to d4 where d4 could jump it (b4, d2, d6, f4 are vacant).
        @Test
        void noEntryWhereTheOpponentCouldCapture() {
            Position p = emergo("b 11 12 d4:w");
            assertFalse(MoveGen.isAttacked(p));
            assertEquals(entriesExcept(EMERGO_SQUARES, "d4", "c4", "e4", "d3", "d5"), legal(p));
        }

        // RULES 6: only a real landing square feeds: beside b5 only c5 is banned (a5, b4, b6 have nothing beyond).
        @Test
        void theBanNeedsALandingSquareOnTheBoard() {
            assertEquals(entriesExcept(EMERGO_SQUARES, "b5", "c5"), legal(emergo("b 11 12 b5:w")));
        }

        // RULES 6: between d4 and f4 both landing squares are occupied, so e4 is open.
        @Test
        void theBanNeedsAVacantLandingSquare() {
            assertEquals(entriesExcept(EMERGO_SQUARES, "d4", "f4", "c4", "d3", "d5", "f3", "f5", "g4"),
                legal(emergo("b 10 12 d4:w f4:w")));
        }

        // RULES 6: not attacked, so b5 (a5 would jump it) and the four squares beside e5 are banned.
        @Test
        void theBanHoldsWhenNotAttacked() {
            Position p = emergo("b 10 11 a5:w b6:b e5:w");
            assertFalse(MoveGen.isAttacked(p));
            assertEquals(entriesExcept(EMERGO_SQUARES, "a5", "b6", "e5", "b5", "d5", "e4", "e6", "f5"), legal(p));
        }

        // RULES 6: attacked (a5 threatens a5xc5), Black may enter on any vacant square, even beside e5.
        @Test
        void noBanWhenAttacked() {
            Position p = emergo("b 10 11 a5:w b5:b e5:w");
            assertTrue(MoveGen.isAttacked(p));
            assertEquals(entriesExcept(EMERGO_SQUARES, "a5", "b5", "e5"), legal(p));
        }

        // RULES 6 and 3: on the hex board a man at d4 bans its six neighbours.
        @Test
        void theHexBanCoversSixDirections() {
            assertEquals(entriesExcept(HEX_CELLS, "d4", "c3", "c4", "d3", "d5", "e4", "e5"),
                legal(hex("b 11 12 d4:w")));
        }

        // RULES 6: entering is never a capture: after the entry the entering side's own men are unchanged.
        @Test
        void anEntryCapturesNothing() {
            Position p = emergo("b 10 11 a5:w b5:b e5:w");
            assertEquals("w 10 10 a5:w b5:b d5:b e5:w", after(p, "d5").toString());
        }
    }
}
