package org.emergo.store.stats;

import static org.emergo.store.jooq.Tables.STATS_BAR;
import static org.emergo.store.jooq.Tables.STATS_CALIBRATION;
import static org.emergo.store.jooq.Tables.STATS_CALIBRATION_BAND;
import static org.emergo.store.jooq.Tables.STATS_DECIDED;
import static org.emergo.store.jooq.Tables.STATS_SNAPSHOT;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.emergo.rules.Variant;
import org.emergo.search.Calibration;
import org.emergo.search.Judgement;
import org.emergo.search.WinCurve;
import org.emergo.store.db.Database;
import org.emergo.store.db.Transaction;
import org.emergo.store.jdbc.WorkClaims;
import org.emergo.store.jooq.tables.records.StatsCalibrationRecord;
import org.emergo.store.jooq.tables.records.StatsSnapshotRecord;
import org.emergo.store.review.CurveCalibration;
import org.emergo.store.stats.GameStatistics.Bar;
import org.emergo.store.stats.GameStatistics.Counts;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.impl.DSL;

/**
 * The statistics page's figures as the commands that change them stored them (migration V27),
 * so that the viewer shows them at once instead of computing them on its first request (6 s on
 * the demo). In two parts, each stored with the counts of the database then: the games' figures
 * hold while the games, analyses and findings number the same and the latest analysis is the
 * same, the reviews' while the reviews and the curves' generations do ({@link #fresh}). Nothing
 * is written but at the end of a run: a run stopped early leaves the figures it did not store
 * out of date by those counts, never looking current. An import adds games no review reads, so it
 * computes the games' part alone, not every reviewed position again.
 */
public final class StatsSnapshot {

    /** The two parts, each computed and stored on its own. */
    public enum Part {
        /** The charts of the games and their analysis ({@link GameStatistics.Figures}). */
        GAMES,
        /** The reviews' figures ({@link StatsFigures.Reviewed}). */
        REVIEWS;

