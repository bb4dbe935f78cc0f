package org.emergo.store.review;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.emergo.store.OlderSchema;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration V12 gives each board of a setting reviewed before it the setting's one curve, so
 * that the games reviewed then stay judged as they were.
 */
class ReviewCurveMigrationTest {

    @Test
    void onH2(@TempDir Path dir) throws SQLException {
        check("jdbc:h2:file:" + dir.resolve("games") + ";NON_KEYWORDS=VALUE", "sa");
    }

    @Test
    @Tag("postgres")
    void onPostgres() throws SQLException {
        check(PostgresServer.get().newDatabaseUrl(), null);
    }

    /** @param user the user Database.open connects as, null when the URL says */
    private static void check(String url, String user) throws SQLException {
        OlderSchema.migrate(url, user, "11");
        // plain JDBC: Database.open would migrate
        try (Connection c = DriverManager.getConnection(url, user, ""); Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO review_setting (id, setting, engine_version, curve_k, curve_offset, curve_source,"
                    + " curve_games, curve_generation, created_at)"
                    + " VALUES (7, 'depth=4', '1', 0.0021, -0.125, 'fitted', 1234, 2, TIMESTAMP '2026-11-30 12:00:00')");
        }
        try (Database after = Database.open(url)) {
            assertEquals(List.of(
                    List.of(7, "Emergo", 0.0021, -0.125, "fitted", 1234, 2),
                    List.of(7, "HexEmergo", 0.0021, -0.125, "fitted", 1234, 2)),
                    after.dsl().fetch("SELECT setting_id, variant, curve_k, curve_offset, curve_source, curve_games,"
                            + " curve_generation FROM review_curve ORDER BY variant").stream()
                            .map(r -> List.of(r.get(0, Integer.class), r.get(1, String.class), r.get(2, Double.class),
                                    r.get(3, Double.class), r.get(4, String.class), r.get(5, Integer.class),
                                    r.get(6, Integer.class)))
                            .toList());
            assertEquals(List.of("depth=4"), after.dsl().fetch("SELECT setting FROM review_setting").getValues(0, String.class));
        }
    }
}
