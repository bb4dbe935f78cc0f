package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 30, a holder that leaves: a command that reaches an H2 file through another emergo
 * process (H2's mixed mode: here the viewer serves it the file) while that process ends, by
 * SIGTERM or SIGKILL, after the command's first commit. The command either goes on (H2
 * reconnects it, to the file itself) and finishes, or stops with one line that says to run it
 * again, exit 1; nothing is half stored or lost either way: run again, it leaves what one clean
 * run leaves. A killed holder takes the commits it served in its last half second with it
 * (H2's write delay): the command must not mark its work done over them
 * (docs/safety.md#several-programs-at-once).
 */
class HolderLeavesProcessTest {

    @TempDir
    static Path dir;

    /** 2,500 games for import (it commits every 2,000), 300 for analyze (every 250). */
    private static Path many;
    private static Path some;
    /** The file that makes an empty database: one for all, so that every database lists the same sources. */
    private static Path nothing;
    private static final Map<String, Map<String, List<String>>> CLEAN = new HashMap<>();

    @BeforeAll
    static void writeTheGames() {
        many = EmergoProcess.generated(dir, 2500, 43);
        some = EmergoProcess.generated(dir, 300, 44);
        try {
            nothing = Files.writeString(dir.resolve("nothing.egn"), "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of("import", "analyze", "review", "puzzles").flatMap(c -> Stream.of(Arguments.of(c, "TERM"), Arguments.of(c, "KILL")));
    }

    @ParameterizedTest(name = "{0} while its holder ends by {1}")
    @MethodSource("cases")
    void aCommandWhoseHolderEndsGoesOnOrStopsInOneLineAndRunAgainLeavesWhatACleanRunLeaves(String command, String signal) {
        String db = prepared(command, "held-" + command + "-" + signal);
        EmergoProcess holder = EmergoProcess.start(dir, "serve", "--db", db, "--port", "0");
        holder.awaitOutLine("Serving the viewer at ");
        String first = command + ": " + switch (command) {
            case "import" -> 2000;
            case "analyze" -> 250;
            case "puzzles" -> 8;
            default -> 4;
        } + (command.equals("puzzles") ? " games mined" : " games stored");
        EmergoProcess client = EmergoProcess.startHeldAt(dir, first, args(command, db));
        client.awaitErrLine(first);
        holder.signal(signal);
        holder.finish();
        client.resume();
        EmergoProcess.Result cut = client.finish();
        String err = String.join("\n", cut.err());
        assertTrue(cut.err().stream().noneMatch(l -> l.contains("a bug in emergo")), err);
        if (cut.exitCode() != 0) {
            assertEquals(1, cut.exitCode(), err);
            String last = cut.err().get(cut.err().size() - 1);
            assertTrue(last.contains("has ended") && last.endsWith("run this again"), err);
        }

        EmergoProcess.Result again = EmergoProcess.run(dir, args(command, db));
        assertEquals(0, again.exitCode(), String.join("\n", again.err()));
        DatabaseContents.assertSameContents(clean(command), contents(command, db));
    }

    private static synchronized Map<String, List<String>> clean(String command) {
        return CLEAN.computeIfAbsent(command, c -> {
            String db = prepared(c, "clean-" + c);
            EmergoProcess.Result r = EmergoProcess.run(dir, args(c, db));
            assertEquals(0, r.exitCode(), String.join("\n", r.err()));
            Map<String, List<String>> contents = contents(c, db);
            if (c.equals("puzzles")) assertEquals(24, contents.get("puzzle_mined").size(), "every reviewed game mined");
            return contents;
        });
    }

    private static Map<String, List<String>> contents(String command, String db) {
        return switch (command) {
            case "review" -> DatabaseContents.ofReview(db);
            case "puzzles" -> DatabaseContents.ofPuzzles(db);
            default -> DatabaseContents.of(db, !command.equals("import"));
        };
    }

    /** A database ready for the command (the viewer serves only one that exists): empty, imported, analysed, reviewed. */
    private static String prepared(String command, String name) {
        if (command.equals("import")) return TestStores.H2.imported(dir, name, nothing);
        String db = TestStores.H2.imported(dir, name, some);
        if (command.equals("review") || command.equals("puzzles")) assertEquals(0, EmergoProcess.run(dir, "analyze", "--db", db).exitCode());
        if (command.equals("puzzles")) {
            assertEquals(0, EmergoProcess.run(dir, "review", "--db", db, "--depth", "2", "--threads", "1", "--where", "id <= 24").exitCode());
        }
        return db;
    }

    private static String[] args(String command, String db) {
        return switch (command) {
            case "import" -> new String[] {"import", "--db", db, many.toString()};
            case "review" -> new String[] {"review", "--db", db, "--depth", "2", "--threads", "1", "--where", "id <= 12"};
            case "puzzles" -> new String[] {"puzzles", "--db", db, "--threads", "1"};
            default -> new String[] {command, "--db", db};
        };
    }
}
