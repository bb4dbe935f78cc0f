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
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;
import org.emergo.search.Searcher;
import org.junit.jupiter.api.Test;

/**
 * Issue 54's examples from the demo's games (docs/engine.md#losing-men-by-force): a win missed,
 * a game lost from a position already lost, a game lost from a level one. Each proof at the
 * review's cap and budget, checked by the separate exact search ({@link ExactMaterial}), then
 * judged and put in words with the scores the review stored at version 6.
 */
class IssueExamplesTest {

    private static final long CHECK_NODES = 50_000_000;

    /** Game 12, 8. e7: d7 takes three men (e9xe7 d7xf7xf5); version 6 capped e7 at an inaccuracy, "keeps as much material as any other move". */
    @Test
    void aWinMissedIsNamedWithTheMoveThatWinsAndClassedByWhatItCost() {
        Position p = PositionText.parse("w 5 6 c3:b c6:b c7:b d5:w e4:b e8:w e9:b f6:bw g3:w g5:w h4:w i5:w", Variant.EMERGO);
        Move played = move(p, "e7");
        Move best = move(p, "d7");
        for (Move hint : new Move[] {best, null}) {
            ForcedLoss.Proof proof = ForcedLoss.prove(p, new long[0], played, hint, ForcedLoss.DEFAULT_PLIES, ForcedLoss.DEFAULT_NODES);
            assertEquals(ForcedLoss.Outcome.LOSES, proof.outcome());
            ForcedLoss.Verdict v = proof.verdict();
            assertEquals("misses a win of 3 men by force: d7 wins them within 3 plies", ReviewText.verdict(v));
            // d7, a reply, and d7's capture of three (which reply the line shows depends on the search's order)
            assertEquals(3, v.line().size());
            assertEquals(best, v.line().get(0));
            assertEquals(ForcedLoss.DEFAULT_PLIES, v.horizon(), "held to the cap");
            assertNull(ExactMaterial.refutation(p, new long[0], played, v, CHECK_NODES));
        }
        // the old proof's BEST: the exact search finds d7 keeps more at the cap
        assertFalse(ExactMaterial.isBest(p, new long[0], played, ForcedLoss.DEFAULT_PLIES, CHECK_NODES));
        ForcedLoss.Proof proof = ForcedLoss.prove(p, new long[0], played, best, ForcedLoss.DEFAULT_PLIES, ForcedLoss.DEFAULT_NODES);
        // the scores the review stored: +3.10 before, -1.30 after (White's view)
        MoveJudgements.Judged j = MoveJudgements.judge(new Side[] {Side.WHITE, Side.BLACK}, new int[] {310, -130},
                new boolean[] {false}, new ForcedLoss.Proof[] {proof}, Judgement.EMERGO);
        assertEquals(MoveClass.BLUNDER, j.classes()[0]);
        assertEquals(0, j.white().forcedLosses(), "a win missed is no forced loss");
        String words = ReviewText.judgement(judged(Side.WHITE, "e7", "d7", j, proof));
        assertTrue(words.startsWith("A blunder: it cost White "), words);
        assertTrue(words.endsWith(" It misses a win of 3 men by force: d7 wins them within 3 plies (" + text(proof.verdict().line()) + ")."), words);
        assertFalse(words.contains("keeps as much material"), words);
    }

    /** Game 18, 64... e3-d3: Black, thirteen men behind, loses the game at once; the engine would play e3-f3. */
    @Test
    void aMoveIntoALostGameFromALostPositionSaysTheGameWasAlreadyLost() {
        Position p = PositionText.parse("b 0 0 b4:w4 b5:wb2 d2:wb2 d8:w e3:bw2 e6:w e7:wb6 i5:wb", Variant.EMERGO);
        Move played = move(p, "e3-d3");
        ForcedLoss.Proof proof = ForcedLoss.prove(p, new long[0], played, move(p, "e3-f3"), ForcedLoss.DEFAULT_PLIES,
                ForcedLoss.DEFAULT_NODES);
        assertEquals("loses the game by force within 2 plies", ReviewText.verdict(proof.verdict()));
        assertNull(ExactMaterial.refutation(p, new long[0], played, proof.verdict(), CHECK_NODES));
        // +13.50 before (White's view), White wins at once after
        MoveJudgements.Judged j = MoveJudgements.judge(new Side[] {Side.BLACK, Side.WHITE}, new int[] {1350, 999_999},
                new boolean[] {false}, new ForcedLoss.Proof[] {proof}, Judgement.EMERGO);
        assertTrue(j.chancesLost()[0] < Judgement.MISTAKE, "the mover's chance was already below a mistake's drop");
        String words = ReviewText.judgement(judged(Side.BLACK, "e3-d3", "e3-f3", j, proof));
        assertEquals("The game was already lost; the engine's choice was e3-f3. It loses the game by force within 2 plies: e3-d3 d2xd4.", words);
        assertFalse(words.contains("not enough to count"), words);
    }

