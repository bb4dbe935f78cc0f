package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.javalin.testtools.HttpClient;
import io.javalin.testtools.JavalinTest;
import io.javalin.testtools.Response;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.PostgresServer;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.stats.GameStatistics;
import org.emergo.store.stats.StatsFixture;
import org.emergo.store.stats.StatsSnapshot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The statistics page from the figures the commands stored ({@link StatsSnapshot}) is the page
 * the viewer computes from the rows, byte for byte, every chart and table of it (the decided
 * games and the calibration of both boards too), and its first request after the start answers
 * with it rather than with the page that says the figures are being computed. A part stored for
 * other counts is computed again, the other still read: the page is then as computed too.
 */
class StatsFromStoredFiguresTest {

    @Nested
    class OnH2 extends Cases {
        @Override
        Database open() {
            return Database.open("jdbc:h2:mem:stats-page-" + UUID.randomUUID());
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        @Override
        Database open() {
            return Database.open(PostgresServer.get().newDatabaseUrl());
        }
    }

    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class Cases {

        private Database db;

        abstract Database open();

        @BeforeAll
        void reviewedGames() throws SQLException {
            db = open();
            StatsFixture.games(db);
            StatsFixture.reviews(db);
        }

        @AfterAll
        void close() {
            db.close();
        }

        private interface Check {
            void run(HttpClient client) throws Exception;
        }

        private void withApp(Check check) {
            JavalinTest.test(new ViewerApp(db).create(), (server, client) -> check.run(client));
        }

        /** The page as a new viewer computes it from the rows, nothing stored. */
        private String computed() {
            db.dsl().execute("DELETE FROM stats_snapshot");
            String[] page = new String[1];
            withApp(client -> page[0] = StatsFigures.page(client));
            return page[0];
        }

        /** The first page a new viewer answers, which must have the figures. */
        private String first() {
            String[] page = new String[1];
            withApp(client -> {
                Response r = client.get("/stats");
                assertEquals(200, r.code());
                page[0] = r.body().string();
                List<String> refresh = r.headers().get("Refresh");
                assertTrue(refresh == null || refresh.isEmpty(), page[0]);
            });
            return page[0];
        }

        @Test
        void theFirstRequestAnswersWithTheStoredFiguresAsTheViewerComputesThem() {
            String computed = computed();
            for (String part : List.of("title-shadowpieces", "title-decided", "calibration-Emergo", "calibration-HexEmergo")) {
                assertTrue(computed.contains(part), part);
            }
            new StatsSnapshot(db).refresh(EnumSet.noneOf(StatsSnapshot.Part.class));
            assertEquals(computed, first());

            // a game more: the games' part is computed again, the reviews' still read
            Map<String, String> tags = Map.of("White", "One", "Black", "More", "Result", "1-0");
            new GameRepository(db.dsl()).insertAll(List.of(new GameRecord(Variant.EMERGO, tags, null, List.of("e4"), null,
                    "one more", 1)), null);
            new AnalysisJob(db, 1).run(false, done -> { });
            StatsSnapshot.Snapshot stored = new StatsSnapshot(db).read(null);
            GameStatistics.Counts now = new GameStatistics(db.dsl()).counts();
            assertNull(stored.freshGames(now));
            assertNotNull(stored.freshReviews(now));
            String storedReviews = pageOnce();
            String withMore = computed();
            assertNotEquals(computed, withMore, "the game shows");
            assertEquals(withMore, storedReviews);
        }

        /** The page a new viewer gives once it has figures, computing what it must. */
        private String pageOnce() {
            String[] page = new String[1];
            withApp(client -> page[0] = StatsFigures.page(client));
            return page[0];
        }
    }
}
