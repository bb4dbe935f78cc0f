package org.emergo.pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.Analysis;
import org.emergo.replay.GameRecord;
import org.emergo.replay.Replay;
import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The words from the rules (due, takes:N, SQ:hit), material and for:N, as a game's encoded
 * boards answer them ({@link PatternScan}), against the rules engine's legal moves and the
 * positions themselves, counted here another way.
 */
class PatternRulesWordsTest {

    /** docs/rules.md#a-worked-example: Black must take h4xf4xd4 (2 men) at ply 1, White e4xc4xc6xe6xe4xc4 (5 men) at ply 2, Black has lost at ply 3. */
    private static final Analysis WORKED = Replay.analyse(PositionText.parse("w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2", Variant.EMERGO),
            List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4"), "1-0");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "due|1 2", "takes:1+|1 2", "takes:2|1", "takes:5|2", "takes:3-5|2", "takes:0|0 3", "not due|0 3",
        "g4:hit|1", "e4:hit|1", "f4:hit|''", "d4:hit|2", "c5:hit|2", "e5:hit|2", "e5:!hit|0 1 3",
        "material:w5|0 1", "material:b5|0 1", "material:w+0|0 1", "material:w3|2", "material:b7|2", "material:b+4|2",
        "material:w+4|''", "material:w10|3", "material:b0|3", "material:b0-|3", "material:w+10+|3", "material:b5-|0 1 3",
        "material:w5+|0 1 3", "material:w5+ for:2|0", "material:w5+ for:3|''", "any for:4|0", "any for:5|''",
        "due for:2|1", "takes:0 for:2|''", "material:b+1+ not turn:w|''", "material:b+1+ not turn:b|2",
        "due then:1 takes:0|2", "turn:b due or takes:0 turn:w|0 1",
    })
    void theWorkedExampleOfTheRuleBookAnswersAsItsMovesSay(String pattern, String plies) {
        int[] expected = plies.isEmpty() ? new int[0] : java.util.Arrays.stream(plies.split(" ")).mapToInt(Integer::parseInt).toArray();
        assertArrayEquals(expected, scan(pattern, WORKED), pattern);
    }

    @Test
    void theWorkedExampleIsTheRuleBooksAsTheReplaySeesIt() {
        assertEquals(List.of(), WORKED.findings());
        assertArrayEquals(new int[] {0, 2, 5, 0}, WORKED.maxCapture());
    }

    /**
     * Random words over self-play games of both boards: each position's answer equals what the
     * legal moves of {@link Game} (jumped squares found as the midpoints of each jump's
     * coordinates) and the position's own columns say.
     */
    @Test
    void everyPositionOfSelfPlayGamesAnswersAsTheRulesEngineSays() {
        SplittableRandom random = new SplittableRandom(29);
        int checked = 0;
        int due = 0;
        int hit = 0;
        for (Variant v : Variant.values()) {
            for (int g = 1; g <= 6; g++) {
                GameRecord record = new SelfPlay(v, 29).game(g);
                Analysis a = Replay.analyse(record);
                List<Truth> truths = truths(a);
                Board b = v.board();
                for (int k = 0; k < 40; k++) {
                    int sq = random.nextInt(b.size());
                    int n = random.nextInt(4);
                    int men = 6 + random.nextInt(14);
                    int lead = random.nextInt(5);
                    int streak = 1 + random.nextInt(4);
                    String board = v == Variant.HEXEMERGO ? "hexemergo " : "";
                    checked += check(board + "due", a, truths, t -> t.maxCapture > 0);
                    checked += check(board + "takes:" + n, a, truths, t -> t.maxCapture == n);
                    checked += check(board + "takes:" + n + "+", a, truths, t -> t.maxCapture >= n);
                    checked += check(board + b.name(sq) + ":hit", a, truths, t -> t.hit.contains(sq));
                    checked += check(board + b.name(sq) + ":!hit", a, truths, t -> !t.hit.contains(sq));
                    checked += check(board + "material:w" + men, a, truths, t -> t.white == men);
                    checked += check(board + "material:b" + men + "-", a, truths, t -> t.black <= men);
                    checked += check(board + "material:w+" + lead + "+", a, truths, t -> t.white - t.black >= lead);
                    checked += check(board + "material:b+" + lead, a, truths, t -> t.black - t.white == lead);
                    int[] streaks = streaksByHand(truths, t -> t.maxCapture == 0, streak);
                    assertArrayEquals(streaks, scan(board + "takes:0 for:" + streak, a), "takes:0 for:" + streak);
                }
                for (Truth t : truths) {
                    if (t.maxCapture > 0) due++;
                    hit += t.hit.size();
                }
            }
        }
        assertTrue(checked > 1000 && due > 50 && hit > 50, checked + " " + due + " " + hit);
    }

    /** What one position holds, from the rules engine and the position. */
    private record Truth(int maxCapture, java.util.Set<Integer> hit, int white, int black) {}

    private static List<Truth> truths(Analysis a) {
        Position start = a.positions().get(0);
        Game game = new Game(start);
        List<Truth> out = new ArrayList<>();
        for (int ply = 0; ply < a.positions().size(); ply++) {
            if (ply > 0) game.playLegal(a.moves().get(ply - 1));
            Position p = game.current();
            Board b = p.board();
            int max = 0;
            java.util.Set<Integer> jumped = new HashSet<>();
            for (Move m : game.legalMoves()) {
                max = Math.max(max, m.jumps());
                for (int i = 0; m.isCapture() && i + 1 < m.length(); i++) {
                    int x = (b.x(m.square(i)) + b.x(m.square(i + 1))) / 2;
                    int y = (b.y(m.square(i)) + b.y(m.square(i + 1))) / 2;
                    jumped.add(b.index(x, y));
                }
            }
            out.add(new Truth(max, jumped, commanded(p, Side.WHITE), commanded(p, Side.BLACK)));
        }
        return out;
    }

    private static int commanded(Position p, Side side) {
        int men = p.inHand(side);
        for (int sq = 0; sq < p.board().size(); sq++) {
            Column c = p.column(sq);
            if (c != null && c.owner() == side) men += c.jailers() + c.prisoners();
        }
        return men;
    }

    private static int check(String pattern, Analysis a, List<Truth> truths, java.util.function.Predicate<Truth> holds) {
        List<Integer> expected = new ArrayList<>();
        for (int ply = 0; ply < truths.size(); ply++) if (holds.test(truths.get(ply))) expected.add(ply);
        assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), scan(pattern, a), pattern);
        return 1;
    }

    private static int[] streaksByHand(List<Truth> truths, java.util.function.Predicate<Truth> holds, int length) {
        List<Integer> out = new ArrayList<>();
        for (int ply = 0; ply + length <= truths.size(); ply++) {
            boolean all = true;
            for (int k = 0; k < length; k++) all &= holds.test(truths.get(ply + k));
            if (all) out.add(ply);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] scan(String pattern, Analysis a) {
        java.util.Set<Integer> findings = new HashSet<>();
        for (var f : a.findings()) findings.add(f.ply());
        byte[] boards = GameBoards.encode(a.positions(), a.moves(), findings, a.maxCapture(), a.hits());
        return new PatternScan(PatternText.parse(pattern)).matches(boards, a.positions().size());
    }
}
