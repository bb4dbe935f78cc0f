package org.emergo.viewer.chart;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ChartSvgTest {

    private static final Pattern TICK = Pattern.compile("<text x=\"([0-9.]+)\"[^>]*text-anchor=\"end\"[^>]*>(\\d+)</text>");

    @Test
    void theLongestTickLabelOfAVerticalChartFitsLeftOfTheAxis() {
        Chart chart = new Chart("captures", "Captures by length", "men taken", List.of("captures"),
                List.of(new Chart.Bar("1", List.of(3_400_000)), new Chart.Bar("2", List.of(120_000))), false);
        Matcher tick = TICK.matcher(chart.svg());
        int ticks = 0;
        while (tick.find()) {
            ticks++;
            double rightEdge = Double.parseDouble(tick.group(1));
            // font size 11: a digit is at most about 7 px wide
            assertTrue(rightEdge - 7 * tick.group(2).length() >= 0, tick.group() + " starts left of the picture");
        }
        assertTrue(ticks >= 2, "the axis has its tick labels");
    }
}
