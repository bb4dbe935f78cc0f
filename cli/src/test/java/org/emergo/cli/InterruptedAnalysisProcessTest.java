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
 * Issue 9: an analysis stopped by SIGTERM or SIGKILL after a commit and run again ends with
 * exactly the analyses, positions, findings and shadowpieces of one clean run, on H2 and
 * PostgreSQL, having replayed each game once. 600 games: the analysis commits every 250.
 */
class InterruptedAnalysisProcessTest {

    private static final Pattern INTERRUPTED = Pattern.compile(
            "interrupted: ([\\d,]+) games are analysed and stored; run analyze again for the other ([\\d,]+)");
    private static final Pattern ANALYSED = Pattern.compile("analysed (\\d+) games, .*");
    private static final int GAMES = 600;

    @TempDir
    static Path dir;

    private static Path games;
    private static final Map<TestStores, Map<String, List<String>>> CLEAN = new EnumMap<>(TestStores.class);
    private static final Map<TestStores, String> IMPORTED = new EnumMap<>(TestStores.class);

    @BeforeAll
    static void writeTheGames() {
        games = EmergoProcess.generated(dir, GAMES, 41);
    }

    static Stream<Arguments> stops() {
        return Stream.of(TestStores.values()).flatMap(store -> Stream.concat(Stream.of(
                Arguments.of(store, "TERM", 250),
                Arguments.of(store, "KILL", 250),
                // every game stored, the pattern index's segments not built yet
                Arguments.of(store, "KILL", GAMES)),
                Soak.only(Arguments.of(store, "KILL", 500))));
    }

    @ParameterizedTest(name = "{0}: {1} after {2} games")
    @MethodSource("stops")
    void anAnalysisStoppedAfterACommitAndRunAgainHoldsWhatOneCleanRunHolds(TestStores store, String signal, int done) {
        Map<String, List<String>> clean = clean(store);
        String db = store.copyOf(imported(store), dir, "stopped-" + signal + "-" + done);

        // stopped right after that commit: the rest cannot finish before the signal
        EmergoProcess child = EmergoProcess.startPausedAt(dir, "analyze: " + done + " games stored", "analyze", "--db", db);
        child.awaitErrLine("analyze: " + done + " games stored");
        child.signal(signal);
        EmergoProcess.Result stopped = child.finish();
        FileAfterAStop.copy(db).keptIf(() -> {
            long analysed = DatabaseContents.count(db, "analysis");
            if (signal.equals("KILL")) {
                assertEquals(137, stopped.exitCode());
                // H2 writes commits to the file within its write delay: a kill may take the last ones
                assertTrue(analysed <= done, analysed + " games analysed, " + done + " said stored");
            } else {
                assertEquals(143, stopped.exitCode(), String.join("\n", stopped.err()));
                Matcher m = INTERRUPTED.matcher(stopped.err().get(stopped.err().size() - 1));
                assertTrue(m.matches(), String.join("\n", stopped.err()));
                assertEquals(done, analysed, "stopped at the commit it was signalled after");
                assertEquals(analysed, Long.parseLong(m.group(1).replace(",", "")));
                assertEquals(GAMES - analysed, Long.parseLong(m.group(2).replace(",", "")));
            }

            EmergoProcess.Result again = EmergoProcess.run(dir, "analyze", "--db", db);
            assertEquals(0, again.exitCode(), String.join("\n", again.err()));
            Matcher m = ANALYSED.matcher(again.out().lines().findFirst().orElse(""));
            assertTrue(m.matches(), again.out());
            assertEquals(GAMES - analysed, Long.parseLong(m.group(1)), "each game replayed once");
            DatabaseContents.assertSameContents(clean, DatabaseContents.of(db, true));
        });
    }

    private static synchronized Map<String, List<String>> clean(TestStores store) {
        return CLEAN.computeIfAbsent(store, s -> {
            String db = s.copyOf(imported(s), dir, "clean");
            EmergoProcess.Result r = EmergoProcess.run(dir, "analyze", "--db", db);
            assertEquals(0, r.exitCode(), String.join("\n", r.err()));
            return DatabaseContents.of(db, true);
        });
    }

    /** The games imported once per store; each test analyses a copy. */
    private static synchronized String imported(TestStores store) {
        return IMPORTED.computeIfAbsent(store, s -> s.imported(dir, "imported", games));
    }
}
