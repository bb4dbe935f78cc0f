package org.emergo.viewer.stats;

import java.util.List;
import org.emergo.store.stats.GameStatistics;
import org.emergo.viewer.chart.Chart;

/** The statistics page's charts: the store's figures ({@link GameStatistics.Figures}) with their titles and series. */
final class StatsCharts {

    private StatsCharts() {}

    static List<Chart> of(GameStatistics.Figures s) {
        return List.of(
                new Chart("results", "Results by colour and variant", "games",
                        List.of("White wins", "Draws", "Black wins", "No result"), bars(s.results()), true),
                new Chart("length", "Game length", "plies replayed (bars of " + GameStatistics.LENGTH_BAR + ")",
                        List.of("games"), bars(s.gameLength()), false),
                new Chart("captures", "Captures by length", "men taken by one capture", List.of("captures"),
                        bars(s.captureLength()), false),
                new Chart("first-capture", "Ply of the first capture",
                        "ply (bars of " + GameStatistics.FIRST_CAPTURE_BAR + ")", List.of("games"), bars(s.firstCapture()),
                        false),
                new Chart("findings", "Findings by code", "findings", List.of("findings"), bars(s.findings()), true),
                new Chart("shadowpieces", "Shadowpieces by size, and how their owners scored", "shadowpieces",
                        List.of("owner won", "draw", "owner lost", "no result"), bars(s.shadowpieces()), true));
    }

    private static List<Chart.Bar> bars(List<GameStatistics.Bar> bars) {
        return bars.stream().map(b -> new Chart.Bar(b.label(), b.values())).toList();
    }
}
