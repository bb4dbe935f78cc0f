package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.emergo.store.db.Database;
import org.emergo.viewer.ViewerServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The database commands: import, export, sql, analyze, review and
 * demo, run in-process on H2 files in a temporary folder and checked through {@code emergo sql}.
 */
class DatabaseCommandsTest {

    /** The games of rule-breaches.egn (sample-games/README.md). */
    private static final int RULE_BREACH_GAMES = 15;

    /** The finding codes of docs/findings.md#finding-codes, in the order of its table and then RESULT_MISMATCH. */
    private static final List<String> FINDING_CODES = List.of("NOT_ON_BOARD", "UNPLAYABLE", "MISSED_CAPTURE",
            "REVERSE_JUMP", "MISSED_MAJORITY", "MOVE_WHILE_IN_HAND", "CENTRE_FIRST_ENTRY", "FEEDING_ENTRY",
            "AMBIGUOUS_MOVE", "MOVES_AFTER_END", "RESULT_MISMATCH");

    @TempDir
    Path dir;

    // ---- import ----

    @Test
    void importOfAFolderWithBadRecordsKeepsTheGoodGamesAndStoresEachRejectedRecordWithLineAndColumn()
            throws IOException {
        Path in = Files.createDirectory(dir.resolve("in"));
        Path club = write(in.resolve("club.egn"), """
                [Event "Good one"]
                [White "Aster, Ada"]
                [Black "Brand, Bram"]
                [Result "*"]

                1. e4 e6 *

                [Event "Broken movetext"]
                [Result "*"]

                1. e4 e6 2. <html> *

                [Event "Good two"]
                [White "Aster, Ada"]
                [Black "Brand, Bram"]
                [Result "*"]

                1. d4 f6 *
                """);
        Path league = write(in.resolve("league.egn"), """
                [Event "Broken tag"]
                [Site "Nowhere"
                [Result "*"]

                1. c3 *

                [Event "Good three"]
                [Result "*"]

                1. c3 g7 *
                """);
        write(in.resolve("notes.md"), "not a game record\n");
        String db = db("a");

        CommandLineRun r = CommandLineRun.run("import", "--db", db, in.toString());

        assertEquals(1, r.exitCode(), r::err);
        assertEquals("imported 3 games from 2 files: 0 duplicates, 2 errors, 0 warnings, "
                + "1 file of unknown type skipped", r.out().strip());
        List<String> problems = r.err().lines().toList();
        assertEquals(2, problems.size(), r::err);
        assertTrue(problems.get(0).startsWith(club + ":11:13: error: unexpected text '<html>'"), problems.get(0));
        assertTrue(problems.get(1).startsWith(league + ":2:1: error: unterminated tag"), problems.get(1));

        assertEquals(List.of(
                        List.of(club.toString(), "11", "13", "unexpected text '<html>' in the movetext"),
                        List.of(league.toString(), "2", "1",
                                "unterminated tag started at 2:1 (no ']' before the end of the line)")),
                sql(db, "SELECT source, line, col, message FROM import_error ORDER BY source, line"));
        assertEquals(List.of(List.of("Good one", club.toString(), "1"), List.of("Good two", club.toString(), "13"),
                        List.of("Good three", league.toString(), "7")),
                sql(db, "SELECT event, source, source_line FROM game ORDER BY id"));
    }

    @Test
    void importingTheSameFileTwiceAddsNothingTheSecondTime() throws IOException {
        Path file = copySample("rule-breaches.egn", Files.createDirectory(dir.resolve("in")));
        String db = db("a");

        CommandLineRun first = CommandLineRun.run("import", "--db", db, file.toString());
        assertEquals(0, first.exitCode(), first::err);
        assertEquals("imported 15 games from 1 file: 0 duplicates, 0 errors, 0 warnings", first.out().strip());

        CommandLineRun second = CommandLineRun.run("import", "--db", db, file.toString());
        assertEquals(0, second.exitCode(), second::err);
        assertEquals("imported 0 games from 0 files: 0 duplicates, 0 errors, 0 warnings, 1 file imported before",
                second.out().strip());
        assertEquals("", second.err());
        assertEquals(List.of(List.of("15", "1")),
                sql(db, "SELECT (SELECT COUNT(*) FROM game), (SELECT COUNT(*) FROM source_file)"));
    }

    @Test
    void aFileWithRejectedRecordsImportedAgainAddsNoSecondErrorRow() throws IOException {
        Path file = write(dir.resolve("one-bad.egn"), """
                [Event "Fine"]
                [Result "*"]

                1. e4 e6 *

                [Event "Bad"]
                [Result "*"]

                1. e4 zz9 *
                """);
        String db = db("a");
        assertEquals(1, CommandLineRun.run("import", "--db", db, file.toString()).exitCode());

        CommandLineRun again = CommandLineRun.run("import", "--db", db, file.toString());

        assertEquals(0, again.exitCode(), again::err);
        assertTrue(again.out().contains("1 file imported before"), again::out);
        assertEquals(List.of(List.of("1", "1")),
                sql(db, "SELECT (SELECT COUNT(*) FROM game), (SELECT COUNT(*) FROM import_error)"));
    }

