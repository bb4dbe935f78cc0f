package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code emergo ratings} and the ratings {@code emergo analyze} computes, in-process on H2 files. */
class RatingsCommandTest {

    /** Three games; "Ada Aster" is another spelling of "Aster, Ada". */
    private static final String GAMES = """
            [Event "Club"]
            [Date "2024.03.01"]
            [White "Aster, Ada"]
            [Black "Brand, Bram"]
            [Result "1-0"]

            1. e4 e6 1-0

            [Event "Club"]
            [Date "2024.03.08"]
            [White "Brand, Bram"]
            [Black "Castell, Cora"]
            [Result "1/2-1/2"]

            1. e4 e6 1/2-1/2

            [Event "Club"]
            [Date "2024.03.15"]
            [White "Castell, Cora"]
            [Black "Ada Aster"]
            [Result "0-1"]

            1. e4 e6 0-1
            """;

    @TempDir
    Path dir;

    private String imported() throws IOException {
        Path file = Files.writeString(dir.resolve("club.egn"), GAMES, StandardCharsets.UTF_8);
        String db = dir.resolve("club").toString();
        CommandLineRun r = CommandLineRun.run("import", "--db", db, file.toString());
        assertEquals(0, r.exitCode(), r::err);
        return db;
    }

    @Test
    void analyzeRatesThePlayersAfterNewGamesAndOnlyThen() throws IOException {
        String db = imported();
        CommandLineRun first = CommandLineRun.run("analyze", "--db", db);
        assertEquals(0, first.exitCode(), first::err);
        assertEquals("rated 3 games of 4 players (Elo and Glicko-2; the viewer shows glicko2)", first.out().lines().toList().get(1));
        CommandLineRun second = CommandLineRun.run("analyze", "--db", db);
        assertEquals("analysed 0 games, 0 plies: 0 findings", second.out().strip());
        assertEquals(List.of(List.of("Aster, Ada", "glicko2", "1500.0"), List.of("Brand, Bram", "glicko2", "1500.0")),
                sql(db, "SELECT player, system, rating_before FROM rating_history WHERE seq = 1 ORDER BY side DESC"));
    }

    @Test
    void ratingsWithAliasesRateEverySpellingAsItsPlayerAndPrintTheForecastsAndTheLeaders() throws IOException {
        String db = imported();
        Path aliases = Files.writeString(dir.resolve("aliases.csv"), "alias,player\nAda Aster,\"Aster, Ada\"\n");
        CommandLineRun r = CommandLineRun.run("ratings", "--db", db, "--aliases", aliases.toString(), "--top", "2");
        assertEquals(0, r.exitCode(), r::err);
        List<String> lines = r.out().lines().toList();
        assertEquals("aliases: 1 spelling from " + aliases, lines.get(0));
        assertTrue(lines.get(1).matches("rated 3 games of 3 players in \\d+\\.\\d\\d s \\(Elo and Glicko-2; the viewer shows glicko2\\)"),
                lines.get(1));
        assertEquals("variant    system      games  log-loss  favourite won", lines.get(3));
        assertTrue(lines.get(4).matches("Emergo     glicko2         3    0\\.\\d{4}  100\\.0% of 1"), lines.get(4));
        assertTrue(lines.get(5).matches("Emergo     elo             3    0\\.\\d{4}  100\\.0% of 1"), lines.get(5));
        assertEquals("Emergo, glicko2:", lines.get(7));
        assertTrue(lines.get(8).matches("    1  Aster, Ada +\\d{4} ±\\d{3}  2 games"), lines.get(8));
        assertEquals(10, lines.size(), r.out());
        assertEquals(List.of(List.of("Aster, Ada", "2")),
                sql(db, "SELECT player, MAX(games) FROM rating_history WHERE player LIKE '%Ada%' GROUP BY player"));
    }

    @Test
    void aBadAliasesFileIsOneLineAndChangesNothing() throws IOException {
        String db = imported();
        Path good = Files.writeString(dir.resolve("good.csv"), "Ada Aster,\"Aster, Ada\"\n");
        assertEquals(0, CommandLineRun.run("ratings", "--db", db, "--aliases", good.toString()).exitCode());
        Path bad = Files.writeString(dir.resolve("bad.csv"), "Ada Aster,\"Aster, Ada\"\nBram\n");
        CommandLineRun r = CommandLineRun.run("ratings", "--db", db, "--aliases", bad.toString());
        assertEquals(1, r.exitCode());
        assertEquals("emergo ratings: " + bad + " line 2: a line is two names, the alias and the player (alias,player), not 1 value\n",
                r.err());
        assertEquals(List.of(List.of("Ada Aster", "Aster, Ada")), sql(db, "SELECT alias, player FROM player_alias"));
        CommandLineRun missing = CommandLineRun.run("ratings", "--db", db, "--aliases", dir.resolve("none.csv").toString());
        assertEquals(1, missing.exitCode());
        assertEquals("emergo ratings: no such file or folder: " + dir.resolve("none.csv") + "\n", missing.err());
    }

    @Test
    void badUsageAndAMissingDatabaseAreOneLineEach() {
        CommandLineRun top = CommandLineRun.run("ratings", "--db", dir.resolve("x").toString(), "--top", "-1");
        assertEquals(2, top.exitCode());
        assertTrue(top.err().startsWith("--top must be 0 or more"), top.err());
        CommandLineRun none = CommandLineRun.run("ratings", "--db", dir.resolve("none").toString());
        assertEquals(1, none.exitCode());
        assertTrue(none.err().startsWith("emergo ratings: no database at "), none.err());
        assertEquals(1, none.err().lines().count(), none.err());
    }

    /** The rows of a query run by {@code emergo sql --format csv}, without the header. */
    private static List<List<String>> sql(String db, String query) throws IOException {
        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--format", "csv", query);
        assertEquals(0, r.exitCode(), () -> query + ": " + r.err());
        List<List<String>> rows = new ArrayList<>();
        for (CSVRecord record : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(new StringReader(r.out()))) {
            rows.add(record.toList());
        }
        return rows;
    }
}
