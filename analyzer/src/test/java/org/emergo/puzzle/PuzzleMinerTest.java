package org.emergo.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

class PuzzleMinerTest {

    /** docs/rules.md#a-worked-example, the Zillions example: the quiet move that gives a man and takes five wins the game. */
    private static final String WORKED_EXAMPLE = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";

    @Test
    void theRuleBooksWorkedExampleIsAPuzzleWonByASacrifice() {
        Puzzle p = PuzzleMiner.at(PositionText.parse(WORKED_EXAMPLE, Variant.EMERGO), new long[0]);
        assertNotNull(p);
        assertEquals("f4-e4 h4xf4xd4 e4xc4xc6xe6xe4xc4", p.movesText());
        assertEquals(List.of(Puzzle.Role.ASKED, Puzzle.Role.REPLY, Puzzle.Role.FORCED),
                p.steps().stream().map(Puzzle.Step::role).toList().subList(0, 3));
        assertTrue(p.game());
        assertEquals(Set.of(Theme.SACRIFICE, Theme.CAPTURE, Theme.MAJORITY, Theme.LIBERATION, Theme.GAME), p.themes());
    }

    /**
     * Issue 54, the demo's puzzle 4-44: f6-f7 g7xe7xe9 leaves White, eight men behind, without a
     * legal move. A drawn end counted as level material made that "wins 8 men"; a draw is a draw.
     */
    @Test
    void aLineThatEndsInADrawWinsNoMen() {
        Position p = PositionText.parse("w 0 0 b4:bw c6:b3 d3:b d4:bw2 e1:w e2:b e3:b e4:b e8:wb f4:bw2 f6:w g7:bw4", Variant.EMERGO);
        Position drawn = p.play(move(p, "f6-f7"));
        drawn = drawn.play(move(drawn, "g7xe7xe9"));
        assertTrue(org.emergo.rules.MoveGen.legalMoves(drawn).isEmpty(), "White has no legal move");
        assertTrue(drawn.inHand(org.emergo.rules.Side.WHITE) + drawn.columns(org.emergo.rules.Side.WHITE) > 0, "a draw, not a loss");
        Puzzle puzzle = PuzzleMiner.at(p, new long[0]);
        assertTrue(puzzle == null || puzzle.game(), () -> "promises " + puzzle.men() + " men: " + puzzle.movesText());
    }

    private static org.emergo.rules.Move move(Position p, String text) {
        return org.emergo.rules.MoveGen.legalMoves(p).stream().filter(m -> m.toString().equals(text)).findFirst().orElseThrow();
    }

    @Test
    void aPositionThatOccurredBeforeInItsGameIsNoPuzzle() {
        Position p = PositionText.parse(WORKED_EXAMPLE, Variant.EMERGO);
        assertNull(PuzzleMiner.at(p, new long[] {p.hash()}));
    }

    @Test
    void aSolverAlreadyThreeMenUpGetsNoPuzzle() {
        // Black's lone man faces White's three: whatever wins here was won already.
        assertNull(PuzzleMiner.at(PositionText.parse("w 0 0 c5:b d5:w e5:w e6:w f5:w", Variant.EMERGO), new long[0]));
    }

    @Test
    void oneLegalMoveOrCapturesOfTheSameMenAreForced() {
        assertTrue(PuzzleMiner.isForced(PositionText.parse("b 0 0 c4:w3b5 d4:w2", Variant.EMERGO)));
        assertFalse(PuzzleMiner.isForced(PositionText.parse(WORKED_EXAMPLE, Variant.EMERGO)));
    }

    @Test
    void theStartRatingGrowsWithTheBitsOfChoice() {
        assertEquals(1200, PuzzleMiner.startRating(2), 1e-9);
        assertTrue(PuzzleMiner.startRating(5) > PuzzleMiner.startRating(4));
    }

    @Test
    void docsPuzzlesStatesTheMinersNumbers() throws java.io.IOException {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "puzzles.md")).replaceAll("\\s+", " ");
        for (String figure : List.of(
                "`PuzzleMiner.PLIES` = " + PuzzleMiner.PLIES + " plies",
                String.format(java.util.Locale.ROOT, "within %,d positions", PuzzleMiner.NODES),
                "the solver " + PuzzleMiner.WON_MARGIN + " men up or more",
                "starts at " + Math.round(PuzzleMiner.startRating(0)) + " + " + Math.round(PuzzleMiner.startRating(1) - PuzzleMiner.startRating(0)) + " a bit")) {
            assertTrue(doc.contains(figure), figure);
        }
    }
}