    @Test
    void theSameGameInTwoDifferentFilesIsCountedAsADuplicate() throws IOException {
        Path in = Files.createDirectory(dir.resolve("in"));
        write(in.resolve("a.egn"), """
                [Event "Club night"]
                [Date "2026.01.02"]
                [White "Aster, Ada"]
                [Black "Brand, Bram"]
                [Result "*"]

                1. e4 e6 2. d4 f6 *
                """);
        write(in.resolve("b.egn"), """
                [Event "The same game, copied into another collection"]
                [Date "2026.01.02"]
                [White "Aster, Ada"]
                [Black "Brand, Bram"]
                [Result "*"]
                [Annotator "Someone"]

                1. e4 {a comment} e6 2. d4 f6 *

                [Event "Another game"]
                [Result "*"]

                1. c3 g7 *
                """);
        String db = db("a");

        CommandLineRun r = CommandLineRun.run("import", "--db", db, in.toString());

        assertEquals(0, r.exitCode(), r::err);
        assertEquals("imported 2 games from 2 files: 1 duplicate, 0 errors, 0 warnings", r.out().strip());
        assertEquals(List.of(List.of("Club night"), List.of("Another game")),
                sql(db, "SELECT event FROM game ORDER BY id"));
        assertEquals(List.of(List.of("1", "0"), List.of("1", "1")),
                sql(db, "SELECT games, duplicates FROM source_file ORDER BY path"));
    }

    // ---- export, then import into an empty database ----

    /** Every sample format, with the files that make it up, exported as EGN and as CSV. */
    static Stream<Arguments> sampleFormats() {
        List<Arguments> all = new ArrayList<>();
        for (String export : List.of("egn", "csv")) {
            all.add(Arguments.of("EGN", List.of("rule-breaches.egn"), 15, export));
            all.add(Arguments.of("CSV games per row", List.of("club-games.csv"), 12, export));
            all.add(Arguments.of("CSV moves per row", List.of("league-games.csv", "league-moves.csv"), 5, export));
            all.add(Arguments.of("Abstract Play JSON", List.of("abstractplay-ladder.json"), 6, export));
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} exported as {3}")
    @MethodSource("sampleFormats")
    void exportThenImportIntoAnEmptyDatabaseGivesTheSameGamesTagsMovesAndPositions(String format, List<String> files,
            int games, String exportFormat) throws IOException {
        Path in = Files.createDirectory(dir.resolve("in"));
        for (String f : files) copySample(f, in);
        String a = db("a");
        String b = db("b");
        CommandLineRun imported = CommandLineRun.run("import", "--db", a, in.toString());
        assertEquals(0, imported.exitCode(), imported::err);
        assertTrue(imported.out().startsWith("imported " + games + " games from " + files.size()
                        + (files.size() == 1 ? " file: " : " files: ")), imported::out);

        CommandLineRun export = CommandLineRun.run("export", "--db", a, "--format", exportFormat);
        assertEquals(0, export.exitCode(), export::err);
        Path exported = write(dir.resolve("exported." + exportFormat), export.out());
        CommandLineRun reimported = CommandLineRun.run("import", "--db", b, exported.toString());
        assertEquals(0, reimported.exitCode(), reimported::err);
        assertEquals("imported " + games + " games from 1 file: 0 duplicates, 0 errors, 0 warnings",
                reimported.out().strip());

        String gameRows = "SELECT variant, event, site, date, round, white, black, result, setup_epn, moves, "
                + "movetext, ply_count, fingerprint FROM game ORDER BY id";
        List<List<String>> gamesA = sql(a, gameRows);
        assertEquals(games, gamesA.size());
        assertEquals(gamesA, sql(b, gameRows));
        String tagRows = "SELECT (SELECT COUNT(*) FROM game g WHERE g.id <= t.game_id) AS game_no, t.name, t.value "
                + "FROM game_tag t ORDER BY game_no, t.name";
        assertEquals(sql(a, tagRows), sql(b, tagRows));

        // The same game: importing the export into the first database adds nothing.
        CommandLineRun back = CommandLineRun.run("import", "--db", a, exported.toString());
        assertEquals("imported 0 games from 1 file: " + games + " duplicates, 0 errors, 0 warnings",
                back.out().strip());

        // The same moves: the replays pass through the same positions and find the same things
        // (checked once per sample format: the CSV export has the same moves column, compared above).
        if (!exportFormat.equals("egn")) return;
        assertEquals(0, CommandLineRun.run("analyze", "--db", a).exitCode());
        assertEquals(0, CommandLineRun.run("analyze", "--db", b).exitCode());
        String positions = "SELECT (SELECT COUNT(*) FROM game g WHERE g.id <= p.game_id) AS game_no, p.ply, p.epn, "
                + "p.hash, p.next_move, p.next_move_text, p.board FROM position p ORDER BY game_no, p.ply";
        List<List<String>> positionsA = sql(a, positions);
        assertTrue(positionsA.size() > games, "every game has its start position and more");
        assertEquals(positionsA, sql(b, positions));
        String analyses = "SELECT (SELECT COUNT(*) FROM game g WHERE g.id <= x.game_id) AS game_no, x.result_by_rule, "
                + "x.termination, x.end_ply, x.findings, x.findings_digest FROM analysis x ORDER BY game_no";
        assertEquals(sql(a, analyses), sql(b, analyses));
    }

    @Test
    void theTagsOfEverySampleFormatAreKeptThroughAnExport() throws IOException {
        // The round trip compares tags; this makes sure there are tags to compare.
        Path in = Files.createDirectory(dir.resolve("in"));
        copySample("abstractplay-ladder.json", in);
        copySample("club-games.csv", in);
        copySample("rule-breaches.egn", in);
        String a = db("a");
        CommandLineRun imported = CommandLineRun.run("import", "--db", a, in.toString());
        assertEquals(0, imported.exitCode(), imported::err);
        assertEquals(List.of(List.of("Annotator", "1"), List.of("BlackId", "6"), List.of("EndDate", "6"),
                        List.of("SiteGameId", "6"), List.of("WhiteId", "6"), List.of("note", "2")),
                sql(a, "SELECT name, COUNT(*) FROM game_tag GROUP BY name ORDER BY name"));
        CommandLineRun export = CommandLineRun.run("export", "--db", a, "--where", "event = 'Abstract Play ladder'");
        assertEquals(0, export.exitCode(), export::err);
        assertEquals("", export.err());
        assertTrue(export.out().contains("[SiteGameId \"ap-emergo-1001\"]"), export::out);
    }

    @Test
    void exportWhereExportsOnlyTheMatchingGames() throws IOException {
        String db = importedRuleBreaches();

        CommandLineRun r = CommandLineRun.run("export", "--db", db, "--where", "white = 'Aster, Ada'");

        assertEquals(0, r.exitCode(), r::err);
        List<String> lines = r.out().lines().toList();
        assertEquals(List.of("[Event \"REVERSE_JUMP\"]", "[Event \"MISSED_CAPTURE\"]"),
                lines.stream().filter(l -> l.startsWith("[Event ")).toList());
        assertEquals(List.of("[White \"Aster, Ada\"]", "[White \"Aster, Ada\"]"),
                lines.stream().filter(l -> l.startsWith("[White ")).toList());
        assertTrue(r.out().contains("1. c5xe5xc5 {jumps d5 back the way it came} *"), r::out);
    }

    @Test
    void exportWhereThatTriesToWriteIsRefusedAndChangesNothing() throws IOException {
        String db = importedRuleBreaches();

        CommandLineRun statement = CommandLineRun.run("export", "--db", db, "--where", "1=1; DELETE FROM game");
        assertEquals(1, statement.exitCode());
        assertEquals("", statement.out());
        assertTrue(statement.err().startsWith("emergo export: refused: "), statement::err);

        CommandLineRun nested = CommandLineRun.run("export", "--db", db, "--where",
                "id > 0 OR EXISTS (SELECT 1 FROM (DELETE FROM game) d)");
        assertEquals(1, nested.exitCode());
        assertEquals("", nested.out());
        assertTrue(nested.err().contains("DELETE can write"), nested::err);

        // Past the words check, the database itself refuses: the condition runs as a reader.
        Path written = dir.resolve("written.csv");
        CommandLineRun function = CommandLineRun.run("export", "--db", db, "--where",
                "CSVWRITE('" + written + "', 'SELECT 1') = 1");
        assertEquals(1, function.exitCode());
        assertTrue(function.err().startsWith("emergo export: "), function::err);
        assertFalse(Files.exists(written));

        assertEquals(List.of(List.of(Integer.toString(RULE_BREACH_GAMES))), sql(db, "SELECT COUNT(*) FROM game"));
    }

    // ---- sql ----

    @Test
    void sqlPrintsAnAlignedTableWithNumbersOnTheRight() throws IOException {
        String db = importedRuleBreaches();

        CommandLineRun r = CommandLineRun.run("sql", "--db", db,
                "SELECT id, event, ply_count FROM game WHERE id IN (1, 3, 12) ORDER BY id");

        assertEquals(0, r.exitCode(), r::err);
        assertEquals("""
                ID | EVENT                       | PLY_COUNT
                ---+-----------------------------+----------
                 1 | Worked example of the rules |         3
                 3 | MISSED_MAJORITY             |         2
                12 | MOVES_AFTER_END             |         4
                (3 rows)
                """, r.out());
    }

    @Test
    void sqlPrintsCsvWithAHeaderAndQuotesWhereNeeded() throws IOException {
        String db = importedRuleBreaches();

        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--format", "csv",
                "SELECT id, white, setup_epn FROM game WHERE id IN (1, 6) ORDER BY id");

        assertEquals(0, r.exitCode(), r::err);
        assertEquals("ID,WHITE,SETUP_EPN\r\n"
                + "1,\"van Zon, Ed\",w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2\r\n"
                + "6,\"Castell, Cora\",\r\n", r.out());
    }

