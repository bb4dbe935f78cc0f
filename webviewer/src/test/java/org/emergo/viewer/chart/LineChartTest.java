package org.emergo.viewer.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LineChartTest {

    private static final Pattern LINE = Pattern.compile("<polyline class=\"line\" points=\"([^\"]*)\"");
    private static final Pattern TICK = Pattern.compile("text-anchor=\"end\" font-size=\"11\" fill=\"#444\">(-?\\d+)</text>");

    private static List<LineChart.Point> ratings(int n) {
        List<LineChart.Point> points = new ArrayList<>();
        for (int i = 1; i <= n; i++) points.add(new LineChart.Point(i, 1500 + 300 * Math.sin(i / 50.0), 350.0 / Math.sqrt(i)));
        return points;
    }

    @Test
    void theLineAndItsBandStayBetweenTheLowestAndHighestTick() {
        List<LineChart.Point> points = ratings(200);
        String svg = new LineChart("r", "Rating", "rated games", points).svg();
        List<Integer> ticks = new ArrayList<>();
        Matcher t = TICK.matcher(svg);
        while (t.find()) ticks.add(Integer.parseInt(t.group(1)));
        assertTrue(ticks.size() >= 2 && ticks.size() <= 8, ticks.toString());
        double lowest = points.stream().mapToDouble(p -> p.y() - p.band()).min().orElseThrow();
        double highest = points.stream().mapToDouble(p -> p.y() + p.band()).max().orElseThrow();
        assertTrue(ticks.get(0) <= lowest && ticks.get(ticks.size() - 1) >= highest, ticks + " against " + lowest + ".." + highest);
        assertTrue(svg.contains("<polygon class=\"band\""), svg);
    }

    @Test
    void aLongHistoryIsThinnedToAtMostSixHundredPointsKeepingTheFirstAndTheLast() {
        List<LineChart.Point> points = ratings(20_000);
        List<LineChart.Point> thinned = ChartSvg.thinned(points);
        assertTrue(thinned.size() <= ChartSvg.MAX_POINTS, thinned.size() + " points");
        assertTrue(thinned.size() > ChartSvg.MAX_POINTS / 2, thinned.size() + " points");
        assertEquals(points.get(0), thinned.get(0));
        assertEquals(points.get(points.size() - 1), thinned.get(thinned.size() - 1));
        Matcher m = LINE.matcher(new LineChart("r", "Rating", "rated games", points).svg());
        assertTrue(m.find());
        assertEquals(thinned.size(), m.group(1).split(" ").length);
    }

    @Test
    void oneGameWithoutADeviationDrawsAPointAndNoBand() {
        String svg = new LineChart("r", "Rating", "rated games", List.of(new LineChart.Point(1, 1530, Double.NaN))).svg();
        assertFalse(svg.contains("NaN") || svg.contains("Infinity"), svg);
        assertFalse(svg.contains("<polygon"), svg);
        assertTrue(svg.contains("<circle class=\"last\""), svg);
    }

    @Test
    void theTitleIsEscaped() {
        String svg = new LineChart("r", "Rating of <b>Eve</b> & co", "rated games", List.of()).svg();
        assertTrue(svg.contains("aria-label=\"Rating of &lt;b&gt;Eve&lt;/b&gt; &amp; co\""), svg);
    }
}
