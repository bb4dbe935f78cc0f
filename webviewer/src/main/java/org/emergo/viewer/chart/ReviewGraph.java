package org.emergo.viewer.chart;

import static org.emergo.viewer.svg.SvgText.esc;
import static org.emergo.viewer.svg.SvgText.num;

import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The evaluation graph of a reviewed game, as lichess draws one under its board: White's
 * winning chances position by position, White's share light below the line and Black's dark
 * above it, the even line dashed across the middle. Every position is a link to its ply (the
 * whole height of its slice is the target); a position reached by an inaccuracy, mistake or
 * blunder has a dot in the class's colour; the ply shown is marked by an upright line. Every
 * link's title says the move, the score and the class in words, so colour is never the only sign.
 */
public final class ReviewGraph {

    /** The colours of the classes, as lichess's: blue, orange, red. */
    public static final Map<String, String> COLOURS = Map.of(
            "inaccuracy", "#56b4e9",
            "mistake", "#e69f00",
            "blunder", "#db3031");

    static final double WIDTH = 600;
    static final double HEIGHT = 120;
    private static final double PAD = 6;

    /**
     * One position of the game.
     *
     * @param ply         its ply, 0 for the start
     * @param whiteChance White's winning chances there, 0 to 1
     * @param title       what the link says: the move, the score, the class in words
     * @param moveClass   the class of the move that led here (inaccuracy, mistake, blunder), null for none or good
     */
    public record Point(int ply, double whiteChance, String title, String moveClass) {}

    private ReviewGraph() {}

    /**
     * The graph of consecutive positions; {@code current} is the ply shown, {@code url} the
     * address of each ply.
     */
    public static String draw(List<Point> points, int current, IntFunction<String> url) {
        int first = points.isEmpty() ? 0 : points.get(0).ply();
        int span = Math.max(1, points.size() - 1);
        double plotW = WIDTH - 2 * PAD;
        double plotH = HEIGHT - 2 * PAD;
        double step = plotW / span;
        StringBuilder out = new StringBuilder(200 + 260 * points.size());
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"review-graph\" viewBox=\"0 0 ").append(num(WIDTH))
                .append(' ').append(num(HEIGHT)).append("\" role=\"group\"")
                .append(" aria-label=\"White's winning chances ply by ply; each ply links to its position\">");
        out.append("<rect class=\"black-share\" x=\"0\" y=\"0\" width=\"").append(num(WIDTH)).append("\" height=\"")
                .append(num(HEIGHT)).append("\" fill=\"#3b3631\"/>");
        if (!points.isEmpty()) {
            StringBuilder line = new StringBuilder();
            for (Point p : points) {
                line.append(num(x(p.ply() - first, step))).append(',').append(num(y(p.whiteChance(), plotH))).append(' ');
            }
            String bottom = num(HEIGHT);
            out.append("<polygon class=\"white-share\" points=\"").append(num(x(0, step))).append(',').append(bottom).append(' ')
                    .append(line).append(num(x(points.size() - 1, step))).append(',').append(bottom)
                    .append("\" fill=\"#f4efe2\"/>");
            out.append("<polyline class=\"chances\" points=\"").append(line.toString().strip())
                    .append("\" fill=\"none\" stroke=\"#8c7a5b\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\"/>");
        }
        out.append("<line class=\"even\" x1=\"0\" y1=\"").append(num(HEIGHT / 2)).append("\" x2=\"").append(num(WIDTH))
                .append("\" y2=\"").append(num(HEIGHT / 2))
                .append("\" stroke=\"#9a9383\" stroke-dasharray=\"4 4\" vector-effect=\"non-scaling-stroke\"/>");
        if (current >= first && current < first + points.size()) {
            String cx = num(x(current - first, step));
            out.append("<line class=\"current-ply\" data-ply=\"").append(current).append("\" x1=\"").append(cx)
                    .append("\" y1=\"0\" x2=\"").append(cx).append("\" y2=\"").append(num(HEIGHT))
                    .append("\" stroke=\"#1d5fa8\" stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>");
        }
        // The links are left out of the tab order: the move list beside holds the same links,
        // and the keys step through the game.
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            double cx = x(i, step);
            out.append("<a class=\"ply-link\" href=\"").append(esc(url.apply(p.ply()))).append("\" data-ply=\"").append(p.ply())
                    .append("\" tabindex=\"-1\"><title>").append(esc(p.title())).append("</title>");
            out.append("<rect class=\"hit\" x=\"").append(num(Math.max(0, cx - step / 2))).append("\" y=\"0\" width=\"")
                    .append(num(step)).append("\" height=\"").append(num(HEIGHT)).append("\" fill=\"#1d5fa8\" fill-opacity=\"0\"/>");
            String colour = p.moveClass() == null ? null : COLOURS.get(p.moveClass());
            if (colour != null) {
                out.append("<circle class=\"dot ").append(esc(p.moveClass())).append("\" cx=\"").append(num(cx))
                        .append("\" cy=\"").append(num(y(p.whiteChance(), plotH))).append("\" r=\"4.5\" fill=\"")
                        .append(colour).append("\" stroke=\"#fff\" stroke-width=\"1.5\"/>");
            }
            out.append("</a>");
        }
        return out.append("</svg>").toString();
    }

    private static double x(int index, double step) {
        return PAD + index * step;
    }

    /** White's chances upward: 1 at the top, 0 at the bottom. */
    private static double y(double whiteChance, double plotH) {
        double c = Math.max(0, Math.min(1, whiteChance));
        return PAD + (1 - c) * plotH;
    }
}
