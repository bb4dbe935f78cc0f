package org.emergo.viewer.stats;

import java.util.List;
import java.util.Locale;
import org.emergo.store.review.ReviewFigures;
import org.emergo.store.stats.StatsFigures;
import org.emergo.viewer.chart.Chart;

/**
 * At which ply the reviewed decisive games were decided (the statistics page): a game is decided
 * at the first ply from which the eventual winner's winning chances, by the review's curve,
 * stay at {@link ReviewFigures#DECIDED_CHANCE} or more to the end of the review. The store's
 * figures ({@link StatsFigures.Decided}) with their chart.
 *
 * @param setting    the setting the figures are read at
 * @param games      decisive games (1-0 or 0-1) reviewed at it
 * @param undecided  of those, games whose winner's chances were below the mark at the last position reviewed
 * @param medianPly  the median ply of decision of the others, null without one
 * @param medianLeft the median number of plies played after the decision, null without one
 * @param chart      the games decided, by ply in bars of {@link #BAR} plies
 */
public record DecidedStats(String setting, int games, int undecided, Integer medianPly, Integer medianLeft, Chart chart) {

    static final int BAR = StatsFigures.Decided.BAR;

    static DecidedStats of(String setting, StatsFigures.Decided d) {
        List<Chart.Bar> bars = d.bars().stream().map(b -> new Chart.Bar(b.label(), b.values())).toList();
        Chart chart = new Chart("decided", "Ply at which games are decided", "ply of decision (bars of " + BAR + ")",
                List.of("games"), bars, false);
        return new DecidedStats(setting, d.games(), d.undecided(), d.medianPly(), d.medianLeft(), chart);
    }

    /** The mark in percent: "90". */
    public String chancePercent() {
        return String.format(Locale.ROOT, "%.0f", 100 * ReviewFigures.DECIDED_CHANCE);
    }
}
