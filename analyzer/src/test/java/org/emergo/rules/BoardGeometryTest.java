package org.emergo.rules;

import static org.emergo.rules.RuleBook.EMERGO_SQUARES;
import static org.emergo.rules.RuleBook.HEX_CELLS;
import static org.emergo.rules.RuleBook.emergo;
import static org.emergo.rules.RuleBook.hex;
import static org.emergo.rules.RuleBook.legal;
import static org.emergo.rules.RuleBook.moves;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * docs/rules.md#the-emergo-board and docs/rules.md#the-hexemergo-board: the squares, their names
 * and order, adjacency and lines of both boards.
 */
class BoardGeometryTest {

    private static final Board E = Board.EMERGO;
    private static final Board H = Board.HEXEMERGO;

    private static Set<String> neighbours(Board board, String square) {
        Set<String> names = new TreeSet<>();
        int sq = board.square(square);
        for (int d = 0; d < board.directions(); d++) {
            int n = board.neighbour(sq, d);
            if (n >= 0) names.add(board.name(n));
        }
        return names;
    }

    @Nested
    class Emergo {

        // RULES 2: the 41 dark squares of the 9x9 board.
        @Test
        void boardHasFortyOneSquares() {
            assertEquals(41, E.size());
        }

        // RULES 2: square fr exists iff |f - r| <= 4 and 4 <= f + r <= 12, for all 81 names.
        @Test
        void squaresAreExactlyThoseOfTheRuleBookFormula() {
            List<String> expected = new ArrayList<>();
            for (int f = 0; f < 9; f++) {
                for (int r = 0; r < 9; r++) {
                    String name = "" + (char) ('a' + f) + (char) ('1' + r);
                    boolean exists = Math.abs(f - r) <= 4 && f + r >= 4 && f + r <= 12;
                    assertEquals(exists, E.square(name) >= 0, name);
                    if (exists) expected.add(name);
                }
            }
            assertEquals(EMERGO_SQUARES, expected);
        }

        // RULES 2: the a-, i-, 1- and 9-lines hold one square each: a5, i5, e1, e9.
        @Test
        void outerLinesHoldOneSquareEach() {
            List<String> aLine = new ArrayList<>();
            List<String> iLine = new ArrayList<>();
            List<String> rank1 = new ArrayList<>();
            List<String> rank9 = new ArrayList<>();
            for (int k = 0; k < 9; k++) {
                String a = "a" + (k + 1), i = "i" + (k + 1);
                String one = (char) ('a' + k) + "1", nine = (char) ('a' + k) + "9";
                if (E.square(a) >= 0) aLine.add(a);
                if (E.square(i) >= 0) iLine.add(i);
                if (E.square(one) >= 0) rank1.add(one);
                if (E.square(nine) >= 0) rank9.add(nine);
            }
            assertEquals(List.of("a5"), aLine);
            assertEquals(List.of("i5"), iLine);
            assertEquals(List.of("e1"), rank1);
            assertEquals(List.of("e9"), rank9);
        }

        // RULES 2: the centre is e5.
        @Test
        void centreIsE5() {
            assertEquals(E.square("e5"), E.centre());
        }

        // RULES 2: canonical order by file, then rank: a5, b4, b5, b6, c3, ..., i5 (indices 0..40).
        @Test
        void canonicalOrderRunsByFileThenRank() {
            for (int i = 0; i < 41; i++) {
                assertEquals(EMERGO_SQUARES.get(i), E.name(i), "index " + i);
                assertEquals(i, E.square(EMERGO_SQUARES.get(i)));
            }
            assertEquals(0, E.square("a5"));
            assertEquals(20, E.square("e5"));
            assertEquals(40, E.square("i5"));
        }

        // FORMATS 1: squares are read in either case.
        @Test
        void squareNamesAreReadInEitherCase() {
            assertEquals(E.square("e5"), E.square("E5"));
            assertEquals(E.square("h4"), E.square("H4"));
        }

        // RULES 2: no square outside the formula, e.g. the neighbours of the corners along the edge.
        @Test
        void squaresBesideTheCornersDoNotExist() {
            for (String name : List.of("a4", "a6", "i4", "i6", "d1", "f1", "d9", "f9", "b3", "b7", "h3", "h7", "j5", "e0")) {
                assertEquals(-1, E.square(name), name);
            }
        }

