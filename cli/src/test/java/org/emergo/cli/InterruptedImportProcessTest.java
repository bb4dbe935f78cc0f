package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.emergo.store.db.Database;
import org.emergo.store.jdbc.ImportLocks;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 9: an import stopped by SIGINT, SIGTERM or SIGKILL after a given commit, then run again,
 * ends with exactly the games, tags, errors and file records of one clean run, on H2 and
 * PostgreSQL. The files: 4,000 games, then 1,000 more with 200 of the first file's and a
 * broken record; the import commits every 2,000 games.
 */
class InterruptedImportProcessTest {

    private static final Pattern INTERRUPTED = Pattern.compile(
            "interrupted: ([\\d,]+) of the games read so far are stored; run the same import again to finish");

    @TempDir
    static Path dir;

    private static Path first;
    private static Path second;
    private static final Map<TestStores, Map<String, List<String>>> CLEAN = new java.util.EnumMap<>(TestStores.class);

    @BeforeAll
    static void writeTheFiles() throws IOException {
        String a = generate(4000, 31);
        String b = generate(1000, 32);
        List<String> aRecords = records(a);
        first = Files.writeString(dir.resolve("first.egn"), a);
        second = Files.writeString(dir.resolve("second.egn"), b + String.join("", aRecords.subList(100, 300))
                + "[Event \"Broken movetext\"]\n[Result \"*\"]\n\n1. e4 e6 2. <html> *\n", StandardCharsets.UTF_8);
    }

    static String generate(int games, int seed) {
        EmergoProcess.Result r = EmergoProcess.run(dir, "generate", "--games", Integer.toString(games), "--seed",
                Integer.toString(seed));
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        return r.out();
    }

    static List<String> records(String egn) {
        return Arrays.stream(egn.split("(?m)^(?=\\[Event )")).filter(s -> !s.isBlank()).toList();
    }

    static Stream<Arguments> stops() {
        return Stream.of(TestStores.values()).flatMap(store -> Stream.concat(Stream.of(
                Arguments.of(store, "TERM", 2000),
                Arguments.of(store, "INT", 4000),
                Arguments.of(store, "KILL", 2000)),
                Soak.only(Arguments.of(store, "KILL", 4000))));
    }

    @ParameterizedTest(name = "{0}: {1} after {2} games")
    @MethodSource("stops")
    void anImportStoppedAfterACommitAndRunAgainHoldsWhatOneCleanRunHolds(TestStores store, String signal, int games) {
        Map<String, List<String>> clean = clean(store);
        String db = store.newDatabase(dir, "stopped-" + signal + "-" + games);

        // stopped right after that commit: the rest cannot finish before the signal
        EmergoProcess child = EmergoProcess.startPausedAt(dir, "import: " + games + " games stored",
                "import", "--db", db, first.toString(), second.toString());
        child.awaitErrLine("import: " + games + " games stored");
        child.signal(signal);
        EmergoProcess.Result stopped = child.finish();
        FileAfterAStop.copy(db).keptIf(() -> {
            if (signal.equals("KILL")) {
                assertEquals(137, stopped.exitCode());
                assertTrue(DatabaseContents.count(db, "game") < 5000, "killed before the import's end");
            } else {
                assertEquals(signal.equals("INT") ? 130 : 143, stopped.exitCode(), String.join("\n", stopped.err()));
                String last = stopped.err().get(stopped.err().size() - 1);
                Matcher m = INTERRUPTED.matcher(last);
                assertTrue(m.matches(), String.join("\n", stopped.err()));
                long said = Long.parseLong(m.group(1).replace(",", ""));
                assertEquals(games, said, last);
                assertEquals(said, DatabaseContents.count(db, "game"), "the games it said it stored");
                assertTrue(stopped.err().stream().noneMatch(l -> l.startsWith("\tat ")), String.join("\n", stopped.err()));
            }

            EmergoProcess.Result again = EmergoProcess.run(dir, "import", "--db", db, first.toString(), second.toString());
            assertEquals(1, again.exitCode(), "the broken record is an error: " + again.err()); // as in the clean run
            DatabaseContents.assertSameContents(clean, DatabaseContents.of(db, false), again.err());
        });
    }

    /**
     * A stop also ends a wait: an import of a file whose content another program is importing
     * (here: holds the lock for, as a lock taken through the viewer's SQL page would) waited on
     * through SIGTERM until SIGKILL.
     */
    @Test
    void anImportWaitingForAnotherProgramsLockStopsOnSigtermAndFinishesWhenRunAgain() throws Exception {
        String db = TestStores.POSTGRES.newDatabase(dir, "waiting");
        Path file = Files.writeString(dir.resolve("waiting.egn"), "[Event \"Waiting\"]\n[Result \"*\"]\n\n1. e4 e6 *\n");
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        try (Database other = Database.open(db); ImportLocks held = ImportLocks.forFile(other, sha, () -> {})) {
            EmergoProcess child = EmergoProcess.start(dir, "import", "--db", db, file.toString());
            child.awaitErrLine("import: waiting for another program that imports the same content as " + file);
            child.signal("TERM");
            EmergoProcess.Result stopped = child.finish();

            assertEquals(143, stopped.exitCode(), String.join("\n", stopped.err()));
            assertEquals("interrupted: 0 of the games read so far are stored; run the same import again to finish",
                    stopped.err().get(stopped.err().size() - 1));
            assertTrue(stopped.err().stream().noneMatch(l -> l.startsWith("\tat ")), String.join("\n", stopped.err()));
        }
        EmergoProcess.Result again = EmergoProcess.run(dir, "import", "--db", db, file.toString());
        assertEquals(0, again.exitCode(), String.join("\n", again.err()));
        assertEquals(1, DatabaseContents.count(db, "game"));
    }

    private static synchronized Map<String, List<String>> clean(TestStores store) {
        return CLEAN.computeIfAbsent(store, s -> {
            String db = s.newDatabase(dir, "clean");
            EmergoProcess.Result r = EmergoProcess.run(dir, "import", "--db", db, first.toString(), second.toString());
            assertEquals(1, r.exitCode(), String.join("\n", r.err()));
            assertTrue(r.out().startsWith("imported 5000 games from 2 files: 200 duplicates, 1 error"), r.out());
            return DatabaseContents.of(db, false);
        });
    }
}
