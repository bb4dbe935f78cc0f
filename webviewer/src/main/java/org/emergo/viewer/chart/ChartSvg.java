package org.emergo.viewer.chart;

import static org.emergo.viewer.svg.SvgText.esc;
import static org.emergo.viewer.svg.SvgText.num;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;

/**
 * Draws a {@link Chart} as SVG bars, upright for counts over a range and lying for named
 * categories, and a {@link LineChart} as a line over its steps.
 */
final class ChartSvg {

    /** Series colours, told apart in grey too. */
    static final String[] COLOURS = {"#3a6ea5", "#c9a227", "#8c3b3b", "#7a7a7a", "#4f8f4f", "#8e44ad"};

    private ChartSvg() {}

    static String draw(Chart chart) {
        return chart.horizontal() ? horizontal(chart) : vertical(chart);
    }

    /** Points drawn at most: a longer line is thinned to every n-th point (the last one kept). */
    static final int MAX_POINTS = 600;

    static String draw(LineChart c) {
        List<LineChart.Point> points = thinned(c.points());
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (LineChart.Point p : points) {
            double band = Double.isNaN(p.band()) ? 0 : p.band();
            lo = Math.min(lo, p.y() - band);
            hi = Math.max(hi, p.y() + band);
        }
        // the axis in round steps around the values, six at most
        double step = 50;
        for (double s : new double[] {50, 100, 200, 500, 1000, 2000, 5000}) {
            step = s;
            if (points.isEmpty() || (hi - lo) / s <= 6) break;
        }
        double bottomValue = points.isEmpty() ? 0 : Math.floor(lo / step) * step;
        double topValue = points.isEmpty() ? step : Math.max(bottomValue + step, Math.ceil(hi / step) * step);
        double left = Math.max(48, 14 + 7 * String.valueOf((long) topValue).length()), top = 12, plotH = 180, bottom = 44;
        double plotW = 560;
        double w = left + plotW + 16;
        double h = top + plotH + bottom;
        StringBuilder out = open(c.id(), c.title(), w, h);
        for (double v = bottomValue; v <= topValue + 1e-9; v += step) {
            double y = top + plotH - plotH * (v - bottomValue) / (topValue - bottomValue);
            out.append("<line x1=\"").append(num(left)).append("\" y1=\"").append(num(y)).append("\" x2=\"").append(num(left + plotW))
                    .append("\" y2=\"").append(num(y)).append("\" stroke=\"").append(v == bottomValue ? "#555" : "#ddd").append("\"/>")
                    .append("<text x=\"").append(num(left - 6)).append("\" y=\"").append(num(y + 4))
                    .append("\" text-anchor=\"end\" font-size=\"11\" fill=\"#444\">").append((long) v).append("</text>");
        }
        if (!points.isEmpty()) {
            int firstX = points.get(0).x();
            int lastX = points.get(points.size() - 1).x();
            double span = Math.max(1, lastX - firstX);
            double range = topValue - bottomValue;
            IntToDoubleFunction px = x -> left + plotW * (x - firstX) / span;
            DoubleUnaryOperator py = v -> top + plotH - plotH * (v - bottomValue) / range;
            if (points.stream().noneMatch(p -> Double.isNaN(p.band()))) {
                StringBuilder band = new StringBuilder();
                for (LineChart.Point p : points) band.append(num(px.applyAsDouble(p.x()))).append(',').append(num(py.applyAsDouble(p.y() + p.band()))).append(' ');
                for (int i = points.size() - 1; i >= 0; i--) {
                    LineChart.Point p = points.get(i);
                    band.append(num(px.applyAsDouble(p.x()))).append(',').append(num(py.applyAsDouble(p.y() - p.band()))).append(' ');
                }
                out.append("<polygon class=\"band\" points=\"").append(band.toString().strip()).append("\" fill=\"")
                        .append(COLOURS[0]).append("\" fill-opacity=\"0.18\"/>");
            }
            StringBuilder line = new StringBuilder();
            for (LineChart.Point p : points) line.append(num(px.applyAsDouble(p.x()))).append(',').append(num(py.applyAsDouble(p.y()))).append(' ');
            out.append("<polyline class=\"line\" points=\"").append(line.toString().strip()).append("\" fill=\"none\" stroke=\"")
                    .append(COLOURS[0]).append("\" stroke-width=\"2\"/>");
            // the last point, the rating now, as a dot (a single game is a dot alone)
            LineChart.Point end = points.get(points.size() - 1);
            out.append("<circle class=\"last\" cx=\"").append(num(px.applyAsDouble(end.x()))).append("\" cy=\"")
                    .append(num(py.applyAsDouble(end.y()))).append("\" r=\"3.5\" fill=\"").append(COLOURS[0]).append("\"/>");
            out.append("<text x=\"").append(num(left)).append("\" y=\"").append(num(top + plotH + 16))
                    .append("\" text-anchor=\"start\" font-size=\"11\">").append(firstX).append("</text>");
            if (lastX != firstX) {
                out.append("<text x=\"").append(num(left + plotW)).append("\" y=\"").append(num(top + plotH + 16))
                        .append("\" text-anchor=\"end\" font-size=\"11\">").append(lastX).append("</text>");
            }
        }
        out.append("<text x=\"").append(num(left + plotW / 2)).append("\" y=\"").append(num(top + plotH + 34))
                .append("\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\">").append(esc(c.xLabel())).append("</text>");
        return out.append("</svg>").toString();
    }

