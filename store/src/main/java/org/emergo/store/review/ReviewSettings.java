package org.emergo.store.review;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.search.WinCurve;
import org.emergo.store.db.Database;
import org.emergo.store.db.Transaction;

/** The settings reviews are made at and their curves (tables review_setting and review_curve). */
public final class ReviewSettings {

    static final String UNIQUE_VIOLATION = "23505";

    private final Database db;

    public ReviewSettings(Database db) {
        this.db = db;
    }

    /**
     * The setting for a limit and review version; a new one starts with the engine's curve of
     * each board ({@link WinCurve#of}). Two programs making the same setting at once end with one.
     */
    public ReviewSetting setting(Limit limit, String engineVersion) throws SQLException {
        Optional<ReviewSetting> found = find(limit, engineVersion);
        if (found.isPresent()) return found.get();
        try (Connection c = db.dataSource().getConnection()) {
            Transaction.run(c, tx -> insert(tx, limit, engineVersion));
        } catch (SQLException e) {
            if (!UNIQUE_VIOLATION.equals(e.getSQLState())) throw e; // else another program made it first
        }
        return find(limit, engineVersion).orElseThrow();
    }

    private static void insert(Connection c, Limit limit, String engineVersion) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO review_setting (setting, engine_version, created_at) VALUES (?, ?, ?)")) {
            st.setString(1, limit.toString());
            st.setString(2, engineVersion);
            st.setObject(3, LocalDateTime.now());
            st.executeUpdate();
        }
        int id;
        try (PreparedStatement st = c.prepareStatement(
                "SELECT id FROM review_setting WHERE setting = ? AND engine_version = ?")) {
            st.setString(1, limit.toString());
            st.setString(2, engineVersion);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                id = rs.getInt(1);
            }
        }
        try (PreparedStatement st = c.prepareStatement("INSERT INTO review_curve (setting_id, variant, curve_k,"
                + " curve_offset, curve_source, curve_games, curve_generation) VALUES (?, ?, ?, ?, ?, 0, 0)")) {
            for (Variant v : Variant.values()) {
                WinCurve curve = WinCurve.of(v);
                st.setInt(1, id);
                st.setString(2, v.tagName());
                st.setDouble(3, curve.k());
                st.setDouble(4, curve.offset());
                st.setString(5, ReviewSetting.DEFAULT_CURVE);
                st.addBatch();
            }
            st.executeBatch();
        }
    }

    /** The setting as stored now, with its curves. */
    public ReviewSetting reload(ReviewSetting s) throws SQLException {
        return find(s.limit(), s.engineVersion()).orElseThrow();
    }

    private Optional<ReviewSetting> find(Limit limit, String engineVersion) throws SQLException {
        String sql = "SELECT s.id, c.variant, c.curve_k, c.curve_offset, c.curve_source, c.curve_games, c.curve_generation"
                + " FROM review_setting s JOIN review_curve c ON c.setting_id = s.id"
                + " WHERE s.setting = ? AND s.engine_version = ?";
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setString(1, limit.toString());
            st.setString(2, engineVersion);
            int id = -1;
            Map<Variant, ReviewSetting.Curve> curves = new EnumMap<>(Variant.class);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    id = rs.getInt(1);
                    Variant v = Variant.parse(rs.getString(2));
                    curves.put(v, new ReviewSetting.Curve(v, new WinCurve(rs.getDouble(3), rs.getDouble(4)),
                            rs.getString(5), rs.getInt(6), rs.getInt(7)));
                }
            }
            return id < 0 ? Optional.empty() : Optional.of(new ReviewSetting(id, limit, engineVersion, curves));
        }
    }

    /** Makes a curve fitted to {@code games} decisive games a board's curve at the setting, as its next generation. */
    public void fitted(ReviewSetting s, Variant variant, WinCurve curve, int games) throws SQLException {
        String sql = "UPDATE review_curve SET curve_k = ?, curve_offset = ?, curve_source = ?, curve_games = ?,"
                + " curve_generation = curve_generation + 1 WHERE setting_id = ? AND variant = ?";
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setDouble(1, curve.k());
            st.setDouble(2, curve.offset());
            st.setString(3, ReviewSetting.FITTED_CURVE);
            st.setInt(4, games);
            st.setInt(5, s.id());
            st.setString(6, variant.tagName());
            st.executeUpdate();
        }
    }
}
