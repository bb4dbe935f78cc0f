package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 28: {@code emergo puzzles} stopped by SIGTERM or SIGKILL after a commit and run again
 * ends with exactly the rows of one clean run, on H2 and PostgreSQL, having mined each game
 * once. 24 games reviewed at depth 2; mining commits every 8 games.
 */
class InterruptedPuzzlesProcessTest {

    private static final Pattern INTERRUPTED = Pattern.compile(
            "interrupted: ([\\d,]+) games are mined and stored; run puzzles again for the other ([\\d,]+)");
    private static final Pattern MINED = Pattern.compile("mined (\\d+) games?: .*");
    private static final int GAMES = 24;

    @TempDir
    static Path dir;

    private static Path games;
    private static final Map<TestStores, Map<String, List<String>>> CLEAN = new EnumMap<>(TestStores.class);
    private static final Map<TestStores, String> REVIEWED = new EnumMap<>(TestStores.class);

    @BeforeAll
    static void writeTheGames() {
        games = EmergoProcess.generated(dir, GAMES, 45);
    }

    static Stream<Arguments> stops() {
        return Stream.of(TestStores.values()).flatMap(store -> Stream.of(
                Arguments.of(store, "TERM", 8),
                Arguments.of(store, "KILL", 8)));
    }

    @ParameterizedTest(name = "{0}: {1} after {2} games")
    @MethodSource("stops")
    void miningStoppedAfterACommitAndRunAgainHoldsWhatOneCleanRunHolds(TestStores store, String signal, int done) {
        Map<String, List<String>> clean = clean(store);
        String db = reviewed(store, "stopped-" + signal + "-" + done);

        EmergoProcess child = EmergoProcess.startPausedAt(dir, "puzzles: " + done + " games mined", "puzzles", "--db", db, "--threads", "2");
        child.awaitErrLine("puzzles: " + done + " games mined");
        child.signal(signal);
        EmergoProcess.Result stopped = child.finish();
        FileAfterAStop.copy(db).keptIf(() -> {
            long mined = DatabaseContents.count(db, "puzzle_mined");
            if (signal.equals("KILL")) {
                assertEquals(137, stopped.exitCode());
            } else {
                assertEquals(143, stopped.exitCode(), String.join("\n", stopped.err()));
                Matcher m = INTERRUPTED.matcher(stopped.err().get(stopped.err().size() - 1));
                assertTrue(m.matches(), String.join("\n", stopped.err()));
                assertEquals(mined, Long.parseLong(m.group(1).replace(",", "")));
                assertEquals(GAMES - mined, Long.parseLong(m.group(2).replace(",", "")));
            }
            // SIGKILL may lose H2's last commits not yet written to its file (docs/safety.md#stops-kills-and-h2-files)
            boolean mayLoseLastCommits = signal.equals("KILL") && store == TestStores.H2;
            assertTrue((mayLoseLastCommits || mined >= done) && mined < GAMES, mined + " games mined before the stop");

            EmergoProcess.Result again = EmergoProcess.run(dir, "puzzles", "--db", db);
            assertEquals(0, again.exitCode(), String.join("\n", again.err()));
            Matcher m = MINED.matcher(again.out().lines().findFirst().orElse(""));
            assertTrue(m.matches(), again.out());
            assertEquals(GAMES - mined, Long.parseLong(m.group(1)), "each game mined once");
            DatabaseContents.assertSameContents(clean, DatabaseContents.ofPuzzles(db), again.err());
        });
    }

    private static synchronized Map<String, List<String>> clean(TestStores store) {
        return CLEAN.computeIfAbsent(store, s -> {
            String db = reviewed(s, "clean");
            EmergoProcess.Result r = EmergoProcess.run(dir, "puzzles", "--db", db, "--threads", "1");
            assertEquals(0, r.exitCode(), String.join("\n", r.err()));
            Map<String, List<String>> contents = DatabaseContents.ofPuzzles(db);
            assertEquals(GAMES, contents.get("puzzle_mined").size(), "every reviewed game mined");
            assertTrue(!contents.get("puzzle").isEmpty(), "some puzzles found");
            return contents;
        });
    }

    /** A copy of the games imported and reviewed (depth 2) once per store. */
    private static String reviewed(TestStores store, String name) {
        return store.copyOf(reviewed(store), dir, name);
    }

    private static synchronized String reviewed(TestStores store) {
        return REVIEWED.computeIfAbsent(store, s -> {
            String db = s.imported(dir, "reviewed", games);
            EmergoProcess.Result r = EmergoProcess.run(dir, "review", "--db", db, "--depth", "2", "--threads", "2");
            assertEquals(0, r.exitCode(), String.join("\n", r.err()));
            return db;
        });
    }
}
