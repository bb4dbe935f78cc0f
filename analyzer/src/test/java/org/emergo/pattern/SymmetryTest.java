package org.emergo.pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.emergo.rules.Board;
import org.junit.jupiter.api.Test;

/**
 * The symmetries derived from the boards' neighbour tables, checked against the boards as
 * drawn in docs/rules.md#the-emergo-board: each keeps every distance between two squares of the drawing, they
 * form a group, and there are as many as a square (8) and a regular hexagon (12) have.
 */
class SymmetryTest {

    /** Where a square is drawn: Emergo's checkerboard column and row, HexEmergo's cell centre. */
    private static double[] drawn(Board board, int sq) {
        int f = board.x(sq);
        int r = board.y(sq);
        if (board == Board.EMERGO) return new double[] {f + r - 4, r - f + 4};
        return new double[] {f - r / 2.0, r * Math.sqrt(3) / 2};
    }

    @Test
    void emergoHasTheEightSymmetriesOfASquareAndHexEmergoTheTwelveOfAHexagon() {
        assertEquals(List.of("as given", "turned 90°", "turned 180°", "turned 270°", "mirrored, axis at 0°",
                "mirrored, axis at 45°", "mirrored, axis at 90°", "mirrored, axis at 135°"),
                Symmetry.of(Board.EMERGO).stream().map(Symmetry::name).toList());
        assertEquals(List.of("as given", "turned 60°", "turned 120°", "turned 180°", "turned 240°", "turned 300°",
                "mirrored, axis at 0°", "mirrored, axis at 30°", "mirrored, axis at 60°", "mirrored, axis at 90°",
                "mirrored, axis at 120°", "mirrored, axis at 150°"),
                Symmetry.of(Board.HEXEMERGO).stream().map(Symmetry::name).toList());
    }

    @Test
    void everySymmetryKeepsTheDrawingsDistancesAndTheyFormAGroup() {
        for (Board board : List.of(Board.EMERGO, Board.HEXEMERGO)) {
            List<Symmetry> group = Symmetry.of(board);
            int n = board.size();
            int[] identity = java.util.stream.IntStream.range(0, n).toArray();
            assertArrayEquals(identity, group.get(0).squares());
            Set<String> maps = new HashSet<>();
            for (Symmetry s : group) {
                assertTrue(maps.add(java.util.Arrays.toString(s.squares())), s.name());
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        assertEquals(distance(board, a, b), distance(board, s.squares()[a], s.squares()[b]), 1e-9,
                                board.name() + " " + s.name() + " " + board.name(a) + "-" + board.name(b));
                    }
                }
                // turned by an angle or mirrored across an axis, as its name says: the drawing's centre stays
                double[] c = drawn(board, board.centre());
                double[] c2 = drawn(board, s.squares()[board.centre()]);
                assertArrayEquals(c, c2, 1e-9);
                double[] p = drawn(board, 0);
                double[] q = drawn(board, s.squares()[0]);
                assertArrayEquals(expected(s.name(), p[0] - c[0], p[1] - c[1]), new double[] {q[0] - c[0], q[1] - c[1]}, 1e-9,
                        board.name() + " " + s.name());
            }
            for (Symmetry s : group) {
                for (Symmetry t : group) {
                    int[] composed = new int[n];
                    for (int sq = 0; sq < n; sq++) composed[sq] = t.squares()[s.squares()[sq]];
                    assertTrue(maps.contains(java.util.Arrays.toString(composed)), s.name() + " then " + t.name());
                }
            }
        }
    }

    /** Where the point (x, y) about the centre goes by the symmetry so named. */
    private static double[] expected(String name, double x, double y) {
        if (name.equals("as given")) return new double[] {x, y};
        double angle = Math.toRadians(Double.parseDouble(name.replaceAll("[^0-9]", "")));
        if (name.startsWith("turned")) {
            return new double[] {x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle)};
        }
        double c = Math.cos(2 * angle);
        double s = Math.sin(2 * angle);
        return new double[] {x * c + y * s, x * s - y * c};
    }

    private static double distance(Board board, int a, int b) {
        double[] p = drawn(board, a);
        double[] q = drawn(board, b);
        return Math.hypot(p[0] - q[0], p[1] - q[1]);
    }

    @Test
    void aPatternAsksEachDistinctOrientationOnceAndColoursSwapSidesHandsAndColumns() {
        assertEquals(1, PatternText.parse("sym e5:w").expansions().size());
        assertEquals(4, PatternText.parse("sym a5:2").expansions().size());
        assertEquals(8, PatternText.parse("sym a5:2 b4:w").expansions().size());
        assertEquals(6, PatternText.parse("hexemergo sym a1:w").expansions().size());
        List<Pattern.Expansion> e = PatternText.parse("colours turn:w whand:3 e5:=w3b2 d4:!w").expansions();
        assertEquals(2, e.size());
        assertEquals("turn:b bhand:3 d4:!b e5:=b3w2", e.get(1).pattern().toString());
        assertEquals("as given, colours swapped", e.get(1).transform());
        List<Pattern.Expansion> turned = PatternText.parse("sym a5:2 then:3 e1:w").expansions();
        assertEquals("turned 90°", turned.get(1).transform());
        assertEquals("e1:2 then:3 i5:w", turned.get(1).pattern().toString());
    }
}
