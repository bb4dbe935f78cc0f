package org.emergo.viewer.board;

import static org.emergo.viewer.svg.SvgText.esc;
import static org.emergo.viewer.svg.SvgText.num;

import java.util.Locale;
import java.util.function.IntFunction;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.SquareCondition;
import org.emergo.rules.Board;
import org.emergo.rules.Side;

/**
 * The pattern search's board editor (docs/patterns.md#the-text-form): every square drawn with its condition,
 * ({@code !}: anything but, struck through), and a link that cycles it (any, empty, White's,
 * Black's, occupied, with prisoners, can be jumped). The
 * links are plain URLs made by the server, so the editor works without script.
 */
public final class PatternBoardSvg {

    private PatternBoardSvg() {
    }

    /** The board of a pattern's variant; {@code link} gives the URL a click on a square opens. */
    public static String draw(Pattern p, IntFunction<String> link) {
        return draw(p, null, link);
    }

    /**
     * The same, for one part of a manoeuvre: {@code part} (such as "second pattern") names the
     * board for a screen reader, or is null for a pattern of one part.
     */
    public static String draw(Pattern p, String part, IntFunction<String> link) {
        Board board = p.variant().board();
        BoardGeometry geometry = BoardGeometry.of(board);
        StringBuilder out = new StringBuilder(20_000);
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board pattern-board board-")
                .append(board.name().toLowerCase(Locale.ROOT)).append("\" viewBox=\"0 0 ")
                .append(num(geometry.width())).append(' ').append(num(geometry.height()))
                .append("\" role=\"group\" aria-label=\"").append(esc(board.name()))
                .append(" board editor").append(part == null ? "" : ", " + esc(part))
                .append(": a square's link cycles its condition\">\n");
        geometry.background(out, false);
        for (int sq = 0; sq < board.size(); sq++) {
            SquareCondition c = p.squares()[sq];
            double[] at = geometry.pixel(board.x(sq), board.y(sq));
            String name = board.name(sq);
            String label = c.kind() == SquareCondition.Kind.ANY ? "" : c.toString();
            out.append("<a href=\"").append(esc(link.apply(sq))).append("\" class=\"pattern-square\" data-square=\"")
                    .append(name).append("\" data-condition=\"").append(esc(c.toString())).append("\">")
                    .append("<title>").append(name).append(": ").append(esc(c.toString())).append("</title>");
            geometry.cellShape(out, at, geometry.cellFill(board, sq), "");
            marker(out, geometry, at, c);
            out.append("<text x=\"").append(num(at[0] - geometry.nameDx())).append("\" y=\"")
                    .append(num(at[1] + geometry.nameDy()))
                    .append("\" class=\"square-name\" font-size=\"9\" fill=\"#f3e6cf\" fill-opacity=\"0.8\">").append(name)
                    .append("</text>");
            if (!label.isEmpty()) {
                out.append("<text x=\"").append(num(at[0])).append("\" y=\"").append(num(at[1] + 5))
                        .append("\" class=\"condition\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"")
                        .append(c.owner() == Side.BLACK || c.negated() ? "#f7f3e8" : "#222").append("\">").append(esc(label))
                        .append("</text>");
            }
            out.append("</a>\n");
        }
        out.append("</svg>\n");
        return out.toString();
    }

    /** A man of the commander's colour, a grey one for either, a dashed ring for a vacant square. */
    private static void marker(StringBuilder out, BoardGeometry g, double[] at, SquareCondition c) {
        if (c.kind() == SquareCondition.Kind.ANY) return;
        double r = g.pieceRadius();
        String circle = "<circle cx=\"" + num(at[0]) + "\" cy=\"" + num(at[1]) + "\" r=\"" + num(r) + "\"";
        if (c.negated()) {
            // "anything but": a struck-through ring, the condition after '!' in the label
            out.append(circle).append(" fill=\"none\" stroke=\"#e07a5f\" stroke-width=\"2.5\"/>")
                    .append("<line x1=\"").append(num(at[0] - r * 0.7)).append("\" y1=\"").append(num(at[1] + r * 0.7))
                    .append("\" x2=\"").append(num(at[0] + r * 0.7)).append("\" y2=\"").append(num(at[1] - r * 0.7))
                    .append("\" stroke=\"#e07a5f\" stroke-width=\"2\"/>");
            return;
        }
        if (c.kind() == SquareCondition.Kind.EMPTY) {
            out.append(circle).append(" fill=\"none\" stroke=\"#f3e6cf\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>");
            return;
        }
        Side owner = c.kind() == SquareCondition.Kind.EXACT ? c.composition().owner() : c.owner();
        String fill = owner == Side.WHITE ? "#f7f3e8" : owner == Side.BLACK ? "#262626" : "#9a9a9a";
        out.append(circle).append(" fill=\"").append(fill).append("\" stroke=\"#555\" stroke-width=\"1.5\"/>");
    }
}