    /** At most {@link #MAX_POINTS} of the points, evenly spaced, the first and the last kept. */
    static List<LineChart.Point> thinned(List<LineChart.Point> points) {
        if (points.size() <= MAX_POINTS) return points;
        int every = (points.size() + MAX_POINTS - 2) / (MAX_POINTS - 1);
        List<LineChart.Point> out = new ArrayList<>();
        for (int i = 0; i < points.size() - 1; i += every) out.add(points.get(i));
        out.add(points.get(points.size() - 1));
        return out;
    }

    private static String vertical(Chart c) {
        int n = c.bars().size();
        int max = niceMax(c.max());
        // room for the longest tick label (about 7 px a digit at font size 11)
        double left = Math.max(48, 14 + 7 * String.valueOf(max).length()), top = 12, plotH = 180, bottom = 52;
        double barW = Math.max(6, Math.min(40, 560.0 / Math.max(1, n)));
        double plotW = barW * n;
        double w = left + plotW + 16;
        double h = top + plotH + bottom + legendHeight(c);
        StringBuilder out = open(c, w, h);
        axis(out, left, top, plotH, plotW, max);
        for (int i = 0; i < n; i++) {
            Chart.Bar bar = c.bars().get(i);
            double x = left + i * barW;
            double y = top + plotH;
            for (int s = 0; s < bar.values().size(); s++) {
                int v = bar.values().get(s);
                if (v == 0) continue;
                double bh = plotH * v / max;
                y -= bh;
                rect(out, x + 1, y, barW - 2, bh, s, c.series().get(s) + " " + bar.label() + ": " + v);
            }
            boolean labelled = n <= 16 || i % Math.ceil(n / 12.0) == 0;
            if (labelled) {
                out.append("<text x=\"").append(num(x + barW / 2)).append("\" y=\"").append(num(top + plotH + 16))
                        .append("\" text-anchor=\"middle\" font-size=\"11\">").append(esc(bar.label())).append("</text>");
            }
        }
        out.append("<text x=\"").append(num(left + plotW / 2)).append("\" y=\"").append(num(top + plotH + 38))
                .append("\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\">").append(esc(c.xLabel())).append("</text>");
        legend(out, c, left, top + plotH + bottom);
        return out.append("</svg>").toString();
    }

