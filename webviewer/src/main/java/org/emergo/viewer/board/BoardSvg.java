package org.emergo.viewer.board;

import static org.emergo.viewer.svg.SvgText.esc;
import static org.emergo.viewer.svg.SvgText.num;

import java.util.List;
import java.util.Locale;
import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * Draws a position as SVG: Emergo's 9x9 checkerboard with its 41 playable squares, or
 * HexEmergo's 37 hex cells (docs/rules.md#the-emergo-board, docs/rules.md#the-hexemergo-board), the names of the lines on the edges, every
 * column as a stack (prisoners below, jailers on top) with its composition as text, and both
 * players' men in hand. The overlay (last move, due capture, marks) is drawn over it.
 *
 * <p>Every text written is escaped; the only texts are square names, column notation and
 * counts, all made by the engine.
 */
public final class BoardSvg {

    /** The engine's best move: blue, as lichess draws its engine's arrow. */
    static final String BEST = "#1d5fa8";

    /** Height of the strip above and below the board that shows the men in hand. */
    private static final double HAND = 34;

    private final BoardGeometry geometry;
    private final boolean flipped;

    private BoardSvg(Board board, boolean flipped) {
        this.geometry = BoardGeometry.of(board);
        this.flipped = flipped;
    }

    /** The SVG of a position, White at the bottom unless flipped. */
    public static String draw(Position position, Overlay overlay, boolean flipped) {
        return new BoardSvg(position.board(), flipped).svg(position, overlay);
    }

    private String svg(Position p, Overlay overlay) {
        Board board = p.board();
        double w = geometry.width();
        double h = geometry.height() + 2 * HAND;
        StringBuilder out = new StringBuilder(16_000);
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board board-")
                .append(board.name().toLowerCase(Locale.ROOT)).append(flipped ? " flipped" : "")
                .append("\" viewBox=\"0 0 ").append(num(w)).append(' ').append(num(h))
                .append("\" role=\"img\" aria-labelledby=\"board-title\" data-epn=\"").append(esc(p.toString())).append("\">\n");
        out.append("<title id=\"board-title\">").append(esc(board.name() + " position " + p)).append("</title>\n");
        defs(out);
        hand(out, p, flipped ? Side.WHITE : Side.BLACK, HAND / 2);
        out.append("<g transform=\"translate(0 ").append(num(HAND)).append(")\">\n");
        geometry.background(out, flipped);
        for (int sq = 0; sq < board.size(); sq++) cell(out, board, sq);
        for (String square : overlay.lastMove()) highlight(out, board, square);
        labels(out, board);
        for (int sq = 0; sq < board.size(); sq++) {
            Column c = p.column(sq);
            if (c != null) column(out, board, sq, c);
        }
        for (Overlay.Mark mark : overlay.marks()) mark(out, board, mark);
        route(out, board, overlay.lastMove(), "last-move", "arrow-last");
        route(out, board, overlay.due(), "due-capture", "arrow-due");
        best(out, board, overlay.best());
        out.append("</g>\n");
        hand(out, p, flipped ? Side.BLACK : Side.WHITE, h - HAND / 2);
        out.append("</svg>\n");
        return out.toString();
    }

    private static void defs(StringBuilder out) {
        out.append("<defs>")
                .append(marker("arrow-last", "#1f7a3a"))
                .append(marker("arrow-due", "#c0392b"))
                .append(marker("arrow-best", BEST))
                .append("</defs>\n");
    }

    private static String marker(String id, String colour) {
        return "<marker id=\"" + id + "\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\""
                + " orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"" + colour + "\"/></marker>";
    }

    /** One player's men in hand, with the side to move marked, in a strip centred at y. */
    private void hand(StringBuilder out, Position p, Side side, double y) {
        boolean white = side == Side.WHITE;
        boolean toMove = p.sideToMove() == side;
        double x = 18;
        out.append("<g class=\"hand hand-").append(white ? "white" : "black").append(toMove ? " to-move" : "").append("\" data-in-hand=\"")
                .append(p.inHand(side)).append("\">");
        out.append("<circle cx=\"").append(num(x)).append("\" cy=\"").append(num(y)).append("\" r=\"9\" fill=\"")
                .append(white ? "#f7f3e8" : "#262626").append("\" stroke=\"").append(white ? "#555" : "#999")
                .append("\" stroke-width=\"1.5\"/>");
        out.append("<text x=\"").append(num(x + 16)).append("\" y=\"").append(num(y + 5))
                .append("\" class=\"hand-text\" font-size=\"15\" fill=\"#222\">")
                .append(white ? "White" : "Black").append(": ").append(p.inHand(side)).append(" in hand")
                .append(toMove ? " \u2014 to move" : "").append("</text></g>\n");
    }

