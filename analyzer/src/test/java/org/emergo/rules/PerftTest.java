package org.emergo.rules;

import static org.emergo.rules.RuleBook.move;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md#perft: the number of move sequences from the start position. Depths 1 and 2 also follow
 * by hand: 41 squares less the centre; then Black's 40 vacant squares less those beside White's
 * man with a square beyond it (the board's 100 ordered line triples, less the 4 from e5:
 * 1600 - 96 = 1504; hex: 1296 - (138 - 6) = 1164). Depths 3 and 4 are the rule book's table.
 */
class PerftTest {

    /** Independent count: a plain walk over the legal moves (no game ends this early). */
    private static long walk(Position p, int depth) {
        if (depth == 0) return 1;
        long n = 0;
        for (Move m : MoveGen.legalMoves(p)) n += walk(p.play(m), depth - 1);
        return n;
    }

    private static final Position EMERGO = Position.start(Variant.EMERGO);
    private static final Position HEX = Position.start(Variant.HEXEMERGO);

    // RULES 10: Emergo depth 1, 2, 3.
    @Test
    void emergoCountsMatchTheRuleBookToDepthThree() {
        assertEquals(40, walk(EMERGO, 1));
        assertEquals(1_504, walk(EMERGO, 2));
        assertEquals(55_172, walk(EMERGO, 3));
    }

    // RULES 10: HexEmergo depth 1, 2, 3.
    @Test
    void hexEmergoCountsMatchTheRuleBookToDepthThree() {
        assertEquals(36, walk(HEX, 1));
        assertEquals(1_164, walk(HEX, 2));
        assertEquals(36_702, walk(HEX, 3));
    }

    // RULES 10: the engine's Perft agrees with the table.
    @Test
    void perftAgreesWithTheRuleBookToDepthThree() {
        assertEquals(1, Perft.count(EMERGO, 0));
        assertEquals(40, Perft.count(EMERGO, 1));
        assertEquals(1_504, Perft.count(EMERGO, 2));
        assertEquals(55_172, Perft.count(EMERGO, 3));
        assertEquals(36, Perft.count(HEX, 1));
        assertEquals(1_164, Perft.count(HEX, 2));
        assertEquals(36_702, Perft.count(HEX, 3));
    }

    // RULES 6 and 10: divide after a5: Black has 39 entries (b5 is fed); after e1 also 39 (e2 is fed).
    @Test
    void divideAfterACornerEntryBansOneSquare() {
        assertEquals(39, Perft.count(EMERGO, move(EMERGO.board(), "a5"), 2));
        assertEquals(39, Perft.count(EMERGO, move(EMERGO.board(), "e1"), 2));
        // d4 feeds c4, e4, d3, d5: 36.
        assertEquals(36, Perft.count(EMERGO, move(EMERGO.board(), "d4"), 2));
    }

    // RULES 10: Emergo depth 4.
    @Test
    @Tag("slow")
    void emergoDepthFourMatchesTheRuleBook() {
        assertEquals(1_828_116, walk(EMERGO, 4));
        assertEquals(1_828_116, Perft.count(EMERGO, 4));
    }

    // RULES 10: HexEmergo depth 4.
    @Test
    @Tag("slow")
    void hexEmergoDepthFourMatchesTheRuleBook() {
        assertEquals(985_032, walk(HEX, 4));
        assertEquals(985_032, Perft.count(HEX, 4));
    }
}
