package org.emergo.viewer.chart;

import java.util.List;

/**
 * A line over numbered steps (a player's rating after each of his games), with an optional band
 * around it (the rating's deviation).
 *
 * @param id     the chart's id in the page
 * @param xLabel what the steps are (under the chart)
 * @param points one point a step, in order
 */
public record LineChart(String id, String title, String xLabel, List<Point> points) {

    /** A step: its number, the value, and the band's half-width there (NaN: no band). */
    public record Point(int x, double y, double band) {}

    public LineChart {
        points = List.copyOf(points);
    }

    public boolean isEmpty() {
        return points.isEmpty();
    }

    /** The SVG of this chart (drawn on the server: nothing is fetched by the page). */
    public String svg() {
        return ChartSvg.draw(this);
    }
}