    private void cell(StringBuilder out, Board board, int sq) {
        double[] c = centre(board, sq);
        out.append("<g class=\"square\" data-square=\"").append(board.name(sq)).append("\">");
        geometry.cellShape(out, c, geometry.cellFill(board, sq), "");
        out.append("<text x=\"").append(num(c[0] - geometry.nameDx())).append("\" y=\"").append(num(c[1] + geometry.nameDy()))
                .append("\" class=\"square-name\" font-size=\"9\" fill=\"#f3e6cf\" fill-opacity=\"0.8\">")
                .append(board.name(sq)).append("</text></g>\n");
    }

    private void highlight(StringBuilder out, Board board, String square) {
        int sq = board.square(square);
        if (sq < 0) return;
        geometry.cellShape(out, centre(board, sq), "#f4e04d", " class=\"last-square\" fill-opacity=\"0.55\"");
        out.append('\n');
    }

    /** The names of the lines on the edges: letters before each file (column), numbers before each rank (row). */
    private void labels(StringBuilder out, Board board) {
        out.append("<g class=\"coordinates\" font-size=\"15\" font-weight=\"bold\" fill=\"#5a4630\" text-anchor=\"middle\">");
        for (int sq = 0; sq < board.size(); sq++) {
            int x = board.x(sq);
            int y = board.y(sq);
            if (board.index(x, y - 1) < 0) {
                label(out, geometry.pixel(x, y - geometry.labelOffset()), String.valueOf((char) ('a' + x)));
            }
            if (board.index(x - 1, y) < 0) {
                label(out, geometry.pixel(x - geometry.labelOffset(), y), String.valueOf(y + 1));
            }
        }
        out.append("</g>\n");
    }

    private void label(StringBuilder out, double[] at, String text) {
        double[] p = flip(at);
        out.append("<text x=\"").append(num(p[0])).append("\" y=\"").append(num(p[1] + 5)).append("\">").append(text).append("</text>");
    }

    /** A column as a stack seen from the side: prisoners at the bottom, jailers on top, then its notation. */
    private void column(StringBuilder out, Board board, int sq, Column column) {
        double[] c = centre(board, sq);
        double size = geometry.pieceRadius();
        int height = column.height();
        double step = Math.min(size * 0.3, size * 1.3 / height);
        double bottom = c[1] + (height - 1) * step / 2;
        out.append("<g class=\"column\" data-square=\"").append(board.name(sq)).append("\" data-column=\"")
                .append(esc(column.toString())).append("\" data-owner=\"").append(column.owner().letter()).append("\">");
        out.append("<title>").append(board.name(sq)).append(": ").append(esc(describe(column))).append("</title>");
        for (int i = 0; i < height; i++) {
            boolean jailer = i >= column.prisoners();
            Side colour = jailer ? column.owner() : column.owner().opponent();
            disc(out, c[0], bottom - i * step, size, colour, i == height - 1);
        }
        if (height > 1) {
            String text = column.toString();
            double tw = 7.2 * text.length() + 6;
            double ty = c[1] + geometry.cellRadius() * 0.62;
            out.append("<rect x=\"").append(num(c[0] - tw / 2)).append("\" y=\"").append(num(ty - 10))
                    .append("\" width=\"").append(num(tw)).append("\" height=\"13\" rx=\"3\" fill=\"#fffbe9\" fill-opacity=\"0.9\"/>")
                    .append("<text x=\"").append(num(c[0])).append("\" y=\"").append(num(ty))
                    .append("\" class=\"column-text\" font-size=\"11.5\" text-anchor=\"middle\" fill=\"#111\">")
                    .append(esc(text)).append("</text>");
        }
        out.append("</g>\n");
    }

