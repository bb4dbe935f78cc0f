package org.emergo.store.stats;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.emergo.store.db.Database;
import org.emergo.store.review.CurveCalibration;
import org.emergo.store.review.OwnCurves;
import org.emergo.store.review.ReviewFigures;
import org.emergo.store.stats.GameStatistics.Bar;

/**
 * Everything the viewer's statistics page shows, as numbers: the charts of the games and their
 * analysis and, with reviewed games, when the decisive ones were decided and how well the
 * winning chances are calibrated. Computed here from the games' and reviews' rows, or read back
 * from what the commands stored ({@link StatsSnapshot}): the same figures either way.
 *
 * @param counts   what they were counted over
 * @param reviewed the reviews' figures, null when no game is reviewed
 */
public record StatsFigures(GameStatistics.Counts counts, GameStatistics.Figures games, Reviewed reviewed) {

    /**
     * The reviews' figures, at the setting most games are reviewed at ({@link ReviewFigures#mainSetting}).
     *
     * @param setting     the setting as review_setting has it ("depth=4")
     * @param calibration the boards with games enough to calibrate ({@link CurveCalibration}), Emergo first; may be empty
     */
    public record Reviewed(int settingId, String setting, Decided decided, List<CurveCalibration.Board> calibration) {
        public Reviewed {
            calibration = List.copyOf(calibration);
        }
    }

    /**
     * When the decisive games reviewed at the setting were decided ({@link ReviewFigures#decided}).
     *
     * @param games      decisive games (1-0 or 0-1) reviewed at the setting
     * @param undecided  of those, games whose winner's chances were below the mark at the last position reviewed
     * @param medianPly  the median ply of decision of the others, null without one
     * @param medianLeft the median number of plies played after the decision, null without one
     * @param bars       the games decided by ply, in bars of {@link #BAR} plies from ply 0 to the last decided
     */
    public record Decided(int games, int undecided, Integer medianPly, Integer medianLeft, List<Bar> bars) {

        /** Plies a bar holds. */
        public static final int BAR = 10;

        public Decided {
            bars = List.copyOf(bars);
        }

        static Decided of(List<ReviewFigures.DecidedGame> games) {
            List<Integer> plies = new ArrayList<>();
            List<Integer> left = new ArrayList<>();
            TreeMap<Integer, Integer> counts = new TreeMap<>();
            for (ReviewFigures.DecidedGame g : games) {
                if (g.decidedAt() == null) continue;
                plies.add(g.decidedAt());
                left.add(g.plies() - g.decidedAt());
                counts.merge(g.decidedAt() / BAR, 1, Integer::sum);
            }
            List<Bar> bars = new ArrayList<>();
            if (!counts.isEmpty()) {
                for (int b = 0; b <= counts.lastKey(); b++) bars.add(new Bar(Integer.toString(b * BAR), List.of(counts.getOrDefault(b, 0))));
            }
            return new Decided(games.size(), games.size() - plies.size(), median(plies), median(left), bars);
        }

        private static Integer median(List<Integer> values) {
            if (values.isEmpty()) return null;
            List<Integer> sorted = values.stream().sorted().toList();
            return sorted.get((sorted.size() - 1) / 2);
        }
    }

    /** Every figure, computed from the rows: seconds on a large reviewed collection. */
    public static StatsFigures compute(Database db) {
        GameStatistics statistics = new GameStatistics(db.dsl());
        GameStatistics.Counts counts = statistics.counts();
        return new StatsFigures(counts, statistics.figures(), reviewed(db, settingId -> calibration(db, settingId)));
    }

    /**
     * The reviews' figures computed from the rows, null when no game is reviewed; the calibration
     * of the setting (by its id) from {@code calibration}, which may keep it (the viewer does).
     */
    public static Reviewed reviewed(Database db, IntFunction<List<CurveCalibration.Board>> calibration) {
        ReviewFigures reviews = new ReviewFigures(db.dsl());
        Optional<ReviewFigures.Setting> main = reviews.mainSetting();
        if (main.isEmpty()) return null;
        ReviewFigures.Setting s = main.get();
        return new Reviewed(s.id(), s.setting(), Decided.of(reviews.decided(s)), calibration.apply(s.id()));
    }

    /** The calibration of a setting computed from its reviewed positions (it reads every one of them). */
    public static List<CurveCalibration.Board> calibration(Database db, int settingId) {
        try {
            return new CurveCalibration(new OwnCurves(db.dsl())).boards(settingId);
        } catch (SQLException e) {
            throw db.failure("reading the reviewed positions failed", e);
        }
    }
}
