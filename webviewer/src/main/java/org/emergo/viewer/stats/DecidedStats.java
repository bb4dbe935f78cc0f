package org.emergo.viewer.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.emergo.store.review.ReviewFigures;
import org.emergo.viewer.chart.Chart;

/**
 * At which ply the reviewed decisive games were decided (the statistics page): a game is decided
 * at the first ply from which the eventual winner's winning chances, by the review's curve,
 * stay at {@link ReviewFigures#DECIDED_CHANCE} or more to the end of the review.
 *
 * @param setting    the setting the figures are read at
 * @param games      decisive games (1-0 or 0-1) reviewed at it
 * @param undecided  of those, games whose winner's chances were below the mark at the last position reviewed
 * @param medianPly  the median ply of decision of the others, null without one
 * @param medianLeft the median number of plies played after the decision, null without one
 * @param chart      the games decided, by ply in bars of {@link #BAR} plies
 */
public record DecidedStats(String setting, int games, int undecided, Integer medianPly, Integer medianLeft, Chart chart) {

    static final int BAR = 10;

    static DecidedStats of(ReviewFigures.Setting s, List<ReviewFigures.DecidedGame> games) {
        List<Integer> plies = new ArrayList<>();
        List<Integer> left = new ArrayList<>();
        Map<Integer, Integer> bars = new TreeMap<>();
        for (ReviewFigures.DecidedGame g : games) {
            if (g.decidedAt() == null) continue;
            plies.add(g.decidedAt());
            left.add(g.plies() - g.decidedAt());
            bars.merge(g.decidedAt() / BAR, 1, Integer::sum);
        }
        List<Chart.Bar> chartBars = new ArrayList<>();
        if (!bars.isEmpty()) {
            int hi = ((TreeMap<Integer, Integer>) bars).lastKey();
            for (int b = 0; b <= hi; b++) chartBars.add(new Chart.Bar(Integer.toString(b * BAR), List.of(bars.getOrDefault(b, 0))));
        }
        Chart chart = new Chart("decided", "Ply at which games are decided", "ply of decision (bars of " + BAR + ")",
                List.of("games"), chartBars, false);
        return new DecidedStats(s.setting(), games.size(), games.size() - plies.size(), median(plies), median(left), chart);
    }

    private static Integer median(List<Integer> values) {
        if (values.isEmpty()) return null;
        List<Integer> sorted = values.stream().sorted().toList();
        return sorted.get((sorted.size() - 1) / 2);
    }

    /** The mark in percent: "90". */
    public String chancePercent() {
        return String.format(Locale.ROOT, "%.0f", 100 * ReviewFigures.DECIDED_CHANCE);
    }
}
