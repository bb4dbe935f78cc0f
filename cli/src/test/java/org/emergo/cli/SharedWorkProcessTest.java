package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.store.analysis.AnalysisJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20: several {@code analyze} and {@code review} processes on one PostgreSQL database
 * share its pending games: together they store exactly the tables one process stores, each
 * game done by one of them, and the games a killed process held are done by the other. Issue
 * 30: on a run large enough to suspend the indexes (a bulk run), one process suspends and
 * rebuilds them, and neither fails: the indexes come out as one process leaves them.
 */
class SharedWorkProcessTest {

    private static final Pattern ANALYSED = Pattern.compile("analysed (\\d+) games?, .*");
    private static final Pattern REVIEWED = Pattern.compile("reviewed (\\d+) games?, .*");
    /** A bulk run, and one batch of 250 more: enough for two processes to hold some each. */
    private static final int GAMES = AnalysisJob.BULK_GAMES + AnalysisJob.BATCH;
    private static final int REVIEWED_GAMES = 40;
    private static final List<String> FIGURES = List.of("capture_length", "tall_column", "capture_chance", "game_stage");

    @TempDir
    static Path dir;

    private static Path games;
    private static Path fewGames;
    private static Map<String, List<String>> clean;

    @BeforeAll
    static void analyseOnceInOneProcess() throws IOException {
        games = Files.writeString(dir.resolve("games.egn"), generate(GAMES, 61));
        fewGames = Files.writeString(dir.resolve("few.egn"), generate(REVIEWED_GAMES, 62));
        String db = imported(games, "clean");
        EmergoProcess.Result r = EmergoProcess.run(dir, "analyze", "--db", db, "--threads", "2");
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        clean = analysisTables(db);
    }

    @Test
    void twoAnalysesAtOnceStoreWhatOneStoresEachGameOnce() {
        String db = imported(games, "together");
        EmergoProcess a = EmergoProcess.start(dir, "analyze", "--db", db, "--threads", "2");
        EmergoProcess b = EmergoProcess.start(dir, "analyze", "--db", db, "--threads", "2");
        EmergoProcess.Result ra = a.finish();
        EmergoProcess.Result rb = b.finish();
        assertEquals(0, ra.exitCode(), String.join("\n", ra.err()));
        assertEquals(0, rb.exitCode(), String.join("\n", rb.err()));
        assertEquals(GAMES, count(ANALYSED, ra) + count(ANALYSED, rb), "each game replayed by one of them");
        DatabaseContents.assertSameContents(clean, analysisTables(db));
    }

    /**
     * A stops right after its first commit while it holds the next two batches (games 251 to
     * 750, with two threads), and the indexes of its bulk run; B takes the games after those, waits for A's, and does them once
     * A is killed: its claims die with its session.
     */
    @Test
    void theGamesOfAKilledAnalysisAreDoneByTheOther() {
        String db = imported(games, "killed");
        EmergoProcess a = EmergoProcess.startPausedAt(dir, "analyze: 250 games stored", "analyze", "--db", db,
                "--threads", "2");
        a.awaitErrLine("analyze: 250 games stored");
        EmergoProcess b = EmergoProcess.start(dir, "analyze", "--db", db, "--threads", "2");
        b.awaitErrLine("analyze: " + (GAMES - 750) + " games stored"); // all but A's: B now waits for them
        a.signal("KILL");
        assertEquals(137, a.finish().exitCode());
        EmergoProcess.Result rb = b.finish();
        assertEquals(0, rb.exitCode(), String.join("\n", rb.err()));
        assertEquals(GAMES - 250, count(ANALYSED, rb), "B did every game A did not store");
        DatabaseContents.assertSameContents(clean, analysisTables(db));
    }

    @Test
    void twoReviewsAtOnceStoreWhatOneStoresEachGameOnce() {
        String one = imported(fewGames, "review-one");
        EmergoProcess.Result r = EmergoProcess.run(dir, "review", "--db", one, "--depth", "2", "--threads", "1");
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));

        String db = imported(fewGames, "review-together");
        EmergoProcess a = EmergoProcess.start(dir, "review", "--db", db, "--depth", "2", "--threads", "1");
        EmergoProcess b = EmergoProcess.start(dir, "review", "--db", db, "--depth", "2", "--threads", "1");
        EmergoProcess.Result ra = a.finish();
        EmergoProcess.Result rb = b.finish();
        assertEquals(0, ra.exitCode(), String.join("\n", ra.err()));
        assertEquals(0, rb.exitCode(), String.join("\n", rb.err()));
        assertEquals(REVIEWED_GAMES, count(REVIEWED, ra) + count(REVIEWED, rb), "each game reviewed by one of them");
        DatabaseContents.assertSameContents(DatabaseContents.ofReview(one), DatabaseContents.ofReview(db));
    }

    @Test
    void aSecondAnalyseAllIsRefusedWhileOneRuns() {
        String db = imported(games, "all");
        EmergoProcess a = EmergoProcess.startPausedAt(dir, "analyze: 250 games stored", "analyze", "--all", "--db", db,
                "--threads", "2");
        a.awaitErrLine("analyze: 250 games stored");
        EmergoProcess.Result b = EmergoProcess.run(dir, "analyze", "--all", "--db", db);
        a.signal("KILL");
        a.finish();
        assertEquals(1, b.exitCode(), b.out());
        assertEquals(List.of("emergo analyze: another emergo analyze --all is running on this database: let it finish"), b.err());
    }

    private static Map<String, List<String>> analysisTables(String db) {
        Map<String, List<String>> tables = new LinkedHashMap<>(DatabaseContents.of(db, true));
        tables.putAll(DatabaseContents.ofGameTables(db, FIGURES));
        tables.put("the indexes", DatabaseContents.postgresIndexes(db));
        return tables;
    }

    private static long count(Pattern summary, EmergoProcess.Result r) {
        Matcher m = summary.matcher(r.out().lines().findFirst().orElse(""));
        assertTrue(m.matches(), r.out());
        return Long.parseLong(m.group(1));
    }

    private static String imported(Path file, String name) {
        String db = TestStores.POSTGRES.newDatabase(dir, name);
        EmergoProcess.Result r = EmergoProcess.run(dir, "import", "--db", db, file.toString());
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        return db;
    }

    private static String generate(int count, int seed) {
        EmergoProcess.Result r = EmergoProcess.run(dir, "generate", "--games", Integer.toString(count), "--seed",
                Integer.toString(seed));
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        return r.out();
    }
}
