package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.game.GameRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After an unclean stop the check of counts looks at the games named in the pages written since
 * the stopped program opened the file, not at every game: on 100,000 analysed games the check of
 * all of them took most of the first command's 81 to 135 s. What a kill keeps of a transaction
 * is made here by deleting rows, as UncleanStopRepairProcessTest does through the command line.
 */
class IncompleteWritesTest {

    @TempDir
    Path dir;

    @Test
    void theCheckFindsWhatWasLeftIncompleteInThePagesWrittenSinceTheStoppedProgramOpenedTheFile() throws SQLException {
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 44);
        try (Database d = Database.open(dir.resolve("games").toString())) {
            new GameRepository(d.dsl()).insertAll(IntStream.rangeClosed(1, 30).mapToObj(selfPlay::game).toList(), null);
            new AnalysisJob(d, 1).run(false, done -> { });
            long opened = System.currentTimeMillis();
            d.dsl().execute("DELETE FROM game_tag WHERE game_id = 3"); // a game without its tags
            d.dsl().execute("DELETE FROM position WHERE game_id = 7 AND ply > 2"); // an analysis without some positions
            d.dsl().execute("DELETE FROM analysis WHERE game_id = 9"); // an analysis's rows without their analysis
            // the pages' chunk is listed in the store's layout once a later chunk is written
            d.dsl().execute("CHECKPOINT");
            d.dsl().execute("CREATE TABLE written (id INT)");
            d.dsl().execute("CHECKPOINT");
            try (Connection c = d.dataSource().getConnection()) {
                Set<Long> recent = RecentGames.since(c, opened);
                assertTrue(recent.containsAll(Set.of(3L, 7L, 9L)), recent.toString());
            }

            long later = System.currentTimeMillis() + 120_000;
            assertEquals(new IncompleteWrites.Repair(0, 0, 0), IncompleteWrites.run(d.dataSource(), later),
                    "every page older than the stopped program: no game checked");
            IncompleteWrites.Repair repair = IncompleteWrites.run(d.dataSource(), opened);
            assertEquals(1, repair.games(), "game 3");
            assertEquals(1, repair.analyses(), "game 7's (game 3's goes with its game)");
            assertTrue(repair.orphanRows() > 0, "game 9's positions");
            assertEquals(new IncompleteWrites.Repair(0, 0, 0), IncompleteWrites.run(d.dataSource(), 0),
                    "a check of every game finds nothing left");
            assertEquals(29, d.dsl().fetchCount(d.dsl().selectFrom("game")));
            assertEquals(27, d.dsl().fetchCount(d.dsl().selectFrom("analysis")), "games 3, 7 and 9 to analyse again");
        }
    }
}
