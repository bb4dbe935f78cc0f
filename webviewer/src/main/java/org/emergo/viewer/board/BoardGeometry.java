package org.emergo.viewer.board;

import static org.emergo.viewer.svg.SvgText.num;

import org.emergo.rules.Board;

/**
 * Where a board's squares are drawn: file/rank indices (the engine's {@link Board#x} and
 * {@link Board#y}, also between squares for the edge labels) to pixels, and each cell's shape.
 */
abstract class BoardGeometry {

    static BoardGeometry of(Board board) {
        return board == Board.EMERGO ? new Checkerboard() : new Hexhex();
    }

    /** Width and height of the board area, margins included. */
    abstract double width();

    abstract double height();

    /** The pixel centre of file/rank indices (fractions lie on the lines between squares). */
    abstract double[] pixel(double x, double y);

    /** How far before the first square of a line its name stands, in steps along the line. */
    abstract double labelOffset();

    /** What lies under the cells (the light squares of the checkerboard). */
    abstract void background(StringBuilder out, boolean flipped);

    abstract void cellShape(StringBuilder out, double[] centre, String fill, String attributes);

    abstract String cellFill(Board board, int sq);

    /** Half the size of a cell, and of a man. */
    abstract double cellRadius();

    double pieceRadius() {
        return cellRadius() * 0.68;
    }

    /** Offset of the small square name from the centre: left and down. */
    double nameDx() {
        return cellRadius() * 0.9;
    }

    double nameDy() {
        return cellRadius() * 0.9;
    }

    /**
     * Emergo (docs/rules.md#the-emergo-board): square (f, r) on the real checkerboard at column f + r - 4 and row
     * r - f + 4, counted from the bottom left; files and ranks run diagonally.
     */
    static final class Checkerboard extends BoardGeometry {
        private static final double CELL = 56;
        private static final double MARGIN = 28;

        @Override
        double width() {
            return 9 * CELL + 2 * MARGIN;
        }

        @Override
        double height() {
            return width();
        }

        @Override
        double[] pixel(double f, double r) {
            double col = f + r - 4;
            double row = r - f + 4;
            return new double[] {MARGIN + col * CELL + CELL / 2, MARGIN + (8 - row) * CELL + CELL / 2};
        }

        @Override
        double labelOffset() {
            return 0.75;
        }

        @Override
        void background(StringBuilder out, boolean flipped) {
            // symmetric under the half turn of a flip: (col + row) keeps its parity
            out.append("<rect x=\"").append(num(MARGIN - 4)).append("\" y=\"").append(num(MARGIN - 4))
                    .append("\" width=\"").append(num(9 * CELL + 8)).append("\" height=\"").append(num(9 * CELL + 8))
                    .append("\" fill=\"#6b4a2b\" rx=\"3\"/>\n");
            for (int col = 0; col < 9; col++) {
                for (int row = 0; row < 9; row++) {
                    if ((col + row) % 2 == 0) continue; // playable squares are drawn as cells
                    out.append("<rect x=\"").append(num(MARGIN + col * CELL)).append("\" y=\"")
                            .append(num(MARGIN + (8 - row) * CELL)).append("\" width=\"").append(num(CELL))
                            .append("\" height=\"").append(num(CELL)).append("\" fill=\"#f0d9b5\"/>");
                }
            }
            out.append('\n');
        }

        @Override
        void cellShape(StringBuilder out, double[] c, String fill, String attributes) {
            out.append("<rect x=\"").append(num(c[0] - CELL / 2)).append("\" y=\"").append(num(c[1] - CELL / 2))
                    .append("\" width=\"").append(num(CELL)).append("\" height=\"").append(num(CELL))
                    .append("\" fill=\"").append(fill).append('"').append(attributes).append("/>");
        }

        @Override
        String cellFill(Board board, int sq) {
            return "#b58863";
        }

        @Override
        double cellRadius() {
            return CELL / 2;
        }
    }

    /**
     * HexEmergo (docs/rules.md#the-hexemergo-board): flat-topped cells, columns a..g upright, numbers rising upwards;
     * a row of equal numbers runs down to the right.
     */
    static final class Hexhex extends BoardGeometry {
        private static final double SIZE = 36;
        private static final double MARGIN = 30;
        private static final double ROOT3 = Math.sqrt(3);
        private static final String[] FILLS = {"#d9b48a", "#c4976a", "#b07f53"};

        @Override
        double width() {
            return 9 * SIZE + 2 * SIZE + 2 * MARGIN;
        }

        @Override
        double height() {
            return 7 * ROOT3 * SIZE + 2 * MARGIN;
        }

        @Override
        double[] pixel(double c, double n) {
            double x = MARGIN + SIZE + 1.5 * SIZE * c;
            // d7 (c=3, n=6) is the top cell: half a cell below the margin
            double y = MARGIN + ROOT3 * SIZE / 2 + ROOT3 * SIZE * (c / 2 - n + 4.5);
            return new double[] {x, y};
        }

        @Override
        double labelOffset() {
            return 0.85;
        }

        @Override
        void background(StringBuilder out, boolean flipped) {
        }

        @Override
        void cellShape(StringBuilder out, double[] c, String fill, String attributes) {
            out.append("<polygon points=\"");
            double r = SIZE - 1.5;
            for (int i = 0; i < 6; i++) {
                double a = Math.PI / 3 * i;
                out.append(num(c[0] + r * Math.cos(a))).append(',').append(num(c[1] + r * Math.sin(a)));
                if (i < 5) out.append(' ');
            }
            out.append("\" fill=\"").append(fill).append("\" stroke=\"#6b4a2b\" stroke-width=\"1.5\"").append(attributes).append("/>");
        }

        @Override
        String cellFill(Board board, int sq) {
            // three shades, so that no two neighbours share one
            return FILLS[(board.x(sq) + board.y(sq)) % 3];
        }

        @Override
        double cellRadius() {
            return SIZE * ROOT3 / 2;
        }

        @Override
        double nameDx() {
            return SIZE * 0.3;
        }

        @Override
        double nameDy() {
            return -SIZE * 0.5;
        }
    }
}