        String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One part as stored: the counts it was computed for, when, and its figures (the reviews'
     * part's null when no game was reviewed).
     */
    public record Stored<T>(Counts counts, LocalDateTime computedAt, T figures) {}

    /** Both parts as stored, each null when missing. */
    public record Snapshot(Stored<GameStatistics.Figures> games, Stored<StatsFigures.Reviewed> reviews) {

        /** The page's figures, when both parts are stored for the counts {@code now}; else null. */
        public StatsFigures figures(Counts now) {
            if (freshGames(now) == null || freshReviews(now) == null) return null;
            return new StatsFigures(now, games.figures(), reviews.figures());
        }

        /** The games' part, when stored for the counts {@code now}; else null. */
        public Stored<GameStatistics.Figures> freshGames(Counts now) {
            return fresh(Part.GAMES, games, now) ? games : null;
        }

        /** The reviews' part, when stored for the counts {@code now}; else null. */
        public Stored<StatsFigures.Reviewed> freshReviews(Counts now) {
            return fresh(Part.REVIEWS, reviews, now) ? reviews : null;
        }
    }

    /** The charts of the games part, in the order of the page, by their names in stats_bar. */
    private static final List<String> GAME_CHARTS =
            List.of("results", "length", "captures", "first-capture", "findings", "shadowpieces");
    /** The chart of the reviews' part. */
    private static final String DECIDED_CHART = "decided";
    private static final String PLAYERS = "players";
    private static final String ENGINE = "engine";

    private final Database db;

    public StatsSnapshot(Database db) {
        this.db = db;
    }

    /**
     * Whether a part stored for {@code stored}'s counts holds at the counts {@code now}: the games'
     * part reads game, analysis, capture_length, finding and shadowpiece, which change only with
     * the games and analyses (findings counted too, and the latest analysis's time, for an
     * analysis by a new engine that keeps the count of analyses: {@code analyze --all} changes it
     * with its first commit, so one stopped early leaves this part out of date); the reviews'
     * part reads only reviewed games, which an import or analysis leaves alone, and the curves,
     * whose generations rise when one is fitted again.
     */
    static boolean fresh(Part part, Stored<?> stored, Counts now) {
        if (stored == null) return false;
        Counts then = stored.counts();
        return switch (part) {
            case GAMES -> then.games() == now.games() && then.analysed() == now.analysed() && then.findings() == now.findings()
                    && Objects.equals(then.lastAnalysed(), now.lastAnalysed());
            case REVIEWS -> then.reviews() == now.reviews() && then.curves() == now.curves();
        };
    }

    /**
     * What is stored. A part whose row in stats_snapshot is what {@code previous} read is taken
     * from it, not read again: the viewer asks on every request, and the parts change once a run.
     */
    public Snapshot read(Snapshot previous) {
        return read(db.dsl(), previous);
    }

    private static Snapshot read(DSLContext dsl, Snapshot previous) {
        for (int attempt = 1; ; attempt++) {
            Map<String, StatsSnapshotRecord> rows = headers(dsl);
            Snapshot now = read(dsl, rows, previous);
            boolean partsRead = previous == null || now.games() != previous.games() || now.reviews() != previous.reviews();
            // a part read while a command stored it again may mix the two: read once more
            if (!partsRead || attempt == 3 || headers(dsl).equals(rows)) return now;
        }
    }

    private static Map<String, StatsSnapshotRecord> headers(DSLContext dsl) {
        Map<String, StatsSnapshotRecord> rows = new LinkedHashMap<>();
        dsl.selectFrom(STATS_SNAPSHOT).orderBy(STATS_SNAPSHOT.PART).fetch().forEach(r -> rows.put(r.getPart(), r));
        return rows;
    }

    private static Snapshot read(DSLContext dsl, Map<String, StatsSnapshotRecord> rows, Snapshot previous) {
        StatsSnapshotRecord games = rows.get(Part.GAMES.key());
        StatsSnapshotRecord reviews = rows.get(Part.REVIEWS.key());
        Stored<GameStatistics.Figures> g = null;
        Stored<StatsFigures.Reviewed> r = null;
        if (games != null) {
            Counts counts = counts(games);
            g = previous != null && same(previous.games(), counts, games.getComputedAt()) ? previous.games()
                    : new Stored<>(counts, games.getComputedAt(), gameFigures(dsl));
        }
        if (reviews != null) {
            Counts counts = counts(reviews);
            r = previous != null && same(previous.reviews(), counts, reviews.getComputedAt()) ? previous.reviews()
                    : new Stored<>(counts, reviews.getComputedAt(), reviewed(dsl));
        }
        return new Snapshot(g, r);
    }

    private static boolean same(Stored<?> stored, Counts counts, LocalDateTime at) {
        return stored != null && stored.counts().equals(counts) && stored.computedAt().equals(at);
    }

    private static Counts counts(StatsSnapshotRecord r) {
        return new Counts(r.getGames(), r.getAnalysed(), r.getFindings(), r.getLastAnalysed(), r.getReviews(), r.getCurves());
    }

    /**
     * Computes the parts {@code changed} (those the caller's run wrote to) and any part missing or
     * stale, and stores them: what {@code emergo import}, {@code analyze} and {@code review} call at
     * the end of their run. One program at a time (two finishing together compute once, the second
     * finding the first's parts fresh); the viewer reads meanwhile. Returns the parts it stored.
     */
    public Set<Part> refresh(Set<Part> changed) {
        try {
            Set<Part> written = WorkClaims.oneAtATimeOnH2(db, WorkClaims.Step.STATS_SNAPSHOT, () -> {
                try (Connection c = db.dataSource().getConnection()) {
                    return Transaction.on(c, tx -> refresh(tx, changed));
                }
            });
            db.confirmCommitsKept();
            return written;
        } catch (SQLException | RuntimeException e) {
            throw db.failure("cannot store the statistics", e);
        }
    }

    private Set<Part> refresh(Connection tx, Set<Part> changed) throws SQLException {
        if (db.isPostgres()) {
            // one program at a time, to its commit; the viewer's reads do not wait for this lock
            try (Statement st = tx.createStatement()) {
                st.execute("LOCK TABLE stats_snapshot IN EXCLUSIVE MODE");
            }
        }
        DSLContext dsl = DSL.using(tx, db.dialect(), db.dsl().settings());
        // the counts before the figures, as the viewer reads them: a write between the two leaves
        // a part stored for counts the database no longer has, computed again on the next run
        Counts now = new GameStatistics(dsl).counts();
        Snapshot stored = read(dsl, null);
        Set<Part> parts = EnumSet.noneOf(Part.class);
        if (changed.contains(Part.GAMES) || !fresh(Part.GAMES, stored.games(), now)) parts.add(Part.GAMES);
        if (changed.contains(Part.REVIEWS) || !fresh(Part.REVIEWS, stored.reviews(), now)) parts.add(Part.REVIEWS);
        if (parts.isEmpty()) return parts;
        GameStatistics.Figures games = parts.contains(Part.GAMES) ? new GameStatistics(dsl).figures() : null;
        StatsFigures.Reviewed reviewed = parts.contains(Part.REVIEWS)
                ? StatsFigures.reviewed(db, settingId -> StatsFigures.calibration(db, settingId)) : null;
        LocalDateTime at = LocalDateTime.now(ZoneOffset.UTC);
        List<Query> writes = new ArrayList<>();
        if (games != null) writeGames(dsl, writes, games);
        if (parts.contains(Part.REVIEWS)) writeReviews(dsl, writes, reviewed);
        for (Part p : parts) {
            writes.add(dsl.deleteFrom(STATS_SNAPSHOT).where(STATS_SNAPSHOT.PART.eq(p.key())));
            writes.add(dsl.insertInto(STATS_SNAPSHOT)
                    .set(STATS_SNAPSHOT.PART, p.key())
                    .set(STATS_SNAPSHOT.GAMES, now.games())
                    .set(STATS_SNAPSHOT.ANALYSED, now.analysed())
                    .set(STATS_SNAPSHOT.FINDINGS, now.findings())
                    .set(STATS_SNAPSHOT.LAST_ANALYSED, now.lastAnalysed())
                    .set(STATS_SNAPSHOT.REVIEWS, now.reviews())
                    .set(STATS_SNAPSHOT.CURVES, now.curves())
                    .set(STATS_SNAPSHOT.COMPUTED_AT, at));
        }
        // one by one, with their values bound: a batch of different statements would write the
        // doubles as text
        for (Query q : writes) q.execute();
        return parts;
    }

    // ---- the games' part: the bars of its charts

    private static void writeGames(DSLContext dsl, List<Query> writes, GameStatistics.Figures f) {
        writes.add(dsl.deleteFrom(STATS_BAR).where(STATS_BAR.CHART.in(GAME_CHARTS)));
        List<List<Bar>> charts = List.of(f.results(), f.gameLength(), f.captureLength(), f.firstCapture(), f.findings(),
                f.shadowpieces());
        for (int c = 0; c < charts.size(); c++) bars(dsl, writes, GAME_CHARTS.get(c), charts.get(c));
    }

    private static void bars(DSLContext dsl, List<Query> writes, String chart, List<Bar> bars) {
        for (int i = 0; i < bars.size(); i++) {
            List<Integer> v = bars.get(i).values();
            if (v.isEmpty() || v.size() > 4) throw new IllegalArgumentException("a bar of 1 to 4 values: " + v);
            writes.add(dsl.insertInto(STATS_BAR)
                    .set(STATS_BAR.CHART, chart)
                    .set(STATS_BAR.SEQ, i)
                    .set(STATS_BAR.LABEL, bars.get(i).label())
                    .set(STATS_BAR.VALUE_1, v.get(0))
                    .set(STATS_BAR.VALUE_2, v.size() > 1 ? v.get(1) : null)
                    .set(STATS_BAR.VALUE_3, v.size() > 2 ? v.get(2) : null)
                    .set(STATS_BAR.VALUE_4, v.size() > 3 ? v.get(3) : null));
        }
    }

    private static Map<String, List<Bar>> readBars(DSLContext dsl, List<String> charts) {
        Map<String, List<Bar>> bars = new LinkedHashMap<>();
        for (String c : charts) bars.put(c, new ArrayList<>());
        dsl.selectFrom(STATS_BAR)
                .where(STATS_BAR.CHART.in(charts))
                .orderBy(STATS_BAR.CHART, STATS_BAR.SEQ)
                .forEach(r -> {
                    List<Integer> values = new ArrayList<>(4);
                    for (Integer v : Arrays.asList(r.getValue_1(), r.getValue_2(), r.getValue_3(), r.getValue_4())) {
                        if (v == null) break; // a chart of fewer series
                        values.add(v);
                    }
                    bars.get(r.getChart()).add(new Bar(r.getLabel(), values));
                });
        return bars;
    }

    private static GameStatistics.Figures gameFigures(DSLContext dsl) {
        Map<String, List<Bar>> b = readBars(dsl, GAME_CHARTS);
        return new GameStatistics.Figures(b.get("results"), b.get("length"), b.get("captures"), b.get("first-capture"),
                b.get("findings"), b.get("shadowpieces"));
    }

    // ---- the reviews' part: the decided games and the calibration

    private static void writeReviews(DSLContext dsl, List<Query> writes, StatsFigures.Reviewed r) {
        writes.add(dsl.deleteFrom(STATS_BAR).where(STATS_BAR.CHART.eq(DECIDED_CHART)));
        writes.add(dsl.deleteFrom(STATS_DECIDED));
        writes.add(dsl.deleteFrom(STATS_CALIBRATION_BAND));
        writes.add(dsl.deleteFrom(STATS_CALIBRATION));
        if (r == null) return;
        StatsFigures.Decided d = r.decided();
        writes.add(dsl.insertInto(STATS_DECIDED)
                .set(STATS_DECIDED.SETTING_ID, r.settingId())
                .set(STATS_DECIDED.SETTING, r.setting())
                .set(STATS_DECIDED.GAMES, d.games())
                .set(STATS_DECIDED.UNDECIDED, d.undecided())
                .set(STATS_DECIDED.MEDIAN_PLY, d.medianPly())
                .set(STATS_DECIDED.MEDIAN_LEFT, d.medianLeft()));
        bars(dsl, writes, DECIDED_CHART, d.bars());
        for (CurveCalibration.Board b : r.calibration()) {
            calibration(dsl, writes, b, PLAYERS, b.playersCurve(), b.players());
            calibration(dsl, writes, b, ENGINE, Judgement.curve(b.variant()), b.engine());
        }
    }

    private static void calibration(DSLContext dsl, List<Query> writes, CurveCalibration.Board b, String curve, WinCurve w,
            Calibration c) {
        String variant = b.variant().tagName();
        writes.add(dsl.insertInto(STATS_CALIBRATION)
                .set(STATS_CALIBRATION.VARIANT, variant)
                .set(STATS_CALIBRATION.CURVE, curve)
                .set(STATS_CALIBRATION.FIT_GAMES, b.fitGames())
                .set(STATS_CALIBRATION.HELD_OUT_GAMES, b.heldOutGames())
                .set(STATS_CALIBRATION.CURVE_K, w.k())
                .set(STATS_CALIBRATION.CURVE_OFFSET, w.offset())
                .set(STATS_CALIBRATION.POSITIONS, c.positions())
                .set(STATS_CALIBRATION.BRIER, stored(c.brier()))
                .set(STATS_CALIBRATION.LOG_LOSS, stored(c.logLoss())));
        for (int i = 0; i < c.bands().size(); i++) {
            Calibration.Band band = c.bands().get(i);
            writes.add(dsl.insertInto(STATS_CALIBRATION_BAND)
                    .set(STATS_CALIBRATION_BAND.VARIANT, variant)
                    .set(STATS_CALIBRATION_BAND.CURVE, curve)
                    .set(STATS_CALIBRATION_BAND.BAND, (short) i)
                    .set(STATS_CALIBRATION_BAND.POSITIONS, band.positions())
                    .set(STATS_CALIBRATION_BAND.PREDICTED, stored(band.predicted()))
                    .set(STATS_CALIBRATION_BAND.ACTUAL, stored(band.actual())));
        }
    }

    /** No figure (NaN: no position to average over) is NULL: PostgreSQL and H2 keep NaN each their own way. */
    private static Double stored(double value) {
        return Double.isNaN(value) ? null : value;
    }

    private static double read(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static StatsFigures.Reviewed reviewed(DSLContext dsl) {
        var decided = dsl.selectFrom(STATS_DECIDED).fetchOne();
        if (decided == null) return null;
        List<Bar> bars = readBars(dsl, List.of(DECIDED_CHART)).get(DECIDED_CHART);
        Map<String, Map<String, List<Calibration.Band>>> bands = new LinkedHashMap<>();
        dsl.selectFrom(STATS_CALIBRATION_BAND)
                .orderBy(STATS_CALIBRATION_BAND.VARIANT, STATS_CALIBRATION_BAND.CURVE, STATS_CALIBRATION_BAND.BAND)
                .forEach(r -> bands.computeIfAbsent(r.getVariant(), v -> new LinkedHashMap<>())
                        .computeIfAbsent(r.getCurve(), c -> new ArrayList<>())
                        // the band's range as Calibration makes it, from its number
                        .add(new Calibration.Band(r.getBand() / 10.0, (r.getBand() + 1) / 10.0, r.getPositions(),
                                read(r.getPredicted()), read(r.getActual()))));
        Map<Variant, Map<String, StatsCalibrationRecord>> rows = new EnumMap<>(Variant.class);
        dsl.selectFrom(STATS_CALIBRATION)
                .forEach(r -> rows.computeIfAbsent(Variant.parse(r.getVariant()), v -> new LinkedHashMap<>()).put(r.getCurve(), r));
        List<CurveCalibration.Board> boards = new ArrayList<>();
        // by board, Emergo first, as CurveCalibration gives them
        rows.forEach((variant, curves) -> {
            var players = curves.get(PLAYERS);
            var engine = curves.get(ENGINE);
            Map<String, List<Calibration.Band>> of = bands.getOrDefault(variant.tagName(), Map.of());
            boards.add(new CurveCalibration.Board(variant, players.getFitGames(), players.getHeldOutGames(),
                    new WinCurve(players.getCurveK(), players.getCurveOffset()),
                    new Calibration(players.getPositions(), read(players.getBrier()), read(players.getLogLoss()),
                            of.getOrDefault(PLAYERS, List.of())),
                    new Calibration(engine.getPositions(), read(engine.getBrier()), read(engine.getLogLoss()),
                            of.getOrDefault(ENGINE, List.of()))));
        });
        return new StatsFigures.Reviewed(decided.getSettingId(), decided.getSetting(),
                new StatsFigures.Decided(decided.getGames(), decided.getUndecided(), decided.getMedianPly(),
                        decided.getMedianLeft(), bars), boards);
    }
}
