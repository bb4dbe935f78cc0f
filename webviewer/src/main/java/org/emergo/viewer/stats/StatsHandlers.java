package org.emergo.viewer.stats;

import io.javalin.http.Context;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.emergo.store.db.Database;
import org.emergo.store.db.ErrorText;
import org.emergo.store.db.StoreException;
import org.emergo.store.review.CurveCalibration;
import org.emergo.store.review.OwnCurves;
import org.emergo.store.review.ReviewFigures;
import org.emergo.store.stats.GameStatistics;
import org.emergo.viewer.chart.Chart;
import org.emergo.viewer.http.SingleFlight;
import org.emergo.viewer.http.Templates;

/**
 * The statistics page. Its figures read every game's rows, so they are kept while the counts of
 * games, analyses, findings and reviews stay the same (counting a table is instant in H2), for at most
 * half a minute: new games show on the next load, and a re-analysis within that time. They are
 * computed once for all the requests that ask meanwhile ({@link SingleFlight}); while an import
 * or an analysis writes, a computation takes seconds, and a request that has waited half a second
 * gets the figures made last, with the counts they were made for. The first request, with no
 * figures made yet, waits as long, then gets a page that says they are being computed and
 * reloads itself: no page takes over a second.
 */
public final class StatsHandlers {

    private static final long KEEP_NANOS = 30_000_000_000L;
    private static final long CALIBRATION_KEEP_NANOS = 3_600_000_000_000L;
    private static final long PATIENCE_NANOS = 500_000_000L;
    private static final int REFRESH_SECONDS = 2;

    private record Figures(List<Chart> charts, DecidedStats decided, CalibrationStats calibration) {}

    private final Database db;
    private final Templates templates;
    private final SingleFlight<GameStatistics.Counts, Figures> figures = new SingleFlight<>(KEEP_NANOS, PATIENCE_NANOS);
    /**
     * The calibration reads every reviewed position of the main setting (seconds on the demo), and
     * changes only with the reviews and games: kept, by their counts and the setting, for an hour.
     */
    private final SingleFlight<List<Integer>, List<CurveCalibration.Board>> calibrations =
            new SingleFlight<>(CALIBRATION_KEEP_NANOS, PATIENCE_NANOS);

    public StatsHandlers(Database db, Templates templates) {
        this.db = db;
        this.templates = templates;
    }

    public void page(Context ctx) {
        GameStatistics statistics = new GameStatistics(db.dsl());
        GameStatistics.Counts counts = statistics.counts();
        SingleFlight.Made<GameStatistics.Counts, Figures> made = figures.getMadeOrNull(counts, () -> {
            ReviewFigures reviews = new ReviewFigures(db.dsl());
            Optional<ReviewFigures.Setting> main = reviews.mainSetting();
            DecidedStats decided = main.map(st -> DecidedStats.of(st, reviews.decided(st))).orElse(null);
            CalibrationStats calibration = main.map(st -> new CalibrationStats(st.setting(),
                            calibrations.get(List.of(counts.games(), counts.reviews(), st.id()), () -> calibration(st.id()))))
                    .filter(c -> !c.boards().isEmpty()).orElse(null);
            return new Figures(StatsCharts.of(statistics), decided, calibration);
        });
        if (made == null) {
            // The first figures take seconds on a large collection: a page now that reloads itself, not a wait.
            ctx.header("Refresh", String.valueOf(REFRESH_SECONDS));
            ctx.html(templates.render("stats/stats_computing.jte", new StatsComputingPage(counts.games(), REFRESH_SECONDS)));
            return;
        }
        Figures k = made.value();
        ctx.html(templates.render("stats/stats.jte", new StatsPage(made.key().games(), made.key().analysed(), k.charts(),
                k.decided(), k.calibration())));
    }

    private List<CurveCalibration.Board> calibration(int settingId) {
        try {
            return new CurveCalibration(new OwnCurves(db.dsl())).boards(settingId);
        } catch (SQLException e) {
            throw new StoreException("reading the reviewed positions failed: " + ErrorText.firstLine(e), e);
        }
    }
}
