package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.store.analysis.AnalysisJob;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 20: several {@code analyze} and {@code review} processes on one PostgreSQL database
 * share its pending games: together they store exactly the tables one process stores, each
 * game done by one of them, and the games a killed process held are done by the other. Issue
 * 30: on a run large enough to suspend the indexes (a bulk run), one process suspends and
 * rebuilds them, and neither fails: the indexes come out as one process leaves them. And the
 * same on an H2 file that the viewer holds and serves to them (H2's mixed mode): without their
 * claims in the file, two analyses there did the same games and one failed on a duplicate key.
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
    private static final Map<TestStores, Map<String, List<String>>> CLEAN = new EnumMap<>(TestStores.class);
    private static final Map<String, String> IMPORTED = new java.util.HashMap<>();

    @BeforeAll
    static void writeTheGames() throws IOException {
        games = Files.writeString(dir.resolve("games.egn"), generate(GAMES, 61));
        fewGames = Files.writeString(dir.resolve("few.egn"), generate(REVIEWED_GAMES, 62));
    }

    /** The tables one analysis in one process stores. */
    private static synchronized Map<String, List<String>> clean(TestStores store) {
        return CLEAN.computeIfAbsent(store, s -> {
            String db = imported(s, games, "clean");
            EmergoProcess.Result r = EmergoProcess.run(dir, "analyze", "--db", db, "--threads", "2");
            assertEquals(0, r.exitCode(), String.join("\n", r.err()));
            return analysisTables(s, db);
        });
    }

    @ParameterizedTest
    @EnumSource(TestStores.class)
    void twoAnalysesAtOnceStoreWhatOneStoresEachGameOnce(TestStores store) {
        String db = imported(store, games, "together");
        try (Holder holder = Holder.of(store, db)) {
            EmergoProcess a = EmergoProcess.start(dir, "analyze", "--db", db, "--threads", "2");
            EmergoProcess b = EmergoProcess.start(dir, "analyze", "--db", db, "--threads", "2");
            EmergoProcess.Result ra = a.finish();
            EmergoProcess.Result rb = b.finish();
            assertEquals(0, ra.exitCode(), String.join("\n", ra.err()));
            assertEquals(0, rb.exitCode(), String.join("\n", rb.err()));
            assertEquals(GAMES, count(ANALYSED, ra) + count(ANALYSED, rb), "each game replayed by one of them");
            holder.end();
            DatabaseContents.assertSameContents(clean(store), analysisTables(store, db));
        }
    }

    /**
     * Two imports of one file at once into an H2 file the viewer serves them: each game stored
     * once. Before imports took turns there, every game was stored twice.
     */
    @Test
    void twoImportsOfOneFileThroughTheViewerStoreEachGameOnce() {
        String db = imported(TestStores.H2, fewGames, "imports");
        try (Holder holder = Holder.of(TestStores.H2, db)) {
            EmergoProcess a = EmergoProcess.start(dir, "import", "--db", db, games.toString());
            EmergoProcess b = EmergoProcess.start(dir, "import", "--db", db, games.toString());
            EmergoProcess.Result ra = a.finish();
            EmergoProcess.Result rb = b.finish();
            assertEquals(0, ra.exitCode(), String.join("\n", ra.err()));
            assertEquals(0, rb.exitCode(), String.join("\n", rb.err()));
            holder.end();
            assertEquals(REVIEWED_GAMES + GAMES, DatabaseContents.count(db, "game"));
            assertEquals(2, DatabaseContents.count(db, "source_file"), "the file imported once");
        }
    }

    /**
     * Two analyses on an H2 file that no other program holds: the first to open it serves it to
     * the second. Should the first end before the second, the second stops with the line that
     * says to run it again (docs/safety.md#several-programs-at-once); either way, with one more
     * run the tables are what one process stores. Before the claims were kept in the file, the
     * second failed on a duplicate key.
     */
    @Test
    void twoAnalysesOnAnH2FileNoOtherProgramHoldsLeaveWhatOneLeaves() {
        String db = imported(TestStores.H2, games, "unheld");
        EmergoProcess a = EmergoProcess.start(dir, "analyze", "--db", db, "--threads", "2");
        EmergoProcess b = EmergoProcess.start(dir, "analyze", "--db", db, "--threads", "2");
        for (EmergoProcess.Result r : List.of(a.finish(), b.finish())) {
            if (r.exitCode() == 0) continue;
            assertEquals(1, r.exitCode(), String.join("\n", r.err()));
            assertTrue(r.err().get(r.err().size() - 1).endsWith("run this again"), String.join("\n", r.err()));
        }
        EmergoProcess.Result again = EmergoProcess.run(dir, "analyze", "--db", db);
        assertEquals(0, again.exitCode(), String.join("\n", again.err()));
        DatabaseContents.assertSameContents(clean(TestStores.H2), analysisTables(TestStores.H2, db));
    }

    /**
     * A stops right after its first commit while it holds the next two batches (games 251 to
     * 750, with two threads), and the indexes of its bulk run; B takes the games after those, waits for A's, and does them once
     * A is killed: its claims die with its session.
     */
    @ParameterizedTest
    @EnumSource(TestStores.class)
    void theGamesOfAKilledAnalysisAreDoneByTheOther(TestStores store) {
        String db = imported(store, games, "killed");
        try (Holder holder = Holder.of(store, db)) {
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
            holder.end();
            DatabaseContents.assertSameContents(clean(store), analysisTables(store, db));
        }
    }

    @ParameterizedTest
    @EnumSource(TestStores.class)
    void twoReviewsAtOnceStoreWhatOneStoresEachGameOnce(TestStores store) {
        String one = imported(store, fewGames, "review-one");
        EmergoProcess.Result r = EmergoProcess.run(dir, "review", "--db", one, "--depth", "2", "--threads", "1");
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));

        String db = imported(store, fewGames, "review-together");
        try (Holder holder = Holder.of(store, db)) {
            EmergoProcess a = EmergoProcess.start(dir, "review", "--db", db, "--depth", "2", "--threads", "1");
            EmergoProcess b = EmergoProcess.start(dir, "review", "--db", db, "--depth", "2", "--threads", "1");
            EmergoProcess.Result ra = a.finish();
            EmergoProcess.Result rb = b.finish();
            assertEquals(0, ra.exitCode(), String.join("\n", ra.err()));
            assertEquals(0, rb.exitCode(), String.join("\n", rb.err()));
            assertEquals(REVIEWED_GAMES, count(REVIEWED, ra) + count(REVIEWED, rb), "each game reviewed by one of them");
            holder.end();
            DatabaseContents.assertSameContents(DatabaseContents.ofReview(one), DatabaseContents.ofReview(db));
        }
    }

    @ParameterizedTest
    @EnumSource(TestStores.class)
    void aSecondAnalyseAllIsRefusedWhileOneRuns(TestStores store) {
        String db = imported(store, games, "all");
        try (Holder holder = Holder.of(store, db)) {
            EmergoProcess a = EmergoProcess.startPausedAt(dir, "analyze: 250 games stored", "analyze", "--all", "--db", db,
                    "--threads", "2");
            a.awaitErrLine("analyze: 250 games stored");
            EmergoProcess.Result b = EmergoProcess.run(dir, "analyze", "--all", "--db", db);
            a.signal("KILL");
            a.finish();
            holder.end();
            assertEquals(1, b.exitCode(), b.out());
            assertEquals(List.of("emergo analyze: another emergo analyze --all is running on this database: let it finish"), b.err());
        }
    }

    /**
     * On H2, the viewer holding the file and serving it to the commands of a test (H2's mixed
     * mode), so that none of them is the program that opened it and ends before the others.
     */
    private static final class Holder implements AutoCloseable {

        private EmergoProcess viewer;

        private Holder(EmergoProcess viewer) {
            this.viewer = viewer;
        }

        static Holder of(TestStores store, String db) {
            if (store != TestStores.H2) return new Holder(null);
            EmergoProcess viewer = EmergoProcess.start(dir, "serve", "--db", db, "--port", "0");
            viewer.awaitOutLine("Serving the viewer at ");
            return new Holder(viewer);
        }

        /** Stops the viewer (SIGTERM, as a user's Ctrl-C or a service manager does), which closes the file. */
        void end() {
            if (viewer == null) return;
            EmergoProcess ending = viewer;
            viewer = null;
            ending.signal("TERM");
            EmergoProcess.Result r = ending.finish();
            assertEquals(143, r.exitCode(), "ended by SIGTERM and nothing else: " + String.join("\n", r.err()));
        }

        /** A test that failed before it ended the viewer leaves none running. */
        @Override
        public void close() {
            end();
        }
    }

    private static Map<String, List<String>> analysisTables(TestStores store, String db) {
        Map<String, List<String>> tables = new LinkedHashMap<>(DatabaseContents.of(db, true));
        tables.putAll(DatabaseContents.ofGameTables(db, FIGURES));
        tables.put("the indexes", store == TestStores.H2 ? DatabaseContents.h2Indexes(db) : DatabaseContents.postgresIndexes(db));
        return tables;
    }

    private static long count(Pattern summary, EmergoProcess.Result r) {
        Matcher m = summary.matcher(r.out().lines().findFirst().orElse(""));
        assertTrue(m.matches(), r.out());
        return Long.parseLong(m.group(1));
    }

    /** A copy of the file's games imported once per store (each test's processes work on their own database). */
    private static String imported(TestStores store, Path file, String name) {
        String template;
        synchronized (IMPORTED) {
            template = IMPORTED.computeIfAbsent(store + " " + file.getFileName(),
                    k -> store.imported(dir, "imported-" + file.getFileName(), file));
        }
        return store.copyOf(template, dir, name);
    }

    private static String generate(int count, int seed) {
        EmergoProcess.Result r = EmergoProcess.run(dir, "generate", "--games", Integer.toString(count), "--seed",
                Integer.toString(seed));
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        return r.out();
    }
}
