package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Where {@link CitusLayout} puts each table on a cluster, read from a plain PostgreSQL database
 * (the plan needs no Citus): every table of a game's rows goes with its game, the shared ones are
 * copied to every node. A new table fails this until its place is chosen here; bench/citus.sh
 * checks the same on a real cluster.
 */
@Tag("postgres")
class CitusLayoutTest extends DatabaseTestCase {

    CitusLayoutTest() {
        super(TestDatabases.POSTGRES);
    }

    @Test
    void everyTableOfAGamesRowsGoesWithItsGameAndTheSharedOnesToEveryNode() throws SQLException {
        Map<String, String> expected = new TreeMap<>();
        expected.put("game", "id");
        for (String perGame : new String[] {"game_tag", "analysis", "analysis_history", "position", "finding", "shadowpiece",
                "capture_length", "tall_column", "capture_chance", "game_stage", "pattern_game", "pattern_pending",
                "review", "review_ply", "rating",
                // issue 28: a puzzle, its themes, its game's mining and the attempts at it live with the game
                "puzzle", "puzzle_theme", "puzzle_mined", "puzzle_attempt"}) {
            expected.put(perGame, "game_id");
        }
        for (String shared : new String[] {"source_file", "import_error", "review_setting", "review_curve", "player",
                "player_alias", "player_rating", "rating_run", "rating_quality", "rating_checkpoint", "pattern_segment",
                "pattern_bits", "puzzle_solver", "work_claim",
                // issue 52: the statistics page's figures, a few hundred rows
                "stats_snapshot", "stats_bar", "stats_decided", "stats_calibration", "stats_calibration_band"}) {
            expected.put(shared, "reference");
        }
        try (Connection c = db.dataSource().getConnection()) {
            assertEquals(expected, new TreeMap<>(CitusLayout.plan(c)));
        }
    }
}
