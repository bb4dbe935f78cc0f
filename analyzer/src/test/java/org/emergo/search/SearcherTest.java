package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SearcherTest {

    private static Position emergo(String text) {
        return PositionText.parse(text, Variant.EMERGO);
    }

    // docs/rules.md#a-worked-example: after f4-e4 and h4xf4xd4 White takes 5 and wins.
    @Test
    void findsTheWinOfTheWorkedExample() {
        Position p = emergo("w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2");
        SearchResult r = new Searcher(16).search(p, new long[0], Limit.depth(3));
        assertEquals("f4-e4", r.bestMove().toString());
        assertEquals(Score.WIN - 3, r.score());
        assertEquals(List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4"), r.line().stream().map(Move::toString).toList());
    }

    @Test
    void aFinishedGameHasNoMoveAndItsScore() {
        SearchResult lost = new Searcher(10).search(emergo("b 0 0 c4:w3b5 d4:w2"), new long[0], Limit.depth(4));
        assertNull(lost.bestMove());
        assertEquals(-Score.WIN, lost.score());
        assertTrue(lost.line().isEmpty());
    }

    @Test
    void theThirdOccurrenceOfTheRootIsADraw() {
        Position p = emergo("w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2");
        SearchResult r = new Searcher(10).search(p, new long[] {p.hash(), 17, p.hash()}, Limit.depth(3));
        assertNull(r.bestMove());
        assertEquals(0, r.score());
    }

    // docs/rules.md#repetition: the winning move would make its position's third occurrence, a draw.
    @Test
    void aMoveThatRepeatsAPositionForTheThirdTimeIsADraw() {
        Position p = emergo("w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2");
        Move win = MoveGen.legalMoves(p).stream().filter(m -> m.toString().equals("f4-e4")).findFirst().orElseThrow();
        long repeated = p.play(win).hash();
        long[] history = {repeated, 11, 12, 13, repeated, 21, 22, 23};
        SearchResult r = new Searcher(16).search(p, history, Limit.depth(3));
        assertTrue(!r.bestMove().equals(win) || r.score() == 0, r.toString());
        assertTrue(r.score() < Score.WIN_THRESHOLD);
        assertEquals(Minimax.score(p, history, 3).intValue(), r.score());
        // Seen once before, it is only the second occurrence: the win stands.
        SearchResult once = new Searcher(16).search(p, new long[] {repeated, 11, 12, 13}, Limit.depth(3));
        assertEquals(Score.WIN - 3, once.score());
    }

    @Test
    void aNodeBudgetIsKeptToTheLastCompleteIteration() {
        Position p = Position.start(Variant.EMERGO);
        SearchResult r = new Searcher(16).search(p, new long[0], Limit.nodes(20_000));
        assertTrue(r.depth() >= 2, "depth " + r.depth());
        assertTrue(r.nodes() <= 20_001 || r.depth() == 1);
        SearchResult fixed = new Searcher(16).search(p, new long[0], Limit.depth(r.depth()));
        assertEquals(fixed.score(), r.score());
    }

    // The property test of docs/engine.md#how-it-is-checked: alpha-beta with its table and ordering
    // returns exactly the score of plain minimax at the same depth.
    @ParameterizedTest
    @EnumSource(Variant.class)
    void alphaBetaScoresExactlyAsMinimaxOnSamplePositions(Variant variant) {
        Searcher searcher = new Searcher(16);
        int compared = 0;
        int deep = 0;
        for (SampleGames.Ply ply : SampleGames.sample(variant, 40, 7)) {
            Position p = ply.position();
            // As deep as plain minimax can afford: capture sequences alone can make its trees huge.
            int tried = MoveGen.legalMoves(p).size() > 12 ? 2 : 3;
            Integer expected = null;
            int depth = tried;
            for (; depth >= 1; depth--) {
                try {
                    expected = Minimax.score(p, ply.history(), depth, 100_000);
                    break;
                } catch (Minimax.TooBig e) {
                    // one ply less
                }
            }
            if (depth == 0) continue;
            if (depth >= 2) deep++;
            int d = depth;
            SearchResult r = searcher.search(p, ply.history(), Limit.depth(depth));
            if (expected == null) {
                assertNull(r.bestMove(), p::toString);
                continue;
            }
            assertEquals(expected.intValue(), r.score(), () -> p + " depth " + d);
            assertNotNull(r.bestMove());
            compared++;
        }
        assertTrue(compared >= 500, "compared " + compared);
        assertTrue(deep >= 0.8 * compared, "deep " + deep + " of " + compared);
    }
}