        // RULES 2: f4 and e4 are adjacent; e4 and f5 are not.
        @Test
        void f4AndE4AreAdjacentButE4AndF5AreNot() {
            assertNotEquals(-1, E.stepDirection(E.square("f4"), E.square("e4")));
            assertNotEquals(-1, E.stepDirection(E.square("e4"), E.square("f4")));
            assertEquals(-1, E.stepDirection(E.square("e4"), E.square("f5")));
            assertEquals(-1, E.stepDirection(E.square("e4"), E.square("d3")));
        }

        // RULES 2: the four directions (f±1, r) and (f, r±1) from the centre.
        @Test
        void centreHasFourNeighboursAlongTheLines() {
            assertEquals(4, E.directions());
            assertEquals(Set.of("d5", "f5", "e4", "e6"), neighbours(E, "e5"));
        }

        // RULES 2: the corners a5, i5, e1, e9 have one neighbour each; b4 two; b5 four.
        @Test
        void cornersHaveOneNeighbourEach() {
            assertEquals(Set.of("b5"), neighbours(E, "a5"));
            assertEquals(Set.of("h5"), neighbours(E, "i5"));
            assertEquals(Set.of("e2"), neighbours(E, "e1"));
            assertEquals(Set.of("e8"), neighbours(E, "e9"));
            assertEquals(Set.of("b5", "c4"), neighbours(E, "b4"));
            assertEquals(Set.of("a5", "c5", "b4", "b6"), neighbours(E, "b5"));
        }

        // RULES 2: opposite directions come in pairs; a step there and back returns.
        @Test
        void everyStepHasItsReverse() {
            for (int sq = 0; sq < E.size(); sq++) {
                for (int d = 0; d < E.directions(); d++) {
                    int n = E.neighbour(sq, d);
                    if (n < 0) continue;
                    assertNotEquals(-1, E.stepDirection(n, sq));
                    assertEquals(sq, E.neighbour(n, E.stepDirection(n, sq)));
                }
            }
        }

        // RULES 2 and 5: a jump goes two steps along one line: e4 to e6 is one, e4 to g6 is not.
        @Test
        void jumpsGoTwoStepsAlongALine() {
            assertNotEquals(-1, E.jumpDirection(E.square("e4"), E.square("e6")));
            assertNotEquals(-1, E.jumpDirection(E.square("e4"), E.square("c4")));
            assertEquals(-1, E.jumpDirection(E.square("e4"), E.square("g6")));
            assertEquals(-1, E.jumpDirection(E.square("e4"), E.square("e5")));
            assertEquals(-1, E.jumpDirection(E.square("e4"), E.square("e7")));
        }

        // RULES 2 and 4.3: from the corner a5 the only step is to b5.
        @Test
        void aCornerColumnHasOneStep() {
            assertEquals(moves("a5-b5"), legal(emergo("w 0 0 a5:w i5:b")));
        }

        // RULES 2 and 4.3: from the centre a column steps in four directions.
        @Test
        void aCentreColumnHasFourSteps() {
            assertEquals(moves("e5-d5", "e5-f5", "e5-e4", "e5-e6"), legal(emergo("w 0 0 e5:w i5:b")));
        }

        // RULES 2 and 4.3: from the edge square b4 only b5 and c4 exist.
        @Test
        void anEdgeColumnStepsOnlyOntoTheBoard() {
            assertEquals(moves("b4-b5", "b4-c4"), legal(emergo("w 0 0 b4:w i5:b")));
        }
    }

    @Nested
    class HexEmergo {

        // RULES 3: a hexhex board of side 4 has 37 cells.
        @Test
        void boardHasThirtySevenCells() {
            assertEquals(37, H.size());
        }

        // RULES 3: cell cn exists iff 1 <= n <= 7 and |c - n + 1| <= 3, for all names a1..g7 and beyond.
        @Test
        void cellsAreExactlyThoseOfTheRuleBookFormula() {
            List<String> expected = new ArrayList<>();
            for (int c = 0; c < 9; c++) {
                for (int n = 1; n <= 9; n++) {
                    String name = "" + (char) ('a' + c) + n;
                    boolean exists = c <= 6 && n <= 7 && Math.abs(c - n + 1) <= 3;
                    assertEquals(exists, H.square(name) >= 0, name);
                    if (exists) expected.add(name);
                }
            }
            assertEquals(HEX_CELLS, expected);
        }

