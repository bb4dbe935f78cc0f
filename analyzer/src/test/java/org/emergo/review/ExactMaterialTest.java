package org.emergo.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.junit.jupiter.api.Test;

/** The independent exact search the review's verdicts are checked by, checked itself where it once went wrong. */
class ExactMaterialTest {

    private static final long CHECK_NODES = 50_000_000;

    /**
     * A demo game (HexEmergo, ply 113): f4-f3 loses the game within 6 plies, f4-g4 keeps it (5
     * men down). A null window asked just above f4-f3's lost game answers f4-g4 with a bound that
     * is itself a lost game's score; read as a value, every move seemed to lose and f4-f3 best.
     */
    @Test
    void aMoveIntoALostGameIsNotBestWhereAnotherKeepsIt() {
        Position p = PositionText.parse("b 0 0 c3:wb4 d2:w4 d3:w f4:bw f7:w4 g5:b g7:wb6", Variant.HEXEMERGO);
        List<Move> legal = MoveGen.legalMoves(p);
        Move played = legal.stream().filter(m -> m.toString().equals("f4-f3")).findFirst().orElseThrow();
        int[] values = ExactMaterial.values(p, new long[0], 7, CHECK_NODES);
        assertTrue(values[legal.indexOf(played)] < -ExactMaterial.WIN + 200, "f4-f3 loses the game");
        assertEquals(-10, java.util.Arrays.stream(values).max().orElseThrow(), "f4-g4 keeps it, 5 men down");
        for (int h = 6; h <= 7; h++) assertFalse(ExactMaterial.isBest(p, new long[0], played, h, CHECK_NODES), "at " + h);

        ForcedLoss.Proof proof = ForcedLoss.prove(p, new long[0], played, ForcedLoss.DEFAULT_PLIES, ForcedLoss.DEFAULT_NODES);
        assertEquals(ForcedLoss.Kind.GAME, proof.verdict().kind());
        assertNull(ExactMaterial.refutation(p, new long[0], played, proof.verdict(), CHECK_NODES));
    }
}
