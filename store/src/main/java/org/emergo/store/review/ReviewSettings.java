package org.emergo.store.review;

import static org.emergo.store.jooq.Tables.REVIEW_CURVE;
import static org.emergo.store.jooq.Tables.REVIEW_SETTING;

import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.search.WinCurve;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;

/** The settings reviews are made at and their curves (tables review_setting and review_curve). */
public final class ReviewSettings {

    static final String UNIQUE_VIOLATION = "23505";

    private final DSLContext dsl;

    public ReviewSettings(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * The setting for a limit and review version; a new one starts with the engine's curve of
     * each board ({@link WinCurve#of}). Two programs making the same setting at once end with one.
     */
    public ReviewSetting setting(Limit limit, String engineVersion) throws SQLException {
        Optional<ReviewSetting> found = find(limit, engineVersion);
        if (found.isPresent()) return found.get();
        try {
            dsl.transaction(tx -> insert(tx.dsl(), limit, engineVersion));
        } catch (DataAccessException e) {
            if (!UNIQUE_VIOLATION.equals(e.sqlState())) throw e; // else another program made it first
        }
        return find(limit, engineVersion).orElseThrow();
    }

    private static void insert(DSLContext dsl, Limit limit, String engineVersion) {
        dsl.insertInto(REVIEW_SETTING)
                .set(REVIEW_SETTING.SETTING, limit.toString())
                .set(REVIEW_SETTING.ENGINE_VERSION, engineVersion)
                .set(REVIEW_SETTING.CREATED_AT, LocalDateTime.now())
                .execute();
        int id = dsl.select(REVIEW_SETTING.ID)
                .from(REVIEW_SETTING)
                .where(REVIEW_SETTING.SETTING.eq(limit.toString()))
                .and(REVIEW_SETTING.ENGINE_VERSION.eq(engineVersion))
                .fetchSingle(REVIEW_SETTING.ID);
        for (Variant v : Variant.values()) {
            WinCurve curve = WinCurve.of(v);
            dsl.insertInto(REVIEW_CURVE)
                    .set(REVIEW_CURVE.SETTING_ID, id)
                    .set(REVIEW_CURVE.VARIANT, v.tagName())
                    .set(REVIEW_CURVE.CURVE_K, curve.k())
                    .set(REVIEW_CURVE.CURVE_OFFSET, curve.offset())
                    .set(REVIEW_CURVE.CURVE_SOURCE, ReviewSetting.DEFAULT_CURVE)
                    .set(REVIEW_CURVE.CURVE_GAMES, 0)
                    .set(REVIEW_CURVE.CURVE_GENERATION, 0)
                    .execute();
        }
    }

    /** The setting as stored now, with its curves. */
    public ReviewSetting reload(ReviewSetting s) throws SQLException {
        return find(s.limit(), s.engineVersion()).orElseThrow();
    }

    private Optional<ReviewSetting> find(Limit limit, String engineVersion) {
        int id = -1;
        Map<Variant, ReviewSetting.Curve> curves = new EnumMap<>(Variant.class);
        for (var r : dsl.select(REVIEW_SETTING.ID, REVIEW_CURVE.VARIANT, REVIEW_CURVE.CURVE_K, REVIEW_CURVE.CURVE_OFFSET,
                        REVIEW_CURVE.CURVE_SOURCE, REVIEW_CURVE.CURVE_GAMES, REVIEW_CURVE.CURVE_GENERATION)
                .from(REVIEW_SETTING)
                .join(REVIEW_CURVE).on(REVIEW_CURVE.SETTING_ID.eq(REVIEW_SETTING.ID))
                .where(REVIEW_SETTING.SETTING.eq(limit.toString()))
                .and(REVIEW_SETTING.ENGINE_VERSION.eq(engineVersion))
                .fetch()) {
            id = r.value1();
            Variant v = Variant.parse(r.value2());
            curves.put(v, new ReviewSetting.Curve(v, new WinCurve(r.value3(), r.value4()), r.value5(), r.value6(),
                    r.value7()));
        }
        return id < 0 ? Optional.empty() : Optional.of(new ReviewSetting(id, limit, engineVersion, curves));
    }

    /** Makes a curve fitted to {@code games} decisive games a board's curve at the setting, as its next generation. */
    public void fitted(ReviewSetting s, Variant variant, WinCurve curve, int games) throws SQLException {
        dsl.update(REVIEW_CURVE)
                .set(REVIEW_CURVE.CURVE_K, curve.k())
                .set(REVIEW_CURVE.CURVE_OFFSET, curve.offset())
                .set(REVIEW_CURVE.CURVE_SOURCE, ReviewSetting.FITTED_CURVE)
                .set(REVIEW_CURVE.CURVE_GAMES, games)
                .set(REVIEW_CURVE.CURVE_GENERATION, REVIEW_CURVE.CURVE_GENERATION.plus(1))
                .where(REVIEW_CURVE.SETTING_ID.eq(s.id()))
                .and(REVIEW_CURVE.VARIANT.eq(variant.tagName()))
                .execute();
    }
}
