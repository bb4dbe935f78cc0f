package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
        return Stream.of(TestStores.values()).flatMap(store -> Stream.of(
                Arguments.of(store, "TERM", 2000),
                Arguments.of(store, "INT", 4000),
                Arguments.of(store, "KILL", 2000),
                Arguments.of(store, "KILL", 4000)));
    }

    @ParameterizedTest(name = "{0}: {1} after {2} games")
    @MethodSource("stops")
    void anImportStoppedAfterACommitAndRunAgainHoldsWhatOneCleanRunHolds(TestStores store, String signal, int games) {
        Map<String, List<String>> clean = clean(store);
        String db = store.newDatabase(dir, "stopped-" + signal + "-" + games);

        EmergoProcess child = EmergoProcess.start(dir, "import", "--db", db, first.toString(), second.toString());
        child.awaitErrLine("import: " + games + " games stored");
        child.signal(signal);
        EmergoProcess.Result stopped = child.finish();

        if (signal.equals("KILL")) {
            assertEquals(137, stopped.exitCode());
        } else {
            assertEquals(signal.equals("INT") ? 130 : 143, stopped.exitCode(), String.join("\n", stopped.err()));
            String last = stopped.err().get(stopped.err().size() - 1);
            Matcher m = INTERRUPTED.matcher(last);
            assertTrue(m.matches(), String.join("\n", stopped.err()));
            long said = Long.parseLong(m.group(1).replace(",", ""));
            assertTrue(said >= games, last);
            assertEquals(said, DatabaseContents.count(db, "game"), "the games it said it stored");
            assertTrue(stopped.err().stream().noneMatch(l -> l.startsWith("\tat ")), String.join("\n", stopped.err()));
        }

        EmergoProcess.Result again = EmergoProcess.run(dir, "import", "--db", db, first.toString(), second.toString());
        assertEquals(1, again.exitCode(), "the broken record is an error: " + again.err()); // as in the clean run
        DatabaseContents.assertSameContents(clean, DatabaseContents.of(db, false), again.err());
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