    private static String describe(Column c) {
        String owner = c.owner() == Side.WHITE ? "White" : "Black";
        String other = c.owner() == Side.WHITE ? "black" : "white";
        String s = owner + "'s column of " + c.height() + ": " + c.jailers() + (c.jailers() == 1 ? " jailer" : " jailers");
        return c.prisoners() == 0 ? s : s + " over " + c.prisoners() + " " + other + (c.prisoners() == 1 ? " prisoner" : " prisoners");
    }

    private static void disc(StringBuilder out, double x, double y, double r, Side colour, boolean top) {
        boolean white = colour == Side.WHITE;
        out.append("<ellipse cx=\"").append(num(x)).append("\" cy=\"").append(num(y)).append("\" rx=\"").append(num(r))
                .append("\" ry=\"").append(num(r * 0.55)).append("\" fill=\"").append(white ? "#f7f3e8" : "#262626")
                .append("\" stroke=\"").append(white ? "#4a4a4a" : "#b0b0b0").append("\" stroke-width=\"")
                .append(top ? "1.6" : "1").append("\"/>");
    }

    private void mark(StringBuilder out, Board board, Overlay.Mark mark) {
        int sq = board.square(mark.square());
        if (sq < 0) return;
        double[] c = centre(board, sq);
        out.append("<g class=\"mark\" data-square=\"").append(board.name(sq)).append("\"><title>").append(esc(mark.note()))
                .append("</title><circle cx=\"").append(num(c[0])).append("\" cy=\"").append(num(c[1])).append("\" r=\"")
                .append(num(geometry.cellRadius() * 0.88)).append("\" fill=\"none\" stroke=\"#8e44ad\" stroke-width=\"3.5\"")
                .append(" stroke-dasharray=\"6 3\"/></g>\n");
    }

    /**
     * The engine's best move: its route as a thinner blue arrow over the last move's, or for an
     * entry (one square) a blue ring on the square.
     */
    private void best(StringBuilder out, Board board, List<String> squares) {
        if (squares.size() != 1) {
            route(out, board, squares, "best-move", "arrow-best");
            return;
        }
        int sq = board.square(squares.get(0));
        if (sq < 0) return;
        double[] c = centre(board, sq);
        out.append("<circle class=\"best-move\" data-route=\"").append(board.name(sq)).append("\" cx=\"").append(num(c[0]))
                .append("\" cy=\"").append(num(c[1])).append("\" r=\"").append(num(geometry.cellRadius() * 0.7))
                .append("\" fill=\"none\" stroke=\"").append(BEST).append("\" stroke-width=\"5\" stroke-opacity=\"0.85\"/>\n");
    }

    /** A move's route as a line with an arrowhead; an entry is its highlighted square alone. */
    private void route(StringBuilder out, Board board, List<String> squares, String cls, String marker) {
        if (squares.size() < 2) return;
        StringBuilder points = new StringBuilder();
        for (String s : squares) {
            int sq = board.square(s);
            if (sq < 0) return;
            double[] c = centre(board, sq);
            points.append(num(c[0])).append(',').append(num(c[1])).append(' ');
        }
        String colour = switch (cls) {
            case "due-capture" -> "#c0392b";
            case "best-move" -> BEST;
            default -> "#1f7a3a";
        };
        out.append("<polyline class=\"").append(cls).append("\" data-route=\"").append(esc(String.join(" ", squares)))
                .append("\" points=\"").append(points.toString().strip()).append("\" fill=\"none\" stroke=\"")
                .append(colour).append("\" stroke-width=\"").append(cls.equals("best-move") ? "4" : "6")
                .append("\" stroke-opacity=\"0.8\"")
                .append(" stroke-linecap=\"round\" stroke-linejoin=\"round\"")
                .append(cls.equals("due-capture") ? " stroke-dasharray=\"12 7\"" : "")
                .append(" marker-end=\"url(#").append(marker).append(")\"/>\n");
    }

    private double[] centre(Board board, int sq) {
        return flip(geometry.pixel(board.x(sq), board.y(sq)));
    }

    private double[] flip(double[] p) {
        return flipped ? new double[] {geometry.width() - p[0], geometry.height() - p[1]} : p;
    }
}
