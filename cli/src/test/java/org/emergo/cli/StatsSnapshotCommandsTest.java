package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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

/**
 * The statistics page's figures stored by the commands that change them, in-process on an H2
 * file: import, analyze and review each store the part they changed with the counts of the
 * database then, and a run that changed nothing leaves a part that holds as it is.
 */
class StatsSnapshotCommandsTest {

    private static final String GAMES = """
            [White "Aster, Ada"]
            [Black "Brand, Bram"]
            [Result "1-0"]

            1. e4 e6 1-0

            [White "Brand, Bram"]
            [Black "Castell, Cora"]
            [Result "0-1"]

            1. e4 e6 2. e5 0-1
            """;

    private static final String PARTS = "SELECT part, games, analysed, reviews, computed_at FROM stats_snapshot ORDER BY part";

    @TempDir
    Path dir;

    @Test
    void importAnalyzeAndReviewEachStoreThePartTheyChangedAndARunThatChangedNothingKeepsIt() throws IOException {
        Path file = Files.writeString(dir.resolve("club.egn"), GAMES, StandardCharsets.UTF_8);
        String db = dir.resolve("club").toString();
        run("import", "--db", db, file.toString());
        List<List<String>> imported = sql(db, PARTS);
        assertEquals(List.of(List.of("games", "2", "0", "0"), List.of("reviews", "2", "0", "0")), counts(imported));

        run("analyze", "--db", db);
        List<List<String>> analysed = sql(db, PARTS);
        assertEquals(List.of(List.of("games", "2", "2", "0"), List.of("reviews", "2", "0", "0")), counts(analysed));
        assertNotEquals(imported.get(0).get(4), analysed.get(0).get(4), "the games' part stored again");
        assertEquals(imported.get(1).get(4), analysed.get(1).get(4), "the reviews' part kept: no review changed");

        run("review", "--db", db, "--depth", "1");
        List<List<String>> reviewed = sql(db, PARTS);
        assertEquals(List.of(List.of("games", "2", "2", "0"), List.of("reviews", "2", "2", "2")), counts(reviewed));
        assertEquals(analysed.get(0).get(4), reviewed.get(0).get(4));

        run("review", "--db", db, "--depth", "1");
        run("analyze", "--db", db);
        assertEquals(reviewed, sql(db, PARTS), "nothing changed: nothing stored");

        run("analyze", "--db", db, "--all");
        List<List<String>> again = sql(db, PARTS);
        assertNotEquals(reviewed.get(0).get(4), again.get(0).get(4), "every game analysed again: stored again");
        assertEquals(reviewed.get(1), again.get(1));
    }

    private static void run(String... args) {
        CommandLineRun r = CommandLineRun.run(args);
        assertEquals(0, r.exitCode(), r::err);
    }

    /** The rows without their time. */
    private static List<List<String>> counts(List<List<String>> rows) {
        return rows.stream().map(r -> r.subList(0, 4)).toList();
    }

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
