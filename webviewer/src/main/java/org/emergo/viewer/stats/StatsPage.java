package org.emergo.viewer.stats;

import java.util.List;
import org.emergo.viewer.chart.Chart;

/** The statistics page: counts and charts; when games are reviewed, at which ply they were decided (else null). */
public record StatsPage(int games, int analysed, List<Chart> charts, DecidedStats decided, CalibrationStats calibration) {}
