package org.emergo.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.emergo.puzzle.Puzzle;
import org.emergo.puzzle.PuzzleMiner;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every puzzle mined from a sample of the demo's games, proven again by {@link ExactMaterial},
 * the plain exact search written apart from the miner's: the line is legal, and each move the
 * solver is asked for wins at least a man more (or the game) than every other legal move, and a
 * man or more outright, at every horizon from where its proof began up to its horizon.
 */
class PuzzleProofTest {

    /** Nodes the independent search may spend on one move at one horizon; past it the test fails. */
    private static final long CHECK_NODES = 50_000_000;

    private static final int MAN = 2;

    private record Case(PlayedGame game, PuzzleMiner.Mined mined) {}

    private static final List<Case> MINED = new ArrayList<>();

    /**
     * Games {@code 0, STEP, 2 STEP, ...} below {@code UP_TO} of each board's self-play file. By hand, every
     * game the demo holds: {@code mvn test -pl analyzer -Dtest=PuzzleProofTest#every*
     * -Demergo.puzzleproof.upTo=100000 -Demergo.puzzleproof.step=1 -Demergo.puzzleproof.report=FILE}.
     */
    private static final int UP_TO = Integer.getInteger("emergo.puzzleproof.upTo", 30);
    private static final int STEP = Integer.getInteger("emergo.puzzleproof.step", 2);

    /** By hand: the games of an EGN file instead ({@code -Demergo.puzzleproof.egn=FILE}, say the demo's other games, exported). */
    private static final String EGN = System.getProperty("emergo.puzzleproof.egn");

    @BeforeAll
    static void mine() {
        for (PlayedGame g : games()) {
            for (PuzzleMiner.Mined m : PuzzleMiner.mine(g, ply -> true)) MINED.add(new Case(g, m));
        }
    }

    private static List<PlayedGame> games() {
        if (EGN != null) return ReviewedSample.fromEgn(Path.of(EGN));
        List<PlayedGame> games = new ArrayList<>();
        for (Variant v : Variant.values()) {
            for (List<String> moves : ReviewedSample.games(v, 0, UP_TO, STEP)) games.add(PlayedGame.replay(Position.start(v), moves));
        }
        return games;
    }

    @Test
    void everyMinedPuzzleIsProvenAgainByASeparateExactSearch() {
        int asked = 0;
        for (Case c : MINED) {
            Puzzle p = c.mined().puzzle();
            Position q = p.position();
            List<Long> seen = new ArrayList<>();
            for (long h : c.game().history(c.mined().ply())) seen.add(h);
            for (Puzzle.Step s : p.steps()) {
                assertTrue(MoveGen.legalMoves(q).contains(s.move()), () -> PositionText.format(p.position()) + ": " + p.movesText());
                if (s.role() == Puzzle.Role.ASKED) {
                    asked++;
                    long[] history = seen.stream().mapToLong(Long::longValue).toArray();
                    for (int h = s.from(); h <= s.horizon(); h++) {
                        String why = notUnique(q, history, s.move(), h);
                        Position at = q;
                        int horizon = h;
                        assertNull(why, () -> PositionText.format(at) + " " + s.move() + " at " + horizon + " plies: " + why);
                    }
                }
                seen.add(q.hash());
                q = q.play(s.move());
            }
            assertEquals(Puzzle.Role.ASKED, p.steps().get(0).role());
            assertTrue(p.steps().size() % 2 == 1, p::movesText); // the solver's moves, a reply between each two
            assertTrue(p.men() >= 1 || p.game(), p::movesText);
        }
        if (EGN == null) assertTrue(MINED.size() >= 15, "puzzles on the sample: " + MINED.size());
        assertTrue(asked >= MINED.size());
        String report = System.getProperty("emergo.puzzleproof.report");
        if (report != null) {
            // by hand: the figures of a run over many games, in a file (tests print nothing)
            try {
                Files.writeString(Path.of(report), MINED.size() + " puzzles of "
                        + (EGN != null ? EGN : UP_TO + "/" + STEP + " games a board") + ", " + asked
                        + " asked moves re-proven at every horizon\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Issue 54: the solver sees the position alone, so no mined puzzle's answer depends on the
     * game's earlier positions: mined without them, the position gives the same puzzle.
     */
    @Test
    void noPuzzleDependsOnTheGamesHistory() {
        for (Case c : MINED) {
            Puzzle p = c.mined().puzzle();
            Puzzle alone = PuzzleMiner.at(p.position(), new long[0]);
            assertTrue(alone != null && alone.movesText().equals(p.movesText()) && alone.men() == p.men() && alone.game() == p.game(),
                    () -> PositionText.format(p.position()) + ": " + p.movesText() + " / " + (alone == null ? null : alone.movesText()));
        }
    }

    @Test
    void theSameGamesGiveTheSamePuzzles() {
        List<String> again = new ArrayList<>();
        List<String> first = new ArrayList<>();
        for (Case c : MINED) first.add(c.mined().ply() + " " + PositionText.format(c.mined().puzzle().position()) + " " + c.mined().puzzle().movesText());
        for (PlayedGame g : games()) {
            for (PuzzleMiner.Mined m : PuzzleMiner.mine(g, ply -> true)) {
                again.add(m.ply() + " " + PositionText.format(m.puzzle().position()) + " " + m.puzzle().movesText());
            }
        }
        assertEquals(first, again);
    }

    /**
     * Why {@code move} does not win uniquely at {@code h} plies, or null: it must keep a man
     * more than the mover has now (or win the game) and a man more than any other move (or, when
     * it wins the game, no other move may win it).
     */
    private static String notUnique(Position q, long[] history, Move move, int h) {
        int now = ExactMaterial.balance(q);
        int v = new ExactMaterial(history, CHECK_NODES).valueAfter(q, move, h, -ExactMaterial.INF, ExactMaterial.INF);
        boolean win = v > ExactMaterial.WIN - 200;
        if (!win && v < now + MAN) return "it keeps " + v + " of " + now;
        for (Move x : MoveGen.legalMoves(q)) {
            if (x.equals(move)) continue;
            if (win) {
                int w = new ExactMaterial(history, CHECK_NODES).valueAfter(q, x, h, ExactMaterial.WIN - 201, ExactMaterial.WIN - 200);
                if (w >= ExactMaterial.WIN - 200) return x + " wins the game too";
            } else {
                int w = new ExactMaterial(history, CHECK_NODES).valueAfter(q, x, h, v - MAN, v - MAN + 1);
                if (w > v - MAN) return x + " keeps " + w + " against " + v;
            }
        }
        return null;
    }
}
