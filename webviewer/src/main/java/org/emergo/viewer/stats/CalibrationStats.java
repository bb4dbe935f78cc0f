package org.emergo.viewer.stats;

import java.util.List;
import java.util.Locale;
import org.emergo.search.Calibration;
import org.emergo.store.review.CurveCalibration;

/**
 * The statistics page's calibration: for each board, the winning chances the curves predicted
 * for the positions of games they were not fitted to, against the score those positions' side
 * to move made (docs/engine.md#calibration).
 *
 * @param setting the review setting the positions are read at
 */
public record CalibrationStats(String setting, List<CurveCalibration.Board> boards) {

    public CalibrationStats {
        boards = List.copyOf(boards);
    }

    /** A band's share in percent ("62.5"), or a dash for a band with no position. */
    public static String percent(double share) {
        return Double.isNaN(share) ? "–" : String.format(Locale.ROOT, "%.1f", 100 * share);
    }

    /** A Brier score or log-loss to three places. */
    public static String figure(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    /** The band's label: "60–70%". */
    public static String band(Calibration.Band b) {
        return String.format(Locale.ROOT, "%.0f–%.0f%%", 100 * b.from(), 100 * b.to());
    }
}
