package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code emergo find} on the rule-breach sample games, in-process: the games it prints in each
 * format, the totals, and a malformed pattern as a usage error naming the column.
 */
class FindCommandTest {

    @TempDir
    static Path dir;

    static String db;

    @BeforeAll
    static void analyseTheRuleBreaches() {
        db = dir.resolve("find").toString();
        Path file = Path.of("..", "sample-games", "rule-breaches.egn");
        assertEquals(0, CommandLineRun.run("import", "--db", db, file.toString()).exitCode());
        assertEquals(0, CommandLineRun.run("analyze", "--db", db).exitCode());
    }

    /** The games of a query, as emergo sql prints them in CSV. */
    static String sqlGames(String query) {
        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--format", "csv", query);
        assertEquals(0, r.exitCode(), r::err);
        return r.out().substring(r.out().indexOf('\n') + 1);
    }

    @Test
    void findPrintsEachGameWithTheFirstMatchingPlyAsSqlFindsThem() {
        CommandLineRun r = CommandLineRun.run("find", "--db", db, "--format", "csv", "finding");
        assertEquals(0, r.exitCode(), r::err);
        assertTrue(r.out().startsWith("game,ply,positions,white,black,result,date,event\r\n"), r.out());
        String expected = sqlGames("SELECT f.game_id, MIN(f.ply) - 1, COUNT(DISTINCT f.ply) FROM finding f"
                + " JOIN position p ON p.game_id = f.game_id AND p.ply = f.ply - 1 GROUP BY f.game_id ORDER BY f.game_id");
        StringBuilder got = new StringBuilder();
        for (String line : r.out().split("\r\n")) {
            if (line.startsWith("game,")) continue;
            String[] cells = line.split(",");
            got.append(cells[0]).append(',').append(cells[1]).append(',').append(cells[2]).append("\r\n");
        }
        assertEquals(expected, got.toString());
        assertTrue(r.err().matches("(?s)\\d+ positions in \\d+ games match finding\\R"), r.err());
    }

    @Test
    void findPrintsATableAndJsonThroughTheWritersOfSql() {
        CommandLineRun table = CommandLineRun.run("find", "--db", db, "--limit", "1", "e5:w");
        assertEquals(0, table.exitCode(), table::err);
        assertTrue(table.out().startsWith("game | ply | positions"), table.out());
        assertTrue(table.out().endsWith("(1 row)\n"), table.out());
        CommandLineRun json = CommandLineRun.run("find", "--db", db, "--format", "json", "--limit", "2", "e5:w");
        assertEquals(0, json.exitCode(), json::err);
        assertTrue(json.out().matches("(?s)\\[\\s*\\{\"game\":\\d+,\"ply\":\\d+,\"positions\":\\d+,\"white\":.*\\]\\s*"), json.out());
    }

    @Test
    void aMalformedPatternIsABadUsageThatSaysWhereAndWhat() {
        CommandLineRun r = CommandLineRun.run("find", "--db", db, "e5:w4+ z9:b");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("pattern 'e5:w4+ z9:b': column 8: unknown word 'z9:b'"), r.err());
    }

    @Test
    void aPatternWithSymSaysForEachGameWhichOrientationMatched() {
        CommandLineRun plain = CommandLineRun.run("find", "--db", db, "--format", "csv", "e5:w");
        CommandLineRun sym = CommandLineRun.run("find", "--db", db, "--format", "csv", "sym colours", "e5:w");
        assertEquals(0, sym.exitCode(), sym::err);
        assertTrue(sym.out().startsWith("game,ply,positions,white,black,result,date,event,transform\r\n"), sym.out());
        // e5 is the centre: every orientation asks the same, so the colours alone make a second question
        assertTrue(sym.out().contains(",as given\r\n"), sym.out());
        assertTrue(sym.out().contains(",\"as given, colours swapped\"\r\n"), sym.out());
        assertTrue(sym.out().split("\r\n").length >= plain.out().split("\r\n").length);
        assertTrue(sym.err().matches("(?s)\\d+ positions in \\d+ games match sym colours e5:w\\R"), sym.err());
    }

    @Test
    void orAndNotAreReadByFindAndAMisplacedOrSaysWhere() {
        CommandLineRun r = CommandLineRun.run("find", "--db", db, "e5:w or");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("pattern 'e5:w or': column 6: 'or' needs a pattern on each side"), r.err());
        CommandLineRun both = CommandLineRun.run("find", "--db", db, "--format", "csv", "e5:w not turn:b or e5:b not turn:w");
        assertEquals(0, both.exitCode(), both::err);
        assertTrue(both.err().matches("(?s)\\d+ positions in \\d+ games match e5:w not turn:b or e5:b not turn:w\\R"), both.err());
    }

    @Test
    void findNextPrintsWhatWasPlayedFromTheMatchingPositionsAsTheExplorerCountsIt() {
        CommandLineRun r = CommandLineRun.run("find", "--db", db, "--format", "csv", "--next", "whand:12 bhand:12 turn:w");
        assertEquals(0, r.exitCode(), r::err);
        assertTrue(r.out().startsWith("move,from,to,takes,played,games,wins,draws,losses,score\r\n"), r.out());
        // the start position: White's first entries, each played as often as the explorer's SQL says
        String expected = sqlGames("SELECT p.next_move, COUNT(*) FROM position p JOIN game g ON g.id = p.game_id"
                + " WHERE g.variant = 'Emergo' AND p.ply = 0 AND p.epn = 'w 12 12' AND p.next_move IS NOT NULL"
                + " GROUP BY p.next_move ORDER BY p.next_move");
        java.util.TreeMap<String, String> got = new java.util.TreeMap<>();
        for (String line : r.out().split("\r\n")) {
            if (line.startsWith("move,")) continue;
            String[] cells = line.split(",");
            assertEquals("", cells[1], line);
            got.put(cells[0], cells[0] + "," + cells[4] + "\r\n");
        }
        assertEquals(expected, String.join("", got.values()));
        assertTrue(r.err().matches("(?s)\\d+ positions in \\d+ games match turn:w whand:12 bhand:12; \\d+ kinds of move were played from them\\R"), r.err());
    }

    @Test
    void findTakesTheExplorersGameFiltersAndABadOneIsABadUsage() {
        String white = sqlGames("SELECT g.white FROM game g JOIN position_board pb ON pb.game_id = g.id"
                + " WHERE g.variant = 'Emergo' AND pb.e5 > 0 AND g.white IS NOT NULL ORDER BY g.id LIMIT 1").trim();
        if (white.startsWith("\"")) white = white.substring(1, white.length() - 1).replace("\"\"", "\"");
        CommandLineRun r = CommandLineRun.run("find", "--db", db, "--format", "csv", "--player", white, "--color", "w", "e5:w");
        assertEquals(0, r.exitCode(), r::err);
        String expected = sqlGames("SELECT COUNT(DISTINCT p.game_id) FROM position p JOIN game g ON g.id = p.game_id"
                + " JOIN position_board pb ON pb.game_id = p.game_id AND pb.ply = p.ply"
                + " WHERE g.variant = 'Emergo' AND g.white = '" + white.replace("'", "''") + "' AND pb.e5 > 0");
        assertTrue(Integer.parseInt(expected.trim()) > 0, white);
        assertEquals(Integer.parseInt(expected.trim()), r.out().split("\r\n").length - 1, r.out());
        CommandLineRun bad = CommandLineRun.run("find", "--db", db, "--color", "w", "e5:w");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().startsWith("color needs a player"), bad.err());
    }
}
