package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.store.OlderSchema;
import org.emergo.store.PostgresServer;
import org.emergo.store.db.Database;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration V31 gives the games imported before V30 the record digest the import gives a game
 * now, where their identity still matches their fingerprint; a game that reads otherwise keeps
 * none, and check names it.
 */
class RecordDigestMigrationTest {

    @Test
    void onH2(@TempDir Path dir) throws SQLException {
        check("jdbc:h2:file:" + dir.resolve("games") + ";NON_KEYWORDS=VALUE", "sa", SQLDialect.H2);
    }

    @Test
    @Tag("postgres")
    void onPostgres() throws SQLException {
        check(PostgresServer.get().newDatabaseUrl(), null, SQLDialect.POSTGRES);
    }

    /** @param user the user Database.open connects as, null when the URL says */
    private static void check(String url, String user, SQLDialect dialect) throws SQLException {
        OlderSchema.migrate(url, user, "30");
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 7);
        Map<Long, Long> imported;
        // plain JDBC: Database.open would migrate
        try (Connection c = DriverManager.getConnection(url, user, "")) {
            DSLContext dsl = DSL.using(c, dialect, new Settings().withRenderQuotedNames(RenderQuotedNames.NEVER));
            new GameRepository(dsl).insertAll(IntStream.rangeClosed(1, 5).mapToObj(selfPlay::game).toList(), null);
            imported = digests(dsl);
            assertEquals(5, imported.size());
            // as an import before V30 left them, one with a player's name since read otherwise
            dsl.execute("UPDATE game SET record_digest = NULL");
            dsl.execute("UPDATE game SET white = 'Someone else' WHERE id = 2");
        }
        try (Database after = Database.open(url)) {
            Map<Long, Long> filled = digests(after.dsl());
            for (long id : imported.keySet()) {
                if (id == 2) assertNull(filled.get(id), "read otherwise: none");
                else assertEquals(imported.get(id), filled.get(id), "game " + id);
            }
            try (Connection c = after.dataSource().getConnection()) {
                assertEquals(List.of(2L), DatabaseCheck.alteredGames(c, Long.MIN_VALUE, Long.MAX_VALUE));
            }
        }
    }

    private static Map<Long, Long> digests(DSLContext dsl) {
        Map<Long, Long> digests = new HashMap<>();
        dsl.fetch("SELECT id, record_digest FROM game").forEach(r -> digests.put(r.get(0, Long.class), r.get(1, Long.class)));
        return digests;
    }
}
