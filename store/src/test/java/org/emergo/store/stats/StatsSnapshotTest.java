package org.emergo.store.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.emergo.rules.Variant;
import org.emergo.search.WinCurve;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.game.GameRepository;
import org.emergo.store.review.CurveCalibration;
import org.emergo.store.review.ReviewSetting;
import org.emergo.store.review.ReviewSettings;
import org.emergo.store.stats.StatsSnapshot.Part;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The statistics page's figures as the commands store them: read back, they are the figures
 * computed from the rows, to the last bit (NaN of a band without a position too); a part is
 * shown only while the counts it was stored for are the database's (the games' part also while
 * the latest analysis is the same: games analysed again show it out of date); a run stores the
 * parts it changed and those missing or out of date, and no other.
 */
class StatsSnapshotTest {

    @Nested
    class OnH2 extends Cases {
        OnH2() {
            super(TestDatabases.H2);
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        OnPostgres() {
            super(TestDatabases.POSTGRES);
        }
    }

    abstract static class Cases extends DatabaseTestCase {

        private static final Set<Part> NOTHING = EnumSet.noneOf(Part.class);

        Cases(TestDatabases kind) {
            super(kind);
        }

        @BeforeEach
        void noReviewsAndNoStoredFigures() {
            // games and their reviews go with DatabaseTestCase's emptying; settings and stored figures not
            for (String table : List.of("review_setting", "stats_snapshot", "stats_bar", "stats_decided", "stats_calibration",
                    "stats_calibration_band")) {
                db.dsl().execute("DELETE FROM " + table);
            }
            StatsFixture.games(db);
        }

        private StatsSnapshot snapshot() {
            return new StatsSnapshot(db);
        }

        private GameStatistics.Counts counts() {
            return new GameStatistics(db.dsl()).counts();
        }

        @Test
        void theStoredFiguresAreTheFiguresComputedFromTheRows() throws SQLException {
            StatsFixture.reviews(db);
            StatsFigures computed = StatsFigures.compute(db);
            // every figure of the page is there to compare
            GameStatistics.Figures g = computed.games();
            for (List<GameStatistics.Bar> chart : List.of(g.results(), g.gameLength(), g.captureLength(), g.firstCapture(),
                    g.findings(), g.shadowpieces())) {
                assertFalse(chart.isEmpty(), g::toString);
            }
            assertTrue(g.findings().size() > 1, "findings of two codes");
            StatsFigures.Reviewed r = computed.reviewed();
            assertNotNull(r);
            assertTrue(r.decided().undecided() > 0 && r.decided().medianPly() != null, r.decided()::toString);
            assertEquals(List.of(Variant.EMERGO, Variant.HEXEMERGO), r.calibration().stream().map(CurveCalibration.Board::variant).toList());
            assertTrue(r.calibration().stream().flatMap(b -> b.engine().bands().stream()).anyMatch(b -> Double.isNaN(b.actual())),
                    "a band without a position");

            assertEquals(EnumSet.allOf(Part.class), snapshot().refresh(NOTHING));
            assertEquals(computed, snapshot().read(null).figures(counts()));
        }

        @Test
        void withNoReviewTheReviewsPartIsStoredEmptyAndShownAsNone() {
            StatsFigures computed = StatsFigures.compute(db);
            assertNull(computed.reviewed());
            snapshot().refresh(EnumSet.of(Part.GAMES));
            assertEquals(computed, snapshot().read(null).figures(counts()));
        }

        @Test
        void aRunStoresThePartsItChangedAndThoseMissingOrOutOfDateOnly() throws SQLException {
            assertEquals(EnumSet.allOf(Part.class), snapshot().refresh(NOTHING), "none stored yet");
            assertEquals(NOTHING, snapshot().refresh(NOTHING), "a run that changed nothing, on figures that hold");
            assertEquals(EnumSet.of(Part.GAMES), snapshot().refresh(EnumSet.of(Part.GAMES)));
            StatsFixture.reviews(db);
            assertEquals(EnumSet.of(Part.REVIEWS), snapshot().refresh(NOTHING), "the reviews' part is out of date");
            assertEquals(StatsFigures.compute(db), snapshot().read(null).figures(counts()));
        }

        @Test
        void aPartIsShownOnlyWhileItsCountsAreTheDatabasesAndAnImportLeavesTheReviewsPartAsItIs() throws SQLException {
            ReviewSetting s = StatsFixture.reviews(db);
            snapshot().refresh(NOTHING);
            StatsSnapshot.Snapshot stored = snapshot().read(null);
            assertNotNull(stored.figures(counts()));

            // a game more: the games' part is out of date, the reviews' not (no review reads a game not reviewed)
            new GameRepository(db.dsl()).insertAll(List.of(StatsFixture.record(Variant.EMERGO, "one more", "1-0", 1000,
                    null, List.of())), null);
            assertNull(stored.figures(counts()));
            assertNull(stored.freshGames(counts()));
            assertNotNull(stored.freshReviews(counts()));
            assertEquals(EnumSet.of(Part.GAMES), snapshot().refresh(EnumSet.of(Part.GAMES)));
            assertEquals(StatsFigures.compute(db), snapshot().read(null).figures(counts()));

            // a curve fitted again: the decided games are judged by it
            new ReviewSettings(db.dsl()).fitted(s, Variant.EMERGO, new WinCurve(0.003, 0.1), StatsFixture.REVIEWED);
            assertNull(snapshot().read(null).freshReviews(counts()));
            assertNotNull(snapshot().read(null).freshGames(counts()));
            assertEquals(EnumSet.of(Part.REVIEWS), snapshot().refresh(NOTHING));
            assertEquals(StatsFigures.compute(db), snapshot().read(null).figures(counts()));

            // every game analysed again (analyze --all, by another engine its figures may change):
            // the same counts, but the games' part is out of date from the first commit on
            new AnalysisJob(db, 1).run(false, done -> { }); // the game more
            snapshot().refresh(EnumSet.of(Part.GAMES));
            GameStatistics.Counts before = counts();
            assertNotNull(snapshot().read(null).figures(before));
            new AnalysisJob(db, 1).run(true, done -> { });
            GameStatistics.Counts after = counts();
            assertEquals(List.of(before.games(), before.analysed(), before.findings()),
                    List.of(after.games(), after.analysed(), after.findings()));
            assertNull(snapshot().read(null).freshGames(after));
            assertNotNull(snapshot().read(null).freshReviews(after));
            assertEquals(EnumSet.of(Part.GAMES), snapshot().refresh(NOTHING));
            assertEquals(StatsFigures.compute(db), snapshot().read(null).figures(counts()));
        }

        @Test
        void aPartNotStoredAgainIsNotReadAgain() throws SQLException {
            StatsFixture.reviews(db);
            snapshot().refresh(NOTHING);
            StatsSnapshot.Snapshot first = snapshot().read(null);
            StatsSnapshot.Snapshot second = snapshot().read(first);
            assertSame(first.games(), second.games());
            assertSame(first.reviews(), second.reviews());
            snapshot().refresh(EnumSet.of(Part.REVIEWS));
            StatsSnapshot.Snapshot third = snapshot().read(second);
            assertSame(second.games(), third.games());
            assertFalse(second.reviews() == third.reviews(), "the reviews' part was stored again");
            assertEquals(second.reviews().figures(), third.reviews().figures());
        }
    }
}