    @Test
    void sqlPrintsJsonAsAnArrayOfObjectsWithNumbersAndNulls() throws IOException {
        String db = importedRuleBreaches();

        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--format", "json",
                "SELECT id, event, setup_epn, ply_count FROM game WHERE id IN (6, 7) ORDER BY id");

        assertEquals(0, r.exitCode(), r::err);
        JsonNode rows = new ObjectMapper().readTree(r.out());
        assertEquals(2, rows.size());
        assertEquals(6, rows.get(0).get("ID").asInt());
        assertTrue(rows.get(0).get("ID").isIntegralNumber());
        assertEquals("MOVE_WHILE_IN_HAND", rows.get(0).get("EVENT").asText());
        assertTrue(rows.get(0).get("SETUP_EPN").isNull());
        assertEquals(3, rows.get(0).get("PLY_COUNT").asInt());
        assertEquals("CENTRE_FIRST_ENTRY", rows.get(1).get("EVENT").asText());
    }

    @Test
    void sqlRefusesAStatementThatWritesWithAClearMessageAndChangesNothing() throws IOException {
        String db = importedRuleBreaches();

        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "DELETE FROM game");

        assertEquals(1, r.exitCode());
        assertEquals("", r.out());
        assertEquals("emergo sql: refused: the database is opened read-only, only one SELECT, WITH, VALUES, TABLE, "
                + "SHOW or EXPLAIN query is allowed (this is a DELETE statement)", r.err().strip());

        CommandLineRun second = CommandLineRun.run("sql", "--db", db, "SELECT 1; DROP TABLE game");
        assertEquals(1, second.exitCode());
        assertTrue(second.err().contains("more than one statement"), second::err);

        assertEquals(List.of(List.of(Integer.toString(RULE_BREACH_GAMES))), sql(db, "SELECT COUNT(*) FROM game"));
    }

    @Test
    void sqlReadsTheQueryFromAFile() throws IOException {
        String db = importedRuleBreaches();
        Path query = write(dir.resolve("query.sql"), """
                -- the games Aster, Ada played as White
                SELECT event
                FROM game
                WHERE white = 'Aster, Ada'
                ORDER BY id;
                """);

        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--format", "csv", "--file", query.toString());

        assertEquals(0, r.exitCode(), r::err);
        assertEquals("EVENT\r\nREVERSE_JUMP\r\nMISSED_CAPTURE\r\n", r.out());
    }

    @Test
    void sqlWithNeitherQueryNorFileIsABadUsage() throws IOException {
        String db = importedRuleBreaches();
        CommandLineRun r = CommandLineRun.run("sql", "--db", db);
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("give either QUERY, --file FILE or --schema"), r::err);
    }

    @Test
    void checkSaysInOneLineWhetherTheFileIsSoundAndWhichGamesDiffer() throws Exception {
        String db = importedRuleBreaches();
        CommandLineRun sound = CommandLineRun.run("check", "--db", db);
        assertEquals(0, sound.exitCode(), sound::err);
        assertTrue(sound.out().matches("sound: \\d+ tables \\([\\d,]+ rows\\), \\d+ indexes and 15 games read;"
                + " every game matches what its import stored\\R"), sound.out());

        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db, "sa", "")) {
            c.createStatement().executeUpdate("UPDATE game SET black = 'Someone else' WHERE id = 2");
        }
        CommandLineRun altered = CommandLineRun.run("check", "--db", db);
        assertEquals(1, altered.exitCode());
        assertEquals("emergo check: " + db + " is damaged: 1 game differs from what its import stored (2);"
                + " run emergo repair to save what is sound", altered.err().strip());
    }

    @Test
    void repairOfASoundFileSaysSoAndLeavesItAsItIs() throws Exception {
        String db = importedRuleBreaches();
        byte[] before = Files.readAllBytes(Path.of(db + ".mv.db"));
        CommandLineRun r = CommandLineRun.run("repair", "--db", db);
        assertEquals(0, r.exitCode(), r::err);
        assertEquals(db + " is sound (emergo check finds nothing damaged): nothing to repair, the file is left as it is",
                r.out().strip());
        assertTrue(Arrays.equals(before, Files.readAllBytes(Path.of(db + ".mv.db"))), "the file is as it was");
    }

    @Test
    void noThreadsIsABadUsageOfEveryJobThatTakesThem() throws IOException {
        String db = importedRuleBreaches();
        for (String command : List.of("analyze", "review", "puzzles")) {
            CommandLineRun r = CommandLineRun.run(command, "--db", db, "--threads", "0");
            assertEquals(2, r.exitCode(), command);
            assertTrue(r.err().contains("--threads must be 1 or more, not 0"), r::err);
        }
    }

    @Test
    void sqlSchemaListsEveryTableWithItsColumnsTypesAndDescriptions() throws IOException {
        String db = importedRuleBreaches();

        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--schema");

        assertEquals(0, r.exitCode(), r::err);
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.contains("game: one row per distinct game: the standard tags, the moves as written, where it came from"),
                r::out);
        assertTrue(lines.stream().anyMatch(l -> l.matches("  white +VARCHAR\\(100000\\) +the White player's name as written")),
                r::out);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("position_board (view): ")), r::out);

        CommandLineRun json = CommandLineRun.run("sql", "--db", db, "--schema", "--format", "json");
        assertEquals(0, json.exitCode(), json::err);
        JsonNode rows = new ObjectMapper().readTree(json.out());
        JsonNode e5 = null;
        for (JsonNode row : rows) {
            assertFalse(row.get("description").isNull(), row::toString);
            if (row.get("table_name").asText().equals("position_board") && row.get("column_name").asText().equals("e5")) e5 = row;
        }
        assertNotNull(e5);
        assertEquals("view", e5.get("kind").asText());
        assertEquals("INTEGER", e5.get("type").asText());
    }

    @Test
    void sqlBindsParametersGivenOnTheCommandLineAndKeepsHostileValuesAsData() throws IOException {
        String db = importedRuleBreaches();
        Path query = write(dir.resolve("by-white.sql"), """
                -- The events a player played as White.
                -- :player = 'Aster, Ada' the player
                SELECT event FROM game WHERE white = :player ORDER BY id;
                """);

        CommandLineRun byDefault = CommandLineRun.run("sql", "--db", db, "--format", "csv", "--file", query.toString());
        assertEquals(0, byDefault.exitCode(), byDefault::err);
        assertEquals("EVENT\r\nREVERSE_JUMP\r\nMISSED_CAPTURE\r\n", byDefault.out());

        CommandLineRun given = CommandLineRun.run("sql", "--db", db, "--format", "csv", "--file", query.toString(),
                "--param", "player=Castell, Cora");
        CommandLineRun written = CommandLineRun.run("sql", "--db", db, "--format", "csv",
                "SELECT event FROM game WHERE white = 'Castell, Cora' ORDER BY id");
        assertEquals(0, given.exitCode(), given::err);
        assertEquals(written.out(), given.out());
        assertTrue(given.out().lines().count() > 1, given::out);

        CommandLineRun hostile = CommandLineRun.run("sql", "--db", db, "--format", "csv", "--file", query.toString(),
                "--param", "player=x' OR '1'='1");
        assertEquals(0, hostile.exitCode(), hostile::err);
        assertEquals("EVENT\r\n", hostile.out());

        CommandLineRun unknown = CommandLineRun.run("sql", "--db", db, "--file", query.toString(), "--param", "colour=w");
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().contains("the query has no parameter :colour (it has :player)"), unknown::err);
    }

    @Test
    void sqlSchemaWithAQueryIsABadUsage() throws IOException {
        String db = importedRuleBreaches();
        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--schema", "SELECT 1");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("give either QUERY, --file FILE or --schema"), r::err);
    }

    // ---- analyze ----

    @Test
    void analyzeReplaysOnlyNewGamesAndAllOfThemAgainWithTheSameFindings() throws IOException {
        String db = importedRuleBreaches();
        String findingRows = "SELECT game_id, ply, code, player, move_text, expected, expected_count, message "
                + "FROM finding ORDER BY game_id, ply, code";
        String counts = "SELECT (SELECT COUNT(*) FROM analysis), (SELECT COUNT(*) FROM position), "
                + "(SELECT COUNT(*) FROM finding), (SELECT COUNT(*) FROM shadowpiece)";

        CommandLineRun first = CommandLineRun.run("analyze", "--db", db);
        assertEquals(0, first.exitCode(), first::err);
        assertEquals("analysed 15 games, 42 plies: 11 findings", first.out().lines().findFirst().orElseThrow());
        List<List<String>> findings = sql(db, findingRows);
        List<List<String>> rowCounts = sql(db, counts);
        assertEquals(List.of(List.of("15", "57", "11", "1")), rowCounts);

        CommandLineRun second = CommandLineRun.run("analyze", "--db", db);
        assertEquals(0, second.exitCode(), second::err);
        assertEquals("analysed 0 games, 0 plies: 0 findings", second.out().strip());

        CommandLineRun all = CommandLineRun.run("analyze", "--db", db, "--all");
        assertEquals(0, all.exitCode(), all::err);
        assertEquals(first.out(), all.out());
        assertEquals(findings, sql(db, findingRows));
        assertEquals(rowCounts, sql(db, counts));
    }

    // ---- review ----

    @Test
    void reviewJudgesEachGameUpToTheMoveWhoseFindingTheAnalysisReportsAndOnlyOnce() throws IOException {
        String db = importedRuleBreaches();
        assertEquals(0, CommandLineRun.run("analyze", "--db", db).exitCode());

        CommandLineRun first = CommandLineRun.run("review", "--db", db, "--depth", "2");
        assertEquals(0, first.exitCode(), first::err);
        List<List<String>> positions = sql(db, "SELECT COUNT(*) FROM review_ply");
        List<List<String>> stopped = sql(db, "SELECT COUNT(*) FROM review WHERE stopped_at_ply IS NOT NULL");
        assertEquals("reviewed 15 games, " + positions.get(0).get(0) + " positions at depth=2",
                first.out().lines().findFirst().orElseThrow());
        assertEquals("  " + stopped.get(0).get(0) + " games judged up to a move the rules refuse (emergo analyze names it)",
                first.out().lines().skip(1).findFirst().orElseThrow());
        // the review stops at the ply of each game's first finding that is a refused move
        assertEquals(sql(db, "SELECT g.id, (SELECT MIN(f.ply) FROM finding f WHERE f.game_id = g.id"
                        + " AND f.code <> 'RESULT_MISMATCH') FROM game g ORDER BY g.id"),
                sql(db, "SELECT game_id, stopped_at_ply FROM review ORDER BY game_id"));

        CommandLineRun second = CommandLineRun.run("review", "--db", db, "--depth", "2");
        assertEquals(0, second.exitCode(), second::err);
        assertEquals("reviewed 0 games, 0 positions at depth=2", second.out().lines().findFirst().orElseThrow());
        assertTrue(second.out().contains("at depth=2 the database holds 15 reviewed games: "), second.out());
    }

    @Test
    void anAnnotatedExportSignsEachReviewedMoveByItsClassAndImportsBackAsTheSameGames() throws IOException {
        Path in = Files.createDirectory(dir.resolve("in"));
        copySample("club-games.csv", in);
        String a = db("a");
        assertEquals(0, CommandLineRun.run("import", "--db", a, in.toString()).exitCode());
        assertEquals(0, CommandLineRun.run("analyze", "--db", a).exitCode());
        CommandLineRun review = CommandLineRun.run("review", "--db", a, "--depth", "2");
        assertEquals(0, review.exitCode(), review::err);

        CommandLineRun export = CommandLineRun.run("export", "--db", a, "--annotate");
        assertEquals(0, export.exitCode(), export::err);
        assertTrue(export.out().contains("{[%eval "), "each move's score as lichess writes it");
        Path annotated = write(dir.resolve("annotated.egn"), export.out());
        String b = db("b");
        CommandLineRun reimported = CommandLineRun.run("import", "--db", b, annotated.toString());
        assertEquals("imported 12 games from 1 file: 0 duplicates, 0 errors, 0 warnings", reimported.out().strip(),
                reimported::err);
        CommandLineRun back = CommandLineRun.run("import", "--db", a, annotated.toString());
        assertEquals("imported 0 games from 1 file: 12 duplicates, 0 errors, 0 warnings", back.out().strip());

        // each move read back carries the sign of its class: ?!, ? or ??, and none for a good move
        // (a move whose record already had a sign keeps that one)
        Map<String, List<String>> classes = new HashMap<>();
        for (List<String> row : sql(a, "SELECT g.fingerprint, r.move_class FROM review_ply r JOIN game g ON g.id = r.game_id"
                + " WHERE r.played IS NOT NULL ORDER BY g.fingerprint, r.ply")) {
            classes.computeIfAbsent(row.get(0), k -> new ArrayList<>()).add(row.get(1));
        }
        Map<String, List<String>> written = new HashMap<>();
        for (List<String> row : sql(a, "SELECT fingerprint, moves FROM game")) written.put(row.get(0), List.of(row.get(1).split(" ")));
        int signed = 0;
        for (List<String> row : sql(b, "SELECT fingerprint, moves FROM game")) {
            List<String> moves = List.of(row.get(1).split(" "));
            List<String> judged = classes.get(row.get(0));
            assertEquals(written.get(row.get(0)).size(), moves.size());
            for (int i = 0; i < judged.size(); i++) {
                String before = written.get(row.get(0)).get(i);
                if (before.endsWith("?") || before.endsWith("!")) {
                    assertEquals(before, moves.get(i));
                    continue;
                }
                String sign = switch (judged.get(i)) {
                    case "inaccuracy" -> "?!";
                    case "mistake" -> "?";
                    case "blunder" -> "??";
                    default -> "";
                };
                assertEquals(before + sign, moves.get(i), "move " + (i + 1) + " of " + row.get(0));
                if (!sign.isEmpty()) signed++;
            }
        }
        assertTrue(signed > 0, "the review of the club games marks some moves");

        // the game page's download is the same text as the export of that one game
        String id = sql(a, "SELECT MIN(game_id) FROM review").get(0).get(0);
        CommandLineRun one = CommandLineRun.run("export", "--db", a, "--annotate", "--where", "id = " + id);
        try (Database database = Database.open(a);
                ViewerServer server = ViewerServer.start(database, "127.0.0.1", 0, ServeCommand.RECORDS)) {
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<String> page = client.send(HttpRequest.newBuilder(URI.create(server.url() + "game/" + id)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertTrue(page.body().contains("<a id=\"download\" href=\"/game/" + id + ".egn\""), page.body());
            HttpResponse<String> file = client.send(HttpRequest.newBuilder(URI.create(server.url() + "game/" + id + ".egn")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, file.statusCode());
            assertEquals("attachment; filename=\"game-" + id + ".egn\"", file.headers().firstValue("Content-Disposition").orElse(""));
            assertEquals(one.out(), file.body());
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void reviewTakesADepthOrANodeBudgetAndRefusesBoth() throws IOException {
        String db = importedRuleBreaches();
        CommandLineRun both = CommandLineRun.run("review", "--db", db, "--depth", "3", "--nodes", "1000");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("mutually exclusive"), both::err);
        CommandLineRun zero = CommandLineRun.run("review", "--db", db, "--depth", "0");
        assertEquals(2, zero.exitCode());
        assertTrue(zero.err().startsWith("--depth must be 1 to 30, not 0"), zero::err);
        CommandLineRun nodes = CommandLineRun.run("review", "--db", db, "--nodes", "500", "--where", "id < 0");
        assertEquals(0, nodes.exitCode(), nodes::err);
        assertEquals("reviewed 0 games, 0 positions at nodes=500", nodes.out().lines().findFirst().orElseThrow());
    }

    @Test
    void reviewRefusesAConditionThatWritesInOneLine() throws IOException {
        String db = importedRuleBreaches();
        CommandLineRun r = CommandLineRun.run("review", "--db", db, "--where", "1 = 1; DELETE FROM game");
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().lines().count(), r::err);
        assertTrue(r.err().startsWith("emergo review: refused"), r::err);
        assertEquals(List.of(List.of("15")), sql(db, "SELECT COUNT(*) FROM game"));
    }

    @Test
    void analyzeFindsInEachRuleBreachGameExactlyTheCodeItsEventNames() throws IOException {
        String db = importedRuleBreaches();
        assertEquals(0, CommandLineRun.run("analyze", "--db", db).exitCode());

        List<List<String>> rows = sql(db, "SELECT g.event, COUNT(f.id), MIN(f.code), MAX(f.code) "
                + "FROM game g LEFT JOIN finding f ON f.game_id = g.id GROUP BY g.id, g.event ORDER BY g.id");

        List<String> clean = List.of("Worked example of the rules", "Short capture notation", "Draw by repetition",
                "A shadowpiece taken");
        assertEquals(RULE_BREACH_GAMES, rows.size());
        List<String> named = new ArrayList<>();
        for (List<String> row : rows) {
            String event = row.get(0);
            if (clean.contains(event)) {
                assertEquals(List.of(event, "0", "", ""), row);
            } else {
                assertEquals(List.of(event, "1", event, event), row);
                named.add(event);
            }
        }
        assertEquals(FINDING_CODES.stream().sorted().toList(), named.stream().sorted().toList());
    }

    @Test
    void analyzeStoresTheFindingDetailsOfTheRuleBreachGames() throws IOException {
        String db = importedRuleBreaches();
        assertEquals(0, CommandLineRun.run("analyze", "--db", db).exitCode());

        assertEquals(List.of(
                        List.of("MISSED_MAJORITY", "2", "b", "e5xe3?", "h4xf4xd4"),
                        List.of("REVERSE_JUMP", "1", "w", "c5xe5xc5", "c5xe5"),
                        List.of("MISSED_CAPTURE", "1", "w", "c3", "e4xe6"),
                        List.of("MOVE_WHILE_IN_HAND", "3", "w", "e4-f4", ""),
                        List.of("CENTRE_FIRST_ENTRY", "1", "w", "e5", ""),
                        List.of("FEEDING_ENTRY", "2", "b", "e5", ""),
                        List.of("NOT_ON_BOARD", "2", "b", "a1", ""),
                        List.of("UNPLAYABLE", "2", "b", "e4", ""),
                        List.of("AMBIGUOUS_MOVE", "1", "w", "c3g7x", ""),
                        List.of("MOVES_AFTER_END", "4", "b", "e9", ""),
                        List.of("RESULT_MISMATCH", "3", "b", "0-1", "1-0")),
                sql(db, "SELECT f.code, f.ply, f.player, f.move_text, f.expected FROM finding f ORDER BY f.game_id"));
        // Replays that stop (docs/findings.md#how-a-game-is-checked) stop at the finding; the others go on to the end.
        assertEquals(List.of(
                        List.of("NOT_ON_BOARD", "1", "2"),
                        List.of("UNPLAYABLE", "1", "2"),
                        List.of("AMBIGUOUS_MOVE", "0", "1"),
                        List.of("MOVES_AFTER_END", "3", "4")),
                sql(db, "SELECT g.event, a.plies_replayed, a.stopped_at_ply FROM analysis a JOIN game g ON g.id = a.game_id "
                        + "WHERE a.stopped_at_ply IS NOT NULL ORDER BY g.id"));
    }

    @Test
    void theWorkedExampleReplaysThroughThePositionsOfTheRuleBook() throws IOException {
        String db = importedRuleBreaches();
        assertEquals(0, CommandLineRun.run("analyze", "--db", db).exitCode());

        List<List<String>> expected = List.of(
                List.of("0", "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2", "f4-e4", "", "", ""),
                List.of("1", "b 0 0 c5:b d6:b e4:w4 e5:b g4:w h4:b2", "h4xf4xd4", "4", "", ""),
                List.of("2", "w 0 0 c5:b d4:b2w2 d6:b e4:w3 e5:b", "e4xc4xc6xe6xe4xc4", "3", "-4", ""),
                List.of("3", "b 0 0 c4:w3b5 d4:w2", "", "", "2", "8"));
        String positions = "SELECT p.ply, p.epn, p.next_move, b.e4, b.d4, b.c4 FROM position p "
                + "JOIN position_board b ON b.game_id = p.game_id AND b.ply = p.ply "
                + "JOIN game g ON g.id = p.game_id WHERE g.event = '%s' ORDER BY p.ply";
        assertEquals(expected, sql(db, positions.formatted("Worked example of the rules")));
        // The same game in short capture notation is read as the same moves.
        assertEquals(expected, sql(db, positions.formatted("Short capture notation")));
        assertEquals(List.of(
                        List.of("Worked example of the rules", "1-0", "loss with no pieces", "3"),
                        List.of("Short capture notation", "1-0", "loss with no pieces", "3"),
                        List.of("Draw by repetition", "1/2-1/2", "draw by repetition", "8")),
                sql(db, "SELECT g.event, a.result_by_rule, a.termination, a.end_ply FROM analysis a "
                        + "JOIN game g ON g.id = a.game_id WHERE a.end_ply IS NOT NULL AND a.findings = 0 ORDER BY g.id"));
        assertEquals(List.of(List.of("A shadowpiece taken", "1", "b", "e5", "2", "2", "8", "taken")),
                sql(db, "SELECT g.event, s.ply, s.player, s.square, s.size, s.times_jumped, s.end_ply, s.fate "
                        + "FROM shadowpiece s JOIN game g ON g.id = s.game_id"));
    }

    // ---- demo ----

    @Test
    void demoImportsAndAnalysesTheSamplesAndNamesEveryFindingCode() throws IOException {
        Path samples = Files.createDirectory(dir.resolve("samples"));
        copySample("rule-breaches.egn", samples);
        String db = db("demo");

        CommandLineRun r = CommandLineRun.run("demo", "--no-serve", "--db", db, "--samples", samples.toString());

        assertEquals(0, r.exitCode(), r::err);
        assertTrue(r.out().contains("imported 15 games from 1 file: 0 duplicates, 0 errors, 0 warnings"), r::out);
        assertTrue(r.out().contains("analysed 15 games, 42 plies: 11 findings"), r::out);
        // the hand-made games are also reviewed and mined, so that the viewer shows a review at once
        assertTrue(r.out().contains("reviewed 15 games; mined 15 games: "), r::out);
        assertEquals(List.of(List.of("15", "15")), sql(db, "SELECT (SELECT COUNT(*) FROM review), (SELECT COUNT(*) FROM puzzle_mined)"));
        for (String code : FINDING_CODES) {
            assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s+" + code + "\\s+1")), () -> code + " in " + r.out());
        }

        CommandLineRun again = CommandLineRun.run("demo", "--no-serve", "--db", db, "--samples", samples.toString());
        assertEquals(0, again.exitCode(), again::err);
        assertTrue(again.out().contains("1 file imported before"), again::out);
        assertTrue(again.out().contains("analysed 0 games, 0 plies: 0 findings"), again::out);
        assertTrue(again.out().contains("reviewed 0 games; mined 0 games: "), again::out);
    }

    @Test
    void demoReadsTheRecordsOfTheSamplesFolderAndNotItsReadme() throws IOException {
        Path samples = Files.createDirectory(dir.resolve("samples"));
        copySample("rule-breaches.egn", samples);
        copySample("README.md", samples);

        CommandLineRun r = CommandLineRun.run("demo", "--no-serve", "--db", db("demo"), "--samples", samples.toString());

        assertEquals(0, r.exitCode(), r::err);
        assertTrue(r.out().contains("imported 15 games from 1 file: 0 duplicates, 0 errors, 0 warnings\n"), r::out);
        assertFalse(r.out().contains("skipped"), r::out);
    }

    @Test
    void demoHintsNameTheDatabaseAndQueryFilesByAbsolutePathsSoTheyWorkFromAnyFolder() throws IOException {
        Path samples = Files.createDirectory(dir.resolve("samples"));
        copySample("rule-breaches.egn", samples);

        CommandLineRun r = CommandLineRun.run("demo", "--no-serve", "--db", db("demo"), "--samples", samples.toString());

        assertEquals(0, r.exitCode(), r::err);
        List<String> hints = r.out().lines().dropWhile(l -> !l.startsWith("More: ")).toList();
        assertEquals(4, hints.size(), r::out);
        for (String hint : hints) {
            Matcher m = Pattern.compile("(\\S+) (sql|export|review) --db (\\S+)").matcher(hint);
            assertTrue(m.find(), hint);
            assertTrue(m.group(1).equals("emergo") || Path.of(m.group(1)).isAbsolute(), hint);
            assertEquals(db("demo"), m.group(3), hint);
        }
        Matcher file = Pattern.compile("--file (\\S+)").matcher(hints.get(0));
        assertTrue(file.find(), hints.get(0));
        assertTrue(Path.of(file.group(1)).isAbsolute(), hints.get(0));
    }

    @Test
    void demoWithoutSampleGamesIsABadUsage() {
        CommandLineRun r = CommandLineRun.run("demo", "--no-serve", "--db", db("demo"), "--samples",
                dir.resolve("nothing-here").toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("no sample games at"), r::err);
    }

    // ---- a database that is not there ----

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sql", "export", "analyze", "review"})
    void aCommandThatReadsADatabaseSaysThereIsNoneAtAMistypedPathAndCreatesNothing(String command) {
        Path folder = dir.resolve("typo");
        String db = folder.resolve("nonexist").toString();
        String[] args = command.equals("sql") ? new String[] {command, "--db", db, "SELECT COUNT(*) FROM game"}
                : new String[] {command, "--db", db};

        CommandLineRun r = CommandLineRun.run(args);

        assertEquals(1, r.exitCode(), r::err);
        assertEquals("", r.out());
        assertEquals(List.of("emergo " + command + ": no database at " + db + " (there is no nonexist.mv.db); "
                + "make one with: emergo import --db " + db + " FILE..."), r.err().lines().toList());
        assertFalse(Files.exists(folder), "created " + folder);
    }

    @Test
    void aCommandThatReadsADatabaseSaysThereIsNoneBesideAnExistingOne() throws IOException {
        String db = importedRuleBreaches();
        String other = db + "-other";

        CommandLineRun r = CommandLineRun.run("sql", "--db", other, "SELECT 1");

        assertEquals(1, r.exitCode(), r::err);
        assertTrue(r.err().startsWith("emergo sql: no database at " + other + " "), r::err);
        assertFalse(Files.exists(Path.of(other + ".mv.db")));
        assertEquals(0, CommandLineRun.run("sql", "--db", db + ".mv.db", "SELECT 1").exitCode(), "the file's own name works too");
    }

    @Test
    void sqlWithAQueryFileThatIsNotThereSaysSoInOneLine() throws IOException {
        String db = importedRuleBreaches();
        Path missing = dir.resolve("missing.sql");

        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--file", missing.toString());

        assertEquals(1, r.exitCode(), r::err);
        assertEquals("", r.out());
        assertEquals(List.of("emergo sql: cannot read " + missing + ": no such file"), r.err().lines().toList());
    }

    // ---- standard input ----

    @Test
    void importDashReadsEgnFromStandardInput() throws IOException {
        String db = db("a");
        String egn = new String(Files.readAllBytes(sampleGames().resolve("rule-breaches.egn")), StandardCharsets.UTF_8);

        CommandLineRun r = CommandLineRun.withInput(egn, "import", "--db", db, "-");

        assertEquals(0, r.exitCode(), r::err);
        assertEquals("imported 15 games from 1 file: 0 duplicates, 0 errors, 0 warnings", r.out().strip());
        assertEquals(List.of(List.of("<stdin>", "15")), sql(db, "SELECT path, games FROM source_file"));

        CommandLineRun again = CommandLineRun.withInput(egn, "import", "--db", db, "-");
        assertEquals(0, again.exitCode(), again::err);
        assertTrue(again.out().contains("1 file imported before"), again::out);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"club-games.csv", "abstractplay-ladder.json"})
    void importDashTellsCsvAndAbstractPlayJsonFromTheirContent(String sample) throws IOException {
        String db = db("a");
        String text = Files.readString(sampleGames().resolve(sample), StandardCharsets.UTF_8);

        CommandLineRun r = CommandLineRun.withInput(text, "import", "--db", db, "-");
        CommandLineRun named = CommandLineRun.run("import", "--db", db("b"), sampleGames().resolve(sample).toString());

        assertEquals(named.exitCode(), r.exitCode(), r::err);
        assertTrue(r.out().startsWith("imported " + (sample.endsWith(".csv") ? 12 : 6) + " games from 1 file"), r::out);
        assertEquals(named.out(), r.out());
        assertEquals(named.err().replace(sampleGames().resolve(sample).toString(), "<stdin>"), r.err());
    }

    @Test
    void importDashOfTextInNoKnownFormatIsAnErrorNamingStandardInput() {
        CommandLineRun r = CommandLineRun.withInput("hello, world\n", "import", "--db", db("a"), "-");

        assertEquals(1, r.exitCode());
        assertTrue(r.err().startsWith("<stdin>:"), r::err);
        assertTrue(r.err().contains("cannot tell the format"), r::err);
    }

    // ---- helpers ----

    /** An H2 file in the temporary folder. */
    private String db(String name) {
        return dir.resolve("db").resolve(name).toString();
    }

    /** A database holding rule-breaches.egn. */
    private String importedRuleBreaches() throws IOException {
        Path in = Files.createDirectories(dir.resolve("samples"));
        Path file = copySample("rule-breaches.egn", in);
        String db = db("rules");
        CommandLineRun r = CommandLineRun.run("import", "--db", db, file.toString());
        assertEquals(0, r.exitCode(), r::err);
        return db;
    }

    /** The rows of a query run by {@code emergo sql --format csv}, without the header; NULL is "". */
    private static List<List<String>> sql(String db, String query) throws IOException {
        CommandLineRun r = CommandLineRun.run("sql", "--db", db, "--format", "csv", query);
        assertEquals(0, r.exitCode(), () -> query + ": " + r.err());
        List<List<String>> rows = new ArrayList<>();
        for (CSVRecord record : CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(r.out()))) {
            rows.add(record.toList());
        }
        return rows;
    }

    private static Path write(Path file, String text) throws IOException {
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static Path copySample(String name, Path folder) throws IOException {
        return Files.copy(sampleGames().resolve(name), folder.resolve(name));
    }

    /** sample-games of the project: tests run in the module's folder, one below it. */
    private static Path sampleGames() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("sample-games"))) return p.resolve("sample-games");
        }
        throw new UncheckedIOException(new IOException("no sample-games folder above " + Path.of("").toAbsolutePath()));
    }
}