    private static String horizontal(Chart c) {
        int n = c.bars().size();
        double left = 170, top = 8, barH = 24, plotW = 380;
        double plotH = barH * n;
        double w = left + plotW + 60;
        double h = top + plotH + 24 + legendHeight(c);
        int max = Math.max(1, c.max());
        StringBuilder out = open(c, w, h);
        for (int i = 0; i < n; i++) {
            Chart.Bar bar = c.bars().get(i);
            double y = top + i * barH;
            double x = left;
            out.append("<text x=\"").append(num(left - 6)).append("\" y=\"").append(num(y + barH / 2 + 4))
                    .append("\" text-anchor=\"end\" font-size=\"12\">").append(esc(bar.label())).append("</text>");
            for (int s = 0; s < bar.values().size(); s++) {
                int v = bar.values().get(s);
                if (v == 0) continue;
                double bw = plotW * v / max;
                rect(out, x, y + 3, bw, barH - 6, s, c.series().get(s) + " " + bar.label() + ": " + v);
                x += bw;
            }
            out.append("<text x=\"").append(num(x + 5)).append("\" y=\"").append(num(y + barH / 2 + 4))
                    .append("\" font-size=\"12\" fill=\"#333\">").append(bar.total()).append("</text>");
        }
        out.append("<line x1=\"").append(num(left)).append("\" y1=\"").append(num(top)).append("\" x2=\"").append(num(left))
                .append("\" y2=\"").append(num(top + plotH)).append("\" stroke=\"#555\"/>");
        legend(out, c, left, top + plotH + 10);
        return out.append("</svg>").toString();
    }

    private static StringBuilder open(Chart c, double w, double h) {
        return open(c.id(), c.title(), w, h);
    }

    private static StringBuilder open(String id, String title, double w, double h) {
        return new StringBuilder(4000).append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"chart-")
                .append(esc(id)).append("\" viewBox=\"0 0 ").append(num(w)).append(' ').append(num(h))
                .append("\" width=\"").append(num(w)).append("\" role=\"img\" aria-label=\"").append(esc(title)).append("\">");
    }

    private static void axis(StringBuilder out, double left, double top, double plotH, double plotW, int max) {
        for (int t = 0; t <= 4; t++) {
            double y = top + plotH - plotH * t / 4;
            out.append("<line x1=\"").append(num(left)).append("\" y1=\"").append(num(y)).append("\" x2=\"").append(num(left + plotW))
                    .append("\" y2=\"").append(num(y)).append("\" stroke=\"").append(t == 0 ? "#555" : "#ddd").append("\"/>")
                    .append("<text x=\"").append(num(left - 6)).append("\" y=\"").append(num(y + 4))
                    .append("\" text-anchor=\"end\" font-size=\"11\" fill=\"#444\">").append(max * t / 4).append("</text>");
        }
    }

    private static void rect(StringBuilder out, double x, double y, double w, double h, int series, String title) {
        out.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"").append(num(w))
                .append("\" height=\"").append(num(h)).append("\" fill=\"").append(COLOURS[series % COLOURS.length])
                .append("\"><title>").append(esc(title)).append("</title></rect>");
    }

    private static double legendHeight(Chart c) {
        return c.series().size() > 1 ? 22 : 0;
    }

    private static void legend(StringBuilder out, Chart c, double x, double y) {
        if (c.series().size() < 2) return;
        for (int s = 0; s < c.series().size(); s++) {
            out.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y + 4)).append("\" width=\"12\" height=\"12\" fill=\"")
                    .append(COLOURS[s % COLOURS.length]).append("\"/><text x=\"").append(num(x + 16)).append("\" y=\"")
                    .append(num(y + 14)).append("\" font-size=\"12\">").append(esc(c.series().get(s))).append("</text>");
            x += 24 + 7 * c.series().get(s).length();
        }
    }

    /** A round top for the axis, at least the largest bar, whose quarters are round too. */
    static int niceMax(int max) {
        if (max <= 4) return 4;
        int p = 1;
        while (p * 10 <= max) p *= 10;
        for (int m : new int[] {1, 2, 4, 5, 8, 10}) {
            if (m * p >= max && (m * p) % 4 == 0) return m * p;
        }
        return 10 * p;
    }
}
