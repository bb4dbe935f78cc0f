package org.emergo.viewer.stats;

import io.javalin.http.Context;
import java.util.List;
import org.emergo.store.db.Database;
import org.emergo.store.review.CurveCalibration;
import org.emergo.store.stats.GameStatistics;
import org.emergo.store.stats.StatsFigures;
import org.emergo.store.stats.StatsSnapshot;
import org.emergo.viewer.chart.Chart;
import org.emergo.viewer.http.SingleFlight;
import org.emergo.viewer.http.Templates;

/**
 * The statistics page. Its figures read every game's rows and every reviewed position, so the
 * commands that change them (import, analyze, review) store them at the end of their run
 * ({@link StatsSnapshot}), and the page shows the stored ones while the counts of games,
 * analyses, findings, reviews and curves and the latest analysis's time they were stored for
 * are the database's (counting a table is instant in H2, the time is an index's last entry):
 * the first visit after the start answers at once.
 *
 * <p>Without stored figures for the counts now (a database from before they were stored, an
 * import or analysis under way, a game reviewed from its page), the page computes the part that
 * is missing or out of date itself, and keeps it while the counts stay the same, for at most half
 * a minute: new games and games analysed again show on the next load. It is computed
 * once for all the requests that ask meanwhile ({@link SingleFlight}); while an import or an
 * analysis writes, a computation takes seconds, and a request that has waited half a second gets
 * the figures made last, with the counts they were made for. The first request, with no figures
 * made yet, waits as long, then gets a page that says they are being computed and reloads itself:
 * no page takes over a second.
 */
public final class StatsHandlers {

    private static final long KEEP_NANOS = 30_000_000_000L;
    private static final long CALIBRATION_KEEP_NANOS = 3_600_000_000_000L;
    private static final long PATIENCE_NANOS = 500_000_000L;
    private static final int REFRESH_SECONDS = 2;

    private record Figures(List<Chart> charts, DecidedStats decided, CalibrationStats calibration) {
        static Figures of(GameStatistics.Figures games, StatsFigures.Reviewed reviewed) {
            DecidedStats decided = reviewed == null ? null : DecidedStats.of(reviewed.setting(), reviewed.decided());
            CalibrationStats calibration = reviewed == null || reviewed.calibration().isEmpty() ? null
                    : new CalibrationStats(reviewed.setting(), reviewed.calibration());
            return new Figures(StatsCharts.of(games), decided, calibration);
        }
    }

    private final Database db;
    private final Templates templates;
    private final StatsSnapshot snapshot;
    /** What was stored at the last request: a part not stored again since is not read again. */
    private volatile StatsSnapshot.Snapshot stored;
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
        this.snapshot = new StatsSnapshot(db);
    }

    public void page(Context ctx) {
        GameStatistics statistics = new GameStatistics(db.dsl());
        GameStatistics.Counts counts = statistics.counts();
        StatsSnapshot.Snapshot now = snapshot.read(stored);
        stored = now;
        StatsFigures kept = now.figures(counts);
        if (kept != null) {
            render(ctx, counts, Figures.of(kept.games(), kept.reviewed()));
            return;
        }
        StatsSnapshot.Stored<GameStatistics.Figures> keptGames = now.freshGames(counts);
        StatsSnapshot.Stored<StatsFigures.Reviewed> keptReviews = now.freshReviews(counts);
        SingleFlight.Made<GameStatistics.Counts, Figures> made = figures.getMadeOrNull(counts, () -> Figures.of(
                keptGames != null ? keptGames.figures() : statistics.figures(),
                keptReviews != null ? keptReviews.figures() : StatsFigures.reviewed(db, setting -> calibrations.get(
                        List.of(counts.games(), counts.reviews(), setting), () -> StatsFigures.calibration(db, setting)))));
        if (made == null) {
            // The first figures take seconds on a large collection: a page now that reloads itself, not a wait.
            ctx.header("Refresh", String.valueOf(REFRESH_SECONDS));
            ctx.html(templates.render("stats/stats_computing.jte", new StatsComputingPage(counts.games(), REFRESH_SECONDS)));
            return;
        }
        render(ctx, made.key(), made.value());
    }

    private void render(Context ctx, GameStatistics.Counts counts, Figures k) {
        ctx.html(templates.render("stats/stats.jte", new StatsPage(counts.games(), counts.analysed(), k.charts(), k.decided(),
                k.calibration())));
    }
}