    /** Game 1417, 60... g7-f7: from a level score, the game lost within 4 plies where g7-g6 holds it. */
    @Test
    void aMoveIntoALostGameFromAPositionNotLostIsAMistakeAtLeast() {
        Position p = PositionText.parse("b 0 0 a5:w c4:wb2 c7:w e1:wb2 e3:wb e5:w e7:w e8:w2b3 e9:b f3:w f5:wb g7:b h6:wb",
                Variant.EMERGO);
        Move played = move(p, "g7-f7");
        ForcedLoss.Proof proof = ForcedLoss.prove(p, new long[0], played, move(p, "g7-g6"), ForcedLoss.DEFAULT_PLIES,
                ForcedLoss.DEFAULT_NODES);
        assertEquals(ForcedLoss.Kind.GAME, proof.verdict().kind());
        assertEquals("g7-f7 e7xg7 e9xe7 e8xe6", text(proof.verdict().line()));
        assertNull(ExactMaterial.refutation(p, new long[0], played, proof.verdict(), CHECK_NODES));
        // level before; the search after the move saw nothing (a score it would call good)
        MoveJudgements.Judged j = MoveJudgements.judge(new Side[] {Side.BLACK, Side.WHITE}, new int[] {0, 10},
                new boolean[] {false}, new ForcedLoss.Proof[] {proof}, Judgement.EMERGO);
        assertTrue(j.classes()[0].compareTo(MoveClass.MISTAKE) >= 0, j.classes()[0].toString());
        String words = ReviewText.judgement(judged(Side.BLACK, "g7-f7", "g7-g6", j, proof));
        assertTrue(words.startsWith("A blunder: it cost Black 50 points"), words);
        assertFalse(words.contains("already lost"), words);
    }

    /**
     * Issue 54, second pass: b5-c5 completes the cap for the played move, but asking the other moves
     * whether one keeps more ran out of the proof's budget (NEITHER): the search's scores made it a
     * blunder though the exact search finds it best at the cap. The question has a budget of its own.
     */
    @Test
    void aMoveBestAtTheCapIsProvenBestAndCappedThoughTheHorizonsSpentTheBudget() {
        assertProvenBestAndCapped(Side.WHITE, "w 0 0 b4:wb b5:w2 c4:wb d2:wb e4:b e5:bw2 e6:bw e9:bw f2:b f3:bw g7:b h5:wb2 h6:w",
                "b5-c5", MoveClass.BLUNDER);
    }

    /** The by-hand slice of version 9 (game 60 of the Emergo self-play file, ply 317): once budget more for the question was too little. */
    @Test
    void aMistakeByTheScoresThatTheQuestionNeedsMoreThanOnceTheBudgetForIsProvenBest() {
        assertProvenBestAndCapped(Side.BLACK, "b 0 0 a5:w2 b4:wb c4:wb d4:wb e3:b e5:bw2 e9:bw f3:bw f8:bw g3:b g7:b h5:w i5:wb2",
                "e9-e8", MoveClass.MISTAKE);
    }

    /** The proof at the review's cap and budget says BEST, the exact search agrees, and the class it had by the scores is capped. */
    private static void assertProvenBestAndCapped(Side mover, String position, String move, MoveClass byScores) {
        Position p = PositionText.parse(position, Variant.EMERGO);
        Move played = move(p, move);
        SearchResult before = new Searcher(Reviewer.TABLE_BITS).search(p, new long[0], Limit.depth(4));
        SearchResult after = new Searcher(Reviewer.TABLE_BITS).search(p.play(played), new long[] {p.hash()}, Limit.depth(4));
        ForcedLoss.Proof proof = ForcedLoss.prove(p, new long[0], played, before.bestMove(), ForcedLoss.DEFAULT_PLIES,
                ForcedLoss.DEFAULT_NODES);
        assertEquals(ForcedLoss.Outcome.BEST, proof.outcome());
        assertEquals(ForcedLoss.DEFAULT_PLIES, proof.horizon());
        assertTrue(ExactMaterial.isBest(p, new long[0], played, ForcedLoss.DEFAULT_PLIES, CHECK_NODES));
        Side other = mover == Side.WHITE ? Side.BLACK : Side.WHITE;
        int[] scoreWhite = {MoveJudgements.forSide(before.score(), mover), MoveJudgements.forSide(after.score(), other)};
        Side[] toMove = {mover, other};
        MoveJudgements.Judged unproved = MoveJudgements.judge(toMove, scoreWhite, new boolean[] {false},
                new ForcedLoss.Proof[] {null}, Judgement.EMERGO);
        assertEquals(byScores, unproved.classes()[0], "by the search's scores alone");
        MoveJudgements.Judged j = MoveJudgements.judge(toMove, scoreWhite, new boolean[] {false},
                new ForcedLoss.Proof[] {proof}, Judgement.EMERGO);
        assertEquals(MoveClass.INACCURACY, j.classes()[0]);
    }

    private static Move move(Position p, String text) {
        return MoveGen.legalMoves(p).stream().filter(m -> m.toString().equals(text)).findFirst().orElseThrow();
    }

    private static String text(List<Move> line) {
        return String.join(" ", line.stream().map(Move::toString).toList());
    }

    private static ReviewText.Judged judged(Side player, String played, String bestMove, MoveJudgements.Judged j,
            ForcedLoss.Proof proof) {
        ForcedLoss.Verdict v = proof.verdict();
        return new ReviewText.Judged() {
            public Side player() { return player; }
            public String played() { return played; }
            public String bestMove() { return bestMove; }
            public Integer loss() { return j.loss()[0]; }
            public Double chancesLost() { return j.chancesLost()[0]; }
            public MoveClass moveClass() { return j.classes()[0]; }
            public ForcedLoss.Kind forcedKind() { return v == null ? null : v.kind(); }
            public Integer forcedMen() { return v == null ? null : v.men(); }
            public Integer forcedPlies() { return v == null ? null : v.plies(); }
            public List<String> forcedLine() { return v == null ? List.of() : v.line().stream().map(Move::toString).toList(); }
            public ForcedLoss.Outcome proof() { return proof.outcome(); }
            public Integer proofHorizon() { return proof.horizon(); }
        };
    }
}
