package org.emergo.viewer.chart;

import java.util.List;

/**
 * The data of one chart: bars with a label each, every bar a stack of one value per series.
 *
 * @param id     the chart's id in the page
 * @param series the names of the stacked parts (one name for a plain bar chart)
 * @param xLabel what the bars are (under the chart)
 */
public record Chart(String id, String title, String xLabel, List<String> series, List<Bar> bars, boolean horizontal) {

    public record Bar(String label, List<Integer> values) {
        public int total() {
            return values.stream().mapToInt(Integer::intValue).sum();
        }
    }

    public Chart {
        series = List.copyOf(series);
        bars = List.copyOf(bars);
    }

    public int max() {
        return bars.stream().mapToInt(Bar::total).max().orElse(0);
    }

    public boolean isEmpty() {
        return bars.isEmpty() || max() == 0;
    }

    /** The SVG of this chart (drawn on the server: nothing is fetched by the page). */
    public String svg() {
        return ChartSvg.draw(this);
    }
}