        // RULES 3: columns a1-a4, b1-b5, c1-c6, d1-d7, e2-e7, f3-f7, g4-g7 in canonical order.
        @Test
        void canonicalOrderRunsByColumnThenNumber() {
            for (int i = 0; i < 37; i++) {
                assertEquals(HEX_CELLS.get(i), H.name(i), "index " + i);
            }
        }

        // RULES 3: the centre is d4.
        @Test
        void centreIsD4() {
            assertEquals(H.square("d4"), H.centre());
            assertEquals(18, H.centre());
        }

        // RULES 3: six directions (c, n±1), (c±1, n), (c+1, n+1), (c-1, n-1).
        @Test
        void centreHasSixNeighbours() {
            assertEquals(6, H.directions());
            assertEquals(Set.of("c3", "c4", "d3", "d5", "e4", "e5"), neighbours(H, "d4"));
        }

        // RULES 3: (c+1, n-1) is not a direction: c3 and d2 are not adjacent, c3 and d4 are.
        @Test
        void antiDiagonalCellsAreNotAdjacent() {
            assertEquals(-1, H.stepDirection(H.square("c3"), H.square("d2")));
            assertEquals(-1, H.stepDirection(H.square("d4"), H.square("c5")));
            assertNotEquals(-1, H.stepDirection(H.square("c3"), H.square("d4")));
        }

        // RULES 3: a3 b3 c3 d3 e3, a column, and c2 d3 e4 are straight lines.
        @Test
        void rowsColumnsAndDiagonalsAreStraightLines() {
            int row = H.stepDirection(H.square("a3"), H.square("b3"));
            assertNotEquals(-1, row);
            assertEquals(row, H.stepDirection(H.square("b3"), H.square("c3")));
            assertEquals(row, H.stepDirection(H.square("c3"), H.square("d3")));
            assertEquals(row, H.stepDirection(H.square("d3"), H.square("e3")));
            int diagonal = H.stepDirection(H.square("c2"), H.square("d3"));
            assertNotEquals(-1, diagonal);
            assertEquals(diagonal, H.stepDirection(H.square("d3"), H.square("e4")));
            assertNotEquals(-1, H.jumpDirection(H.square("c2"), H.square("e4")));
            assertNotEquals(-1, H.jumpDirection(H.square("a3"), H.square("c3")));
            assertNotEquals(-1, H.jumpDirection(H.square("d2"), H.square("d4")));
            assertEquals(-1, H.jumpDirection(H.square("c3"), H.square("e1")));
        }

        // RULES 3: the six corners a1, a4, d1, d7, g4, g7 have three neighbours each.
        @Test
        void cornersHaveThreeNeighbours() {
            assertEquals(Set.of("a2", "b1", "b2"), neighbours(H, "a1"));
            assertEquals(Set.of("a3", "b4", "b5"), neighbours(H, "a4"));
            assertEquals(Set.of("c1", "d2", "e2"), neighbours(H, "d1"));
            assertEquals(Set.of("c6", "d6", "e7"), neighbours(H, "d7"));
            assertEquals(Set.of("f3", "f4", "g5"), neighbours(H, "g4"));
            assertEquals(Set.of("f6", "f7", "g6"), neighbours(H, "g7"));
        }

        // RULES 3 and 4.3: from the corner a1 a column has three steps.
        @Test
        void aCornerColumnHasThreeSteps() {
            assertEquals(moves("a1-a2", "a1-b1", "a1-b2"), legal(hex("w 0 0 a1:w g7:b")));
        }

        // RULES 3 and 4.3: from the centre a column steps in six directions.
        @Test
        void aCentreColumnHasSixSteps() {
            assertEquals(moves("d4-c3", "d4-c4", "d4-d3", "d4-d5", "d4-e4", "d4-e5"),
                legal(hex("w 0 0 d4:w g7:b")));
        }

        // RULES 3: names that exist on one board may not on the other.
        @Test
        void emergoOnlySquaresAreNotHexCells() {
            assertEquals(-1, H.square("i5"));
            assertEquals(-1, H.square("e1"));
            assertEquals(-1, H.square("a5"));
            assertEquals(-1, E.square("a1"));
            assertTrue(H.square("g7") >= 0);
        }
    }
}
