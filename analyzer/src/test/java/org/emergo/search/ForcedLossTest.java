package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.stream.Stream;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The positions of docs/engine.md#losing-men-by-force: in each, exactly one move loses N men by
 * force within K plies. Judged with the review's settings, that move gets exactly that verdict
 * with its line, the line replays legally through the rules engine, and no other move gets one.
 */
class ForcedLossTest {

    static Stream<Arguments> positions() {
        return Stream.of(
                // Emergo: f4 steps beside g4 with e4 left empty behind it.
                Arguments.of(Variant.EMERGO, "w 0 0 b5:w e4:w g4:b h5:b", "e4-f4", 1, 2, "e4-f4 g4xe4"),
                // Emergo: c5 must be taken, and the recapture walks into two more jumps.
                Arguments.of(Variant.EMERGO, "w 0 0 b4:b b5:b2w c6:w2 c7:wb d4:bw e8:w", "c6-c5", 2, 4,
                        "c6-c5 b5xd5 c5xe5 d5xf5"),
                // Emergo: d5 is lured on by d6, the compulsory captures end in g7's jump.
                Arguments.of(Variant.EMERGO, "w 0 0 d4:w d7:b e8:b f4:w g7:bw h5:wb", "d4-d5", 1, 6,
                        "d4-d5 d7-d6 d5xd7 e8-e7 d7xf7 g7xe7"),
                // HexEmergo: d4 steps beside e4 with c4 left empty behind it.
                Arguments.of(Variant.HEXEMERGO, "w 0 0 b2:w c4:w e4:b f6:b", "c4-d4", 1, 2, "c4-d4 e4xc4"),
                // HexEmergo: c3 opens the way for c2's round trip over four columns.
                Arguments.of(Variant.HEXEMERGO, "w 0 0 a3:w b3:wb b4:w2 c2:b d1:bw d5:w2 g7:b", "b3-c3", 4, 2,
                        "b3-c3 c2xc4xa4xa2"),
                // HexEmergo: f6 is lured by e6 into captures that end in c6's double jump.
                Arguments.of(Variant.HEXEMERGO, "w 0 0 b2:w c2:w2 c6:b d6:bw e7:b g6:w2", "g6-f6", 1, 6,
                        "g6-f6 d6-e6 f6xd6 e7xc5 d6xb4 c6xc4xa4"));
    }

    @ParameterizedTest
    @MethodSource("positions")
    void exactlyTheLosingMoveGetsItsVerdict(Variant variant, String text, String losing, int men, int plies, String line) {
        Position p = PositionText.parse(text, variant);
        for (Move m : MoveGen.legalMoves(p)) {
            ForcedLoss.Verdict v = ForcedLoss.judge(p, new long[0], m, ForcedLoss.DEFAULT_PLIES, ForcedLoss.DEFAULT_NODES);
            if (!m.toString().equals(losing)) {
                assertNull(v, () -> m + " in " + text);
                continue;
            }
            assertNotNull(v, losing);
            assertEquals(men, v.men());
            assertEquals(plies, v.plies());
            assertEquals(line, String.join(" ", v.line().stream().map(Move::toString).toList()));
            assertEquals(plies, v.line().size());
            assertEquals(v.line().get(0), m);
            // The line replays through the rules engine, each move legal where it is played.
            Position q = p;
            for (Move step : v.line()) {
                assertEquals(true, MoveGen.legalMoves(q).contains(step), () -> step + " in " + text);
                q = q.play(step);
            }
        }
    }

    @Test
    void theVerdictReadsAsItSounds() {
        Move m = Move.of(org.emergo.rules.Board.EMERGO, 0);
        assertEquals("loses 3 men by force within 6 plies", new ForcedLoss.Verdict(3, 6, List.of(m)).text());
        assertEquals("loses 1 man by force within 2 plies", new ForcedLoss.Verdict(1, 2, List.of(m)).text());
    }

    @Test
    void aProofPastItsBudgetGivesNoVerdict() {
        Position p = PositionText.parse("w 0 0 b4:b b5:b2w c6:w2 c7:wb d4:bw e8:w", Variant.EMERGO);
        Move losing = MoveGen.legalMoves(p).stream().filter(m -> m.toString().equals("c6-c5")).findFirst().orElseThrow();
        assertNull(ForcedLoss.judge(p, new long[0], losing, ForcedLoss.DEFAULT_PLIES, 3));
    }

    @Test
    void theOnlyMoveAndAMoveThatIsNotLegalGetNoVerdict() {
        Position p = PositionText.parse("b 0 0 b5:w f4:w g4:b", Variant.EMERGO);
        List<Move> legal = MoveGen.legalMoves(p);
        assertEquals(1, legal.size());
        assertNull(ForcedLoss.judge(p, new long[0], legal.get(0), 8, 100_000));
        assertNull(ForcedLoss.judge(p, new long[0], Move.of(p.board(), p.board().square("g4"), p.board().square("g5")), 8, 100_000));
    }
}
