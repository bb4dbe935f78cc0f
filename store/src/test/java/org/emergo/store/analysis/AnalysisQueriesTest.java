package org.emergo.store.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.replay.FindingCode;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.game.GameRepository;
import org.emergo.store.sql.ReadOnlyQuery;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code emergo analyze} on a fixture of six games whose positions, findings and shadowpieces
 * are known by hand, and every shipped example query in sql/queries/ run on the result.
 */
public class AnalysisQueriesTest {

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

    public static final String WORKED_EXAMPLE = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";

    public static GameRecord game(String white, String black, String setup, String moves, String result) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Fixture");
        tags.put("Date", "2026.11.29");
        tags.put("White", white);
        tags.put("Black", black);
        tags.put("Result", result);
        List<String> list = moves.isBlank() ? List.of() : List.of(moves.split(" "));
        return new GameRecord(Variant.EMERGO, tags, setup, list, moves + " " + result, "fixture", 1);
    }

    /** Six games: ids in this order. */
    public static final List<GameRecord> FIXTURE = List.of(
            // 1: docs/rules.md#a-worked-example, clean; captures of 2 and 5 men, 5 available at ply 2.
            game("Aster, Ada", "Brand, Bram", WORKED_EXAMPLE, "f4-e4 h4xf4xd4 e4xc4xc6xe6xe4xc4", "1-0"),
            // 2: Black takes one man where two were due.
            game("Castell, Cora", "Brand, Bram", WORKED_EXAMPLE, "f4-e4 e5xe3", "*"),
            // 3 and 4: both reach the position after 1. e4.
            game("Aster, Ada", "Dekker, Dirk", null, "e4 e6 d4 f5", "1-0"),
            game("Evers, Eline", "Dekker, Dirk", null, "e4 c5", "0-1"),
            // 5: a column of five on e5 at the start.
            game("Evers, Eline", "Faber, Floris", "w 0 0 a5:b e5:w5", "e5-e4 a5-b5", "*"),
            // 6: Black's shadowpiece of two wins the game.
            game("Faber, Floris", "Groen, Greta", "b 0 2 c5:w", "e5 c5-d5 e5xc5", "0-1"));

    public abstract static class Cases extends DatabaseTestCase {

        List<Long> ids;

        Cases(TestDatabases kind) {
            super(kind);
        }

        @BeforeEach
        void analyseTheFixture() {
            ids = new GameRepository(db.dsl()).insertAll(FIXTURE, null).ids();
            AnalysisJob.Summary s = new AnalysisJob(db, 2).run(false, done -> {});
            assertEquals(6, s.games());
            assertEquals(16, s.plies());
            assertEquals(Map.of(FindingCode.MISSED_MAJORITY, 1), s.findings());
        }

        List<List<Object>> rows(String sql) {
            return new ReadOnlyQuery(db).fetch(sql, 1000).rows();
        }

        List<List<Object>> query(String file) throws IOException {
            return rows(Files.readString(Path.of("..", "sql", "queries", file)));
        }

        @Test
        void everyPlyHasAPositionRowWithItsFigures() {
            assertEquals(List.of(List.of(0L, "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2", 5L, 0L, 5L, 5L),
                            List.of(1L, "b 0 0 c5:b d6:b e4:w4 e5:b g4:w h4:b2", 1L, 2L, 5L, 5L),
                            List.of(2L, "w 0 0 c5:b d4:b2w2 d6:b e4:w3 e5:b", 1L, 5L, 3L, 7L),
                            List.of(3L, "b 0 0 c4:w3b5 d4:w2", 0L, 0L, 10L, 0L)),
                    plain(rows("SELECT ply, epn, legal_moves, max_capture, white_material, black_material "
                            + "FROM position WHERE game_id = " + ids.get(0) + " ORDER BY ply")));
            assertEquals(List.of(List.of(3L, "1-0", "loss with no pieces", 3L, 0L)),
                    plain(rows("SELECT plies_replayed, result_by_rule, termination, end_ply, findings "
                            + "FROM analysis WHERE game_id = " + ids.get(0))));
        }

        @Test
        void theAnalysisRowCarriesTheGamesFigures() {
            String figures = "SELECT captures, men_captured, longest_capture, first_capture_ply, biggest_capture_available, "
                    + "tallest, tallest_square, tallest_ply, shadowpieces, white_material_end, black_material_end, "
                    + "white_mobility, black_mobility FROM analysis WHERE game_id = ";
            // game 1: captures of 2 (ply 2) and 5 men (ply 3) ending on c4:w3b5; White moved from 5 and 1 moves, Black from 1
            assertEquals(List.of(List.of(2L, 7L, 5L, 2L, 5L, 8L, "c4", 3L, 0L, 10L, 0L, 3.0, 1.0)),
                    plain(rows(figures + ids.get(0))));
            // game 6: Black's shadowpiece of two takes c5 at ply 3 and stands as c5:b2w; Black moved from 36 and 1 moves
            assertEquals(List.of(List.of(1L, 1L, 1L, 3L, 1L, 3L, "c5", 3L, 1L, 0L, 3L, 4.0, 18.5)),
                    plain(rows(figures + ids.get(5))));
            // game 4: no capture, no column taller than one
            assertEquals(List.of(List.of(0L, 0L, 0L, 0L, 1L, "e4", 1L, 0L, 12L, 12L, 40.0, 36.0)),
                    plain(rows("SELECT captures, men_captured, longest_capture, biggest_capture_available, tallest, "
                            + "tallest_square, tallest_ply, shadowpieces, white_material_end, black_material_end, "
                            + "white_mobility, black_mobility FROM analysis WHERE game_id = " + ids.get(3)
                            + " AND first_capture_ply IS NULL")));
        }

        @Test
        void captureLengthsCountEachGamesCapturesBySize() {
            assertEquals(List.of(List.of(ids.get(0), 2L, 1L, 2L), List.of(ids.get(0), 5L, 1L, 3L),
                            List.of(ids.get(1), 1L, 1L, 2L), List.of(ids.get(5), 1L, 1L, 3L)),
                    plain(rows("SELECT game_id, men, captures, first_ply FROM capture_length ORDER BY game_id, men")));
        }

        @Test
        void tallColumnsListTheFirstPlyOfEachHeightFromFiveOnEachSquare() {
            assertEquals(List.of(List.of(ids.get(0), "c4", 5L, 3L, "w"), List.of(ids.get(0), "c4", 6L, 3L, "w"),
                            List.of(ids.get(0), "c4", 7L, 3L, "w"), List.of(ids.get(0), "c4", 8L, 3L, "w"),
                            List.of(ids.get(4), "e4", 5L, 1L, "w"), List.of(ids.get(4), "e5", 5L, 0L, "w")),
                    plain(rows("SELECT game_id, square, height, first_ply, owner FROM tall_column "
                            + "ORDER BY game_id, square, height")));
        }

        @Test
        void captureChancesListPositionsWithThreeOrMoreMenToTake() {
            assertEquals(List.of(List.of(ids.get(0), 2L, "w", 5L, 5L)),
                    plain(rows("SELECT game_id, ply, player, available, taken FROM capture_chance ORDER BY game_id, ply")));
        }

        @Test
        void gameStagesHoldMaterialAtTheStartAndMobilityOfEachFortyPlies() {
            assertEquals(List.of(List.of(ids.get(2), 0L, 12L, 12L, 38.0, 34.5), List.of(ids.get(5), 0L, 1L, 2L, 4.0, 18.5)),
                    plain(rows("SELECT game_id, stage, white_material, black_material, white_mobility, black_mobility "
                            + "FROM game_stage WHERE game_id IN (" + ids.get(2) + ", " + ids.get(5) + ") ORDER BY game_id")));
            assertEquals(List.of(List.of(6L)), plain(rows("SELECT COUNT(*) FROM game_stage")));
        }

        @Test
        void theMoveViewListsTheMovesAsWrittenAndCanonical() {
            assertEquals(List.of(List.of(1L, "f4-e4", "f4-e4"), List.of(2L, "e5xe3", "e5xe3")),
                    plain(rows("SELECT ply, text, canonical FROM move WHERE game_id = " + ids.get(1) + " ORDER BY ply")));
        }

        @Test
        void squareColumnsHoldSignedHeights() {
            assertEquals(List.of(List.of(5L, -1L)),
                    plain(rows("SELECT e5, a5 FROM position_board WHERE ply = 0 AND game_id = " + ids.get(4))));
        }

        @Test
        void analysingAgainChangesNothingAndAllRedoesEveryGame() {
            String snapshot = "SELECT game_id, ply, hash, epn FROM position ORDER BY game_id, ply";
            List<List<Object>> before = rows(snapshot);
            assertEquals(0, new AnalysisJob(db, 1).run(false, done -> {}).games());
            AnalysisJob.Summary again = new AnalysisJob(db, 1).run(true, done -> {});
            assertEquals(6, again.games());
            assertEquals(before, rows(snapshot));
            assertEquals(List.of(List.of(1L)), plain(rows("SELECT COUNT(*) FROM finding")));
            assertEquals(List.of(), rows("SELECT * FROM analysis_change"));
        }

        @Test
        void aMoveWrittenWithCopysSpecialCharactersComesBackExactlyInItsFinding() {
            String hostile = "e\t5\\N\n\\.\r'\"😀";
            long id = new GameRepository(db.dsl())
                    .insertAll(List.of(game("Hostile, Hal", "Brand, Bram", null, "e4 " + hostile, "*")), null).ids().get(0);
            assertEquals(1, new AnalysisJob(db, 1).run(false, done -> {}).games());

            assertEquals(List.of(List.of(2L, hostile)),
                    plain(rows("SELECT ply, move_text FROM finding WHERE game_id = " + id)));
            assertEquals(List.of(List.of(0L, "e4"), java.util.Arrays.asList(1L, null)),
                    plain(rows("SELECT ply, next_move FROM position WHERE game_id = " + id + " ORDER BY ply")));
        }

        @Test
        void aBulkRunRebuildsTheIndexesAsTheMigrationsDefineThem() throws Exception {
            List<String> migrated = hashIndexFields();
            assertEquals(List.of("HASH", "GAME_ID", "PLY", "SIDE_TO_MOVE", "NEXT_MOVE"), migrated);
            assertEquals(List.of("SQUARE", "HEIGHT"), indexFields("tall_column_square_idx"));
            BulkIndexes bulkIndexes = new BulkIndexes(db);
            bulkIndexes.suspend();
            assertEquals(List.of(), hashIndexFields());
            assertEquals(List.of(), indexFields("tall_column_square_idx"));
            bulkIndexes.restore();
            assertEquals(migrated, hashIndexFields());
            assertEquals(List.of("SQUARE", "HEIGHT"), indexFields("tall_column_square_idx"));
        }

        /** On PostgreSQL the rows a bulk run wrote are vacuumed: marked visible to all, counted for the planner. */
        @Test
        void settlingAfterABulkRunVacuumsAndAnalysesEveryTableAnAnalysisWrites() throws Exception {
            assumeTrue(db.isPostgres(), "H2 has nothing to settle");
            new BulkIndexes(db).settleAfterBulk();
            for (String table : List.of("position", "finding", "shadowpiece", "capture_length", "tall_column",
                    "capture_chance", "game_stage", "analysis")) {
                List<List<Object>> stats = rows("SELECT relallvisible > 0, reltuples >= 0 FROM pg_class WHERE relname = '"
                        + table + "'");
                assertEquals(List.of(List.of(true, true)), stats, table);
            }
        }

        @Test
        void aRunAfterOneKilledBeforeItRebuiltTheHashIndexRebuildsItEvenWithNothingToAnalyse() throws Exception {
            List<String> migrated = hashIndexFields();
            new BulkIndexes(db).suspend(); // what a bulk run killed before its end leaves
            assertEquals(List.of(), hashIndexFields());

            assertEquals(0, new AnalysisJob(db, 1).run(false, done -> {}).games());
            assertEquals(migrated, hashIndexFields());
        }

        private List<String> hashIndexFields() {
            return indexFields("position_hash_idx");
        }

        private List<String> indexFields(String name) {
            return db.dsl().meta().getIndexes().stream()
                    .filter(i -> i.getName().equalsIgnoreCase(name))
                    .flatMap(i -> i.getFields().stream())
                    .map(f -> f.getName().toUpperCase(java.util.Locale.ROOT))
                    .toList();
        }

        @Test
        void gamesWhoseDerivedRowsAMigrationDroppedAreAnalysedAgainOverTheirHistory() {
            String snapshot = "SELECT game_id, ply, hash, epn, next_move, board FROM position ORDER BY game_id, ply";
            List<List<Object>> before = rows(snapshot);
            // what V3__lean_positions.sql and V5__game_figures.sql do: derived rows go, analysis_history stays
            for (String table : List.of("position", "finding", "shadowpiece", "capture_length", "tall_column",
                    "capture_chance", "game_stage", "analysis")) {
                db.dsl().execute("DELETE FROM " + table);
            }
            assertEquals(6, new AnalysisJob(db, 1).run(false, done -> {}).games());
            assertEquals(before, rows(snapshot));
            assertEquals(List.of(List.of(6L)), plain(rows("SELECT COUNT(*) FROM analysis_history")));
        }

        @Test
        void query1ListsTheMovesFromAPositionWithTheirScores() throws IOException {
            assertEquals(List.of(List.of("c5", 1L, 1L, 0L, 0L), List.of("e6", 1L, 0L, 0L, 1L)),
                    plain(query("01_moves_from_position.sql")));
            assertEquals(List.of(List.of(ids.get(2), "1-0", 1L, "e6"), List.of(ids.get(3), "0-1", 1L, "c5")),
                    plain(query("01_games_through_position.sql")));
        }

        @Test
        void query2FindsTheTallColumnOnE5() throws IOException {
            assertEquals(List.of(List.of(ids.get(4), "Evers, Eline", "Faber, Floris", "*", 0L, 5L)),
                    plain(query("02_tall_columns_on_e5.sql")));
        }

        @Test
        void query3GroupsShadowpiecesBySizeAndPlayerWithTheirScore() throws IOException {
            assertEquals(List.of(List.of(2L, "b", 1L, 2.0, 1L, 1.0)), plain(query("03_shadowpieces.sql")));
        }

        @Test
        void query4CountsFindingsPerCodeAndPlayer() throws IOException {
            assertEquals(List.of(List.of("MISSED_MAJORITY", "Brand, Bram", 1L, 1L)),
                    plain(query("04_findings_by_player.sql")));
        }

        @Test
        void query5GivesLengthAndCaptureDistributions() throws IOException {
            assertEquals(List.of(List.of(0L, 19L, 6L)), plain(query("05_game_length.sql")));
            assertEquals(List.of(List.of(2L, 2L), List.of(3L, 1L)), plain(query("05_first_capture.sql")));
            assertEquals(List.of(List.of(1L, 2L), List.of(2L, 1L), List.of(5L, 1L)),
                    plain(query("05_capture_lengths.sql")));
        }

        @Test
        void query6FindsPositionsWithACaptureOfFourOrMore() throws IOException {
            List<List<Object>> rows = plain(query("06_big_captures_available.sql"));
            assertEquals(1, rows.size(), rows.toString());
            List<Object> row = rows.get(0);
            assertEquals(List.of(ids.get(0), 2L, "w", 5L), row.subList(0, 4));
            assertEquals("e4xc4xc6xe6xe4xc4", row.get(5));
        }

        @Test
        void query7GivesMaterialAndMobilityByStage() throws IOException {
            // one stage (plies 0-39) in all six games; White's material 5, 5, 12, 12, 5, 1 at ply 0, Black's
            // 5, 5, 12, 12, 1, 2; White's mobility 3, 5, 38, 40, 4, 4, Black's 1, 1, 34.5, 36, 1, 18.5
            assertEquals(List.of(List.of(0L, 39L, 6L, 6.7, 6.2, 15.7, 15.3)), plain(query("07_material_and_mobility.sql")));
        }

        @Test
        void query8NamesWhoMissesMajorityCaptures() throws IOException {
            assertEquals(List.of(List.of("Brand, Bram", 1L, 1L, 2L)), plain(query("08_missed_majority_by_player.sql")));
        }

        @Test
        void everyShippedQueryIsCoveredHere() throws IOException {
            try (var files = Files.list(Path.of("..", "sql", "queries"))) {
                // Each file has its test above, those on reviews (09_*) in ReviewQueriesTest, the one on
                // puzzles (10_*) in PuzzleJobTest; a new file needs one.
                assertEquals(15, files.filter(f -> f.toString().endsWith(".sql")).count());
            }
        }
    }
}
