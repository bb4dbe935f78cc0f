package org.emergo.store.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.ratings.Elo;
import org.emergo.ratings.Glicko2;
import org.emergo.ratings.RatingSystem;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.game.GameRepository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Ratings computed from stored games and read back, on H2 and PostgreSQL. */
class RatingJobTest {

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

    /** A game that ends by rule in three plies: White wins (docs/rules.md#a-worked-example). */
    static final String WORKED_EXAMPLE = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";
    static final String WHITE_WINS_BY_RULE = "f4-e4 h4xf4xd4 e4xc4xc6xe6xe4xc4";

    static GameRecord game(Variant variant, String date, String white, String black, String result) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Ratings " + date + " " + white + " " + black + " " + result);
        if (date != null) tags.put("Date", date);
        if (white != null) tags.put("White", white);
        if (black != null) tags.put("Black", black);
        tags.put("Result", result);
        List<String> moves = variant == Variant.EMERGO ? List.of("e4", "e6") : List.of();
        return new GameRecord(variant, tags, null, moves, String.join(" ", moves) + " " + result, "fixture", 1);
    }

    static GameRecord byRule(String white, String black, String result) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "By rule " + white + " " + black);
        tags.put("White", white);
        tags.put("Black", black);
        tags.put("Result", result);
        List<String> moves = List.of(WHITE_WINS_BY_RULE.split(" "));
        return new GameRecord(Variant.EMERGO, tags, WORKED_EXAMPLE, moves, WHITE_WINS_BY_RULE + " " + result, "fixture", 1);
    }

    abstract static class Cases extends DatabaseTestCase {

        Cases(TestDatabases kind) {
            super(kind);
        }

        @BeforeEach
        void noAliases() {
            db.dsl().execute("DELETE FROM player_alias");
        }

        List<Long> store(List<GameRecord> games) {
            return new GameRepository(db.dsl()).insertAll(games, null).ids();
        }

        RatingRepository ratings() {
            return new RatingRepository(db.dsl());
        }

        @Test
        void gamesAreRatedByDateThenUndatedOnesInImportOrder() {
            List<Long> ids = store(List.of(
                    game(Variant.EMERGO, "????.??.??", "A", "B", "1-0"),
                    game(Variant.EMERGO, "2004.02.01", "A", "B", "0-1"),
                    game(Variant.EMERGO, "2003.05.14", "B", "C", "1-0"),
                    game(Variant.EMERGO, null, "C", "A", "1/2-1/2"),
                    game(Variant.EMERGO, "2003.05.??", "A", "C", "1-0")));
            new RatingJob(db).run();
            List<Long> order = plainRows("SELECT game_id FROM rating WHERE side = 'w' ORDER BY seq").stream()
                    .map(r -> (Long) r.get(0)).toList();
            assertEquals(List.of(ids.get(4), ids.get(2), ids.get(1), ids.get(0), ids.get(3)), order);
        }

        @Test
        void theHistoryHoldsEachPlayersRatingBeforeAndAfterEachGame() {
            long id = store(List.of(game(Variant.EMERGO, "2020.01.01", "Aster, Ada", "Brand, Bram", "1-0"))).get(0);
            new RatingJob(db).run();
            Glicko2 system = new Glicko2();
            RatingSystem.After after = system.update(system.newPlayer(), system.newPlayer(), 1);
            assertEquals(List.of(
                            List.of("glicko2", "Aster, Ada", "w", 1L, 0.5, 1.0, 1500.0, 350.0, after.white().rating()),
                            List.of("glicko2", "Brand, Bram", "b", 1L, 0.5, 0.0, 1500.0, 350.0, after.black().rating())),
                    plainRows("SELECT system, player, side, games, expected, score, rating_before, deviation_before, rating"
                            + " FROM rating_history WHERE game_id = " + id + " ORDER BY side DESC"));
            List<RatingRepository.AtGame> glicko = ratings().atGame(id, "glicko2");
            assertEquals(List.of("w", "b"), glicko.stream().map(RatingRepository.AtGame::side).toList());
            assertEquals(1500, glicko.get(0).rating());
            assertEquals(350.0, glicko.get(0).deviation());
            assertEquals(after.white().rating(), glicko.get(0).ratingAfter(), 1e-9);
            assertEquals(after.black().deviation(), glicko.get(1).deviationAfter(), 1e-9);
        }

        @Test
        void theRecordedResultCountsAndTheResultByRuleWhereNoneWasRecorded() {
            List<Long> ids = store(List.of(byRule("A", "B", "*"), byRule("C", "D", "0-1"), byRule("E", "F", "*")));
            new AnalysisJob(db, 1).run(false, done -> {});
            new RatingJob(db).run();
            assertEquals(List.of(List.of(ids.get(0), 1.0), List.of(ids.get(1), 0.0), List.of(ids.get(2), 1.0)),
                    plainRows("SELECT game_id, score FROM rating WHERE side = 'w' ORDER BY game_id"));
        }

        @Test
        void gamesWithoutTwoPlayersOrADecidedResultAreNotRated() {
            store(List.of(
                    game(Variant.EMERGO, "2020.01.01", "A", null, "1-0"),
                    game(Variant.EMERGO, "2020.01.02", "A", "A", "1-0"),
                    game(Variant.EMERGO, "2020.01.03", "A", "B", "*"),
                    game(Variant.EMERGO, "2020.01.04", "  ", "B", "1-0"),
                    game(Variant.EMERGO, "2020.01.05", "A", "B", "0-1")));
            RatingJob.Summary s = new RatingJob(db).run();
            assertEquals(1, s.ratedGames());
            assertEquals(2, s.players());
            assertEquals(List.of(List.of(2L)), plainRows("SELECT COUNT(*) FROM rating"));
        }

        @Test
        void eachVariantIsRatedApart() {
            store(List.of(
                    game(Variant.EMERGO, "2020.01.01", "A", "B", "1-0"),
                    game(Variant.HEXEMERGO, "2020.01.02", "B", "A", "1-0")));
            new RatingJob(db).run();
            assertEquals(List.of(List.of("Emergo", "A", 1L, 1530.0), List.of("Emergo", "B", 2L, 1470.0),
                            List.of("HexEmergo", "B", 1L, 1530.0), List.of("HexEmergo", "A", 2L, 1470.0)),
                    plainRows("SELECT r.variant, p.name, r.rank, r.rating FROM player_rating r JOIN player p ON p.id = r.player_id"
                            + " WHERE r.system = 'elo' ORDER BY r.variant, r.rank"));
            assertEquals(List.of(Variant.EMERGO, Variant.HEXEMERGO), ratings().variants("elo"));
        }

        @Test
        void theRankingCountsEachPlayersResultsAndLastGame() {
            List<Long> ids = store(List.of(
                    game(Variant.EMERGO, "2020.01.01", "A", "B", "1-0"),
                    game(Variant.EMERGO, "2020.01.02", "C", "A", "1/2-1/2"),
                    game(Variant.EMERGO, "2020.01.03", "B", "C", "0-1"),
                    game(Variant.EMERGO, "2020.01.04", "A", "C", "1-0")));
            new RatingJob(db).run();
            List<RatingRepository.Leader> leaders = ratings().leaders("elo", Variant.EMERGO, 0, 10);
            assertEquals(List.of("A", "C", "B"), leaders.stream().map(RatingRepository.Leader::player).toList());
            RatingRepository.Leader a = leaders.get(0);
            assertEquals(List.of(1, 3, 2, 1, 0, ids.get(3), "2020.01.04"),
                    List.of(a.rank(), a.games(), a.wins(), a.draws(), a.losses(), a.lastGameId(), a.lastDate()));
            assertEquals(List.of("C"), ratings().leaders("elo", Variant.EMERGO, 1, 1).stream()
                    .map(RatingRepository.Leader::player).toList());
            assertEquals(3, ratings().players("elo", Variant.EMERGO));
            List<RatingRepository.Current> c = ratings().player("C", "glicko2");
            assertEquals(1, c.size());
            assertEquals(List.of(Variant.EMERGO, 3, 1, 1, 1), List.of(c.get(0).variant(), c.get(0).games(), c.get(0).wins(),
                    c.get(0).draws(), c.get(0).losses()));
            assertEquals(List.of(ids.get(1), ids.get(2), ids.get(3)), ratings().history("C", "glicko2", Variant.EMERGO).stream()
                    .map(RatingRepository.Point::gameId).toList());
        }

        /** Twelve games of three players on twelve days of January 2020, from {@code day}. */
        List<GameRecord> january(int day, int games) {
            String[] players = {"A", "B", "C"};
            String[] results = {"1-0", "0-1", "1/2-1/2", "1-0"};
            List<GameRecord> out = new java.util.ArrayList<>();
            for (int i = 0; i < games; i++) {
                out.add(game(i % 5 == 4 ? Variant.HEXEMERGO : Variant.EMERGO, String.format("2020.01.%02d", day + i),
                        players[i % 3], players[(i + 1) % 3], results[i % 4]));
            }
            return out;
        }

        /** Every rating table, in an order that does not depend on how the rows were written. */
        List<List<Object>> ratingTables() {
            List<List<Object>> all = new java.util.ArrayList<>();
            all.addAll(plainRows("SELECT r.system, r.variant, r.game_id, r.side, p.name, r.seq, r.games, r.expected, r.score,"
                    + " r.rating_before, r.deviation_before, r.rating, r.deviation, r.volatility"
                    + " FROM rating r JOIN player p ON p.id = r.player_id ORDER BY r.variant, r.seq, r.side"));
            all.addAll(plainRows("SELECT r.system, r.variant, p.name, r.rank, r.rating, r.games, r.wins, r.draws, r.losses,"
                    + " r.last_game_id FROM player_rating r JOIN player p ON p.id = r.player_id"
                    + " ORDER BY r.system, r.variant, r.rank"));
            all.addAll(plainRows("SELECT system, variant, games, log_loss FROM rating_quality ORDER BY system, variant"));
            all.addAll(plainRows("SELECT variant, seq, digest FROM rating_checkpoint ORDER BY variant, seq"));
            return all;
        }

        /** The tables a computation from nothing gives for the games stored now. */
        List<List<Object>> computedFromNothing() {
            db.dsl().execute("DELETE FROM rating_checkpoint");
            db.dsl().execute("DELETE FROM rating");
            new RatingJob(db, 2).run();
            return ratingTables();
        }

        @Test
        void newGamesAfterTheOldOnesWriteOnlyTheirOwnHistoryAndGiveWhatAComputationFromNothingGives() {
            store(january(1, 12));
            RatingJob.Summary first = new RatingJob(db, 2).run();
            assertEquals(0, first.keptGames());
            Map<Object, Object> idsBefore = playerIds();
            store(january(13, 4));
            RatingJob.Summary second = new RatingJob(db, 2).run();
            // 10 Emergo games (checkpoints at 2, ..., 10) and 2 HexEmergo ones (checkpoint at 2)
            assertEquals(12, second.keptGames());
            List<List<Object>> incremental = ratingTables();
            assertEquals(idsBefore, playerIds(), "a player keeps his number");
            assertEquals(computedFromNothing(), incremental);
        }

        @Test
        void aGameDatedBeforeTheOthersRatesThemAgainFromTheCheckpointBeforeIt() {
            store(january(10, 12));
            new RatingJob(db, 2).run();
            // after the Emergo games of 10-13 and 15-17 January (14 and 19 are HexEmergo games)
            store(List.of(game(Variant.EMERGO, "2020.01.17", "C", "A", "0-1")));
            RatingJob.Summary s = new RatingJob(db, 2).run();
            // the new game is the 8th Emergo game of the order: games 1-6 and both HexEmergo ones kept
            assertEquals(8, s.keptGames());
            List<List<Object>> incremental = ratingTables();
            assertEquals(computedFromNothing(), incremental);
        }

        @Test
        void whatAStoppedComputationLeftIsReplacedUpToItsLastCheckpoint() {
            store(january(1, 12));
            new RatingJob(db, 2).run();
            List<List<Object>> whole = ratingTables();
            // as a computation killed after its first commits leaves it: no run row, rows of its own beyond the checkpoints
            db.dsl().execute("DELETE FROM rating_run");
            db.dsl().execute("DELETE FROM rating WHERE variant = 'Emergo' AND seq > 9");
            db.dsl().execute("UPDATE rating SET rating = 0 WHERE variant = 'Emergo' AND seq = 9");
            db.dsl().execute("DELETE FROM rating_checkpoint WHERE variant = 'Emergo' AND seq > 8");
            assertEquals(10, new RatingJob(db, 2).run().keptGames());
            assertEquals(whole, ratingTables());
        }

        @Test
        void anAliasChangesTheHistoryFromTheFirstGameOfTheNamesItMerges() {
            store(january(1, 12));
            store(List.of(game(Variant.EMERGO, "2020.01.20", "D", "A", "1-0"), game(Variant.EMERGO, "2020.01.21", "B", "D", "1-0")));
            new RatingJob(db, 2).run();
            PlayerAliases.replace(db, List.of(new PlayerAliases.Alias("D", "A")));
            RatingJob.Summary s = new RatingJob(db, 2).run();
            assertEquals(3, s.players(), "A, B and C rated, D merged into A");
            assertEquals(12, s.keptGames());
            List<List<Object>> incremental = ratingTables();
            assertEquals(List.of(), plainRows("SELECT name FROM player WHERE name = 'D'"));
            assertEquals(computedFromNothing(), incremental);
        }

        Map<Object, Object> playerIds() {
            Map<Object, Object> ids = new LinkedHashMap<>();
            for (List<Object> r : plainRows("SELECT name, id FROM player ORDER BY name")) ids.put(r.get(0), r.get(1));
            return ids;
        }

        @Test
        void anAliasIsRatedAsThePlayerItStandsFor() {
            store(List.of(
                    game(Variant.EMERGO, "2020.01.01", "Aster, Ada", "B", "1-0"),
                    game(Variant.EMERGO, "2020.01.02", "Ada Aster", "B", "1-0"),
                    game(Variant.EMERGO, "2020.01.03", "B", "A. Aster", "0-1")));
            PlayerAliases.replace(db, AliasFile.parse("aliases.csv", "alias,player\nAda Aster,\"Aster, Ada\"\nA. Aster,\"Aster, Ada\"\n"));
            RatingJob.Summary s = new RatingJob(db).run();
            assertEquals(2, s.players());
            assertEquals(List.of(List.of("Aster, Ada", 3L), List.of("B", 3L)),
                    plainRows("SELECT p.name, r.games FROM player_rating r JOIN player p ON p.id = r.player_id"
                            + " WHERE r.system = 'elo' ORDER BY r.rank"));
            // the name as written is matched exactly: another spelling stays another player
            store(List.of(game(Variant.EMERGO, "2020.01.04", "aster, ada", "B", "1-0")));
            assertEquals(3, new RatingJob(db).run().players());
        }

        @Test
        void theRatingsAreOutOfDateUntilComputedAndAgainAfterNewGames() {
            store(List.of(game(Variant.EMERGO, "2020.01.01", "A", "B", "1-0")));
            RatingJob job = new RatingJob(db);
            assertTrue(job.outOfDate());
            job.run();
            assertFalse(job.outOfDate());
            store(List.of(game(Variant.EMERGO, "2020.01.02", "A", "B", "1-0")));
            assertTrue(job.outOfDate());
        }

        @Test
        void eachSystemsForecastsAreScoredAndAFewGamesShowGlicko2() {
            store(List.of(
                    game(Variant.EMERGO, "2020.01.01", "A", "B", "1-0"),
                    game(Variant.EMERGO, "2020.01.02", "A", "B", "1-0")));
            RatingJob.Summary s = new RatingJob(db).run();
            assertEquals("glicko2", s.shownSystem());
            assertEquals("glicko2", ratings().run().orElseThrow().shownSystem());
            RatingJob.Quality elo = ratings().quality().stream().filter(q -> q.system().equals("elo")).findFirst().orElseThrow();
            // the first game is forecast even, the second at Elo's 1530 against 1470
            double second = Elo.expected(1530, 1470);
            assertEquals((Math.log(2) - Math.log(second)) / 2, elo.logLoss(), 1e-9);
            assertEquals(List.of(2, 1, 1.0), List.of(elo.games(), elo.favouriteGames(), elo.favouriteWon()));
        }

        @Test
        void computingAgainReplacesTheRatings() {
            store(List.of(game(Variant.EMERGO, "2020.01.01", "A", "B", "1-0")));
            new RatingJob(db).run();
            new RatingJob(db).run();
            // the history of the system shown, both systems' ratings now and forecasts
            assertEquals(List.of(List.of(2L, 4L, 2L, 2L)), plainRows("SELECT (SELECT COUNT(*) FROM rating), (SELECT COUNT(*) FROM"
                    + " player_rating), (SELECT COUNT(*) FROM player), (SELECT COUNT(*) FROM rating_quality)"));
        }

        @Test
        void theBestSystemIsTheOneWithTheLowestLogLossOverBothVariants() {
            List<RatingJob.Quality> q = List.of(
                    new RatingJob.Quality("glicko2", Variant.EMERGO, 900, 0.50, 0, 0),
                    new RatingJob.Quality("elo", Variant.EMERGO, 900, 0.49, 0, 0),
                    new RatingJob.Quality("glicko2", Variant.HEXEMERGO, 100, 0.40, 0, 0),
                    new RatingJob.Quality("elo", Variant.HEXEMERGO, 100, 0.60, 0, 0));
            assertEquals("glicko2", RatingComputation.best(q, 1000));
            assertEquals("elo", RatingComputation.best(q.subList(0, 2), 900));
            assertEquals("glicko2", RatingComputation.best(q.subList(0, 2), 99));
        }
    }
}
