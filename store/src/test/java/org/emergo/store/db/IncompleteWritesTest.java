package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.game.GameRepository;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.table.Table;
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
            // As a kill leaves a transaction: each of its rows, the kept and the lost, in pages
            // written since the open (the lost ones as entries H2 rolls back), the game's or
            // analysis's own row among them: emergo writes a game's tags with its game, and an
            // analysis's rows with its analysis row.
            new GameRepository(d.dsl()).insertAll(List.of(selfPlay.game(31)), null);
            d.dsl().execute("DELETE FROM game_tag WHERE game_id = 31"); // a game without its tags
            d.dsl().execute("UPDATE analysis SET findings = findings WHERE game_id = 7");
            d.dsl().execute("DELETE FROM position WHERE game_id = 7 AND ply > 2"); // an analysis without some positions
            d.dsl().execute("UPDATE position SET hash = hash WHERE game_id = 9");
            d.dsl().execute("DELETE FROM analysis WHERE game_id = 9"); // an analysis's rows without their analysis
            // the pages' chunk is listed in the store's layout once a later chunk is written
            d.dsl().execute("CHECKPOINT");
            d.dsl().execute("CREATE TABLE written (id INT)");
            d.dsl().execute("CHECKPOINT");
            RecentGames recent = H2Leftovers.rollBack(d.dataSource(), opened).games();
            assertTrue(recent.in("game").contains(31L), recent.in("game").toString());
            assertTrue(recent.in("analysis").contains(7L), recent.in("analysis").toString());
            assertTrue(recent.in("position").containsAll(Set.of(7L, 9L)), recent.in("position").toString());

            long later = System.currentTimeMillis() + 120_000;
            RecentGames none = H2Leftovers.rollBack(d.dataSource(), later).games();
            assertEquals(Set.of(), none.in(RecentGames.TABLES.toArray(String[]::new)), "every page older than the stopped program: no game named");
            assertEquals(Set.of(), none.in(AnalysisTables.ALL.toArray(String[]::new)));
            assertEquals(new IncompleteWrites.Repair(0, 0, 0), IncompleteWrites.run(d.dataSource(), none));
            IncompleteWrites.Repair repair = IncompleteWrites.run(d.dataSource(), recent);
            assertEquals(1, repair.games(), "game 31");
            assertEquals(1, repair.analyses(), "game 7's");
            assertTrue(repair.orphanRows() > 0, "game 9's positions");
            assertEquals(new IncompleteWrites.Repair(0, 0, 0), IncompleteWrites.run(d.dataSource(), null),
                    "a check of every game finds nothing left");
            assertEquals(30, d.dsl().fetchCount(d.dsl().selectFrom("game")), "game 31 to import again");
            assertEquals(28, d.dsl().fetchCount(d.dsl().selectFrom("analysis")), "games 7 and 9 to analyse again");
        }
    }

    @Test
    void everyTableTheCheckReadsHasAMapWhoseKeysNameItsGames() throws SQLException {
        try (Database d = Database.open(dir.resolve("tables").toString()); Connection c = d.dataSource().getConnection()) {
            org.h2.engine.Database h2 = ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase();
            List<String> tables = new ArrayList<>(RecentGames.TABLES);
            tables.addAll(AnalysisTables.ALL);
            for (String name : tables) {
                Table table = h2.getAllTablesAndViews().stream().filter(t -> t.getName().equalsIgnoreCase(name)).findFirst().orElseThrow();
                assertNotNull(RecentGames.namedBy(table), name);
            }
        }
    }
}
