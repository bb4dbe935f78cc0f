package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 30, a holder that leaves: a command that reaches an H2 file through another emergo
 * process (H2's mixed mode: here the viewer serves it the file) while that process ends, by
 * SIGTERM or SIGKILL, after the command's first commit. The command either goes on (H2
 * reconnects it, to the file itself) and finishes, or stops with one line that says to run it
 * again, exit 1; nothing is half stored or lost either way: run again, it leaves what one clean
 * run leaves. A killed holder takes the commits it served in its last half second with it
 * (H2's write delay): the command must not mark its work done over them
 * (docs/safety.md#several-programs-at-once). The commands that only read (sql, find, export) are
 * held in the middle of what they print, and print all that a clean run prints, or stop so.
 */
class HolderLeavesProcessTest {

    @TempDir
    static Path dir;

    /** 2,500 games for import (it commits every 2,000), 300 for analyze (every 250). */
    private static Path many;
    private static Path some;
    /** The file that makes an empty database: one for all, so that every database lists the same sources. */
    private static Path nothing;
    /** Two spellings of one player: {@code ratings} stores them, says so, then rates. */
    private static Path aliases;
    private static final Map<String, Map<String, List<String>>> CLEAN = new HashMap<>();
    private static final Map<String, String> CLEAN_OUTPUT = new HashMap<>();
    private static final Map<String, String> TEMPLATES = new HashMap<>();

    @BeforeAll
    static void writeTheGames() {
        many = EmergoProcess.generated(dir, 2500, 43);
        some = EmergoProcess.generated(dir, 300, 44);
        try {
            nothing = Files.writeString(dir.resolve("nothing.egn"), "");
            aliases = Files.writeString(dir.resolve("aliases.csv"), "alias,player\nAda Aster,\"Aster, Ada\"\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of("import", "analyze", "review", "puzzles", "ratings").flatMap(c -> Stream.of(Arguments.of(c, "TERM"), Arguments.of(c, "KILL")));
    }

    static Stream<Arguments> readers() {
        return Stream.of("sql", "find", "export").flatMap(c -> Stream.of(Arguments.of(c, "TERM"), Arguments.of(c, "KILL")));
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
        EmergoProcess client;
        if (command.equals("ratings")) {
            first = "aliases: "; // stored, and the ratings not yet begun
            client = EmergoProcess.startHeldAtOut(dir, first, args(command, db));
            client.awaitOutLine(first);
        } else {
            client = EmergoProcess.startHeldAt(dir, first, args(command, db));
            client.awaitErrLine(first);
        }
        holder.signal(signal);
        holder.finish();
        client.resume();
        EmergoProcess.Result cut = client.finish();
        assertGoesOnOrSaysRunAgain(cut);
        // the command found its holder changed at its end: the file is marked for repair (the holder may have been killed)
        Path mark = Path.of(db + ".holder-ended");
        if (cut.err().stream().anyMatch(l -> l.contains("may have taken this one's last commits"))) assertTrue(Files.exists(mark));

        EmergoProcess.Result again = EmergoProcess.run(dir, args(command, db));
        assertEquals(0, again.exitCode(), String.join("\n", again.err()));
        DatabaseContents.assertSameContents(clean(command), contents(command, db));
        assertTrue(Files.notExists(mark), "the run again repaired the file and took the mark away");
    }

    /**
     * A command that reads (user SQL, a pattern search, an export), held in the middle of what it
     * prints while its holder ends: it prints all that a clean run prints, or stops with the one
     * line; run again, it prints all of it.
     */
    @ParameterizedTest(name = "{0} while its holder ends by {1}")
    @MethodSource("readers")
    void aReaderWhoseHolderEndsPrintsAllOrStopsInOneLine(String command, String signal) {
        String db = prepared(command, "held-" + command + "-" + signal);
        String clean = cleanOutput(command);
        EmergoProcess holder = EmergoProcess.start(dir, "serve", "--db", db, "--port", "0");
        holder.awaitOutLine("Serving the viewer at ");
        String held = switch (command) {
            case "sql" -> "40,"; // the 40th row of 300, each with its moves: rows are still to come
            case "export" -> "[Round \"40\"]";
            default -> ""; // find: its first line
        };
        EmergoProcess client = EmergoProcess.startHeldAtOut(dir, held, args(command, db));
        client.awaitOutLine(held);
        holder.signal(signal);
        holder.finish();
        client.resume();
        EmergoProcess.Result cut = client.finish();
        assertGoesOnOrSaysRunAgain(cut);
        if (cut.exitCode() == 0) assertEquals(clean, cut.out(), "what it printed after its holder ended");

        EmergoProcess.Result again = EmergoProcess.run(dir, args(command, db));
        assertEquals(0, again.exitCode(), String.join("\n", again.err()));
        assertEquals(clean, again.out());
    }

    /**
     * A second viewer on the file, served it by the first: when the first ends, the second goes
     * on showing the games (H2 reconnects it to the file itself), or shows the one line on a page
     * and shows the games at the next request.
     */
    @ParameterizedTest(name = "a viewer while its holder ends by {0}")
    @ValueSource(strings = {"TERM", "KILL"})
    void aViewerWhoseHolderEndsGoesOnShowingTheGames(String signal) throws Exception {
        String db = prepared("serve", "held-serve-" + signal);
        EmergoProcess holder = EmergoProcess.start(dir, "serve", "--db", db, "--port", "0");
        holder.awaitOutLine("Serving the viewer at ");
        EmergoProcess second = EmergoProcess.start(dir, "serve", "--db", db, "--port", "0");
        String url = second.outLine("Serving the viewer at ").split(" ")[4]; // Serving the viewer at URL (Ctrl-C ...
        HttpClient http = HttpClient.newHttpClient();
        String before = http.send(HttpRequest.newBuilder(URI.create(url + "game/40.egn")).build(), HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(before.startsWith("[Event "), before);
        holder.signal(signal);
        holder.finish();
        HttpResponse<String> first = http.send(HttpRequest.newBuilder(URI.create(url + "game/40.egn")).build(), HttpResponse.BodyHandlers.ofString());
        if (first.statusCode() != 200) {
            assertTrue(first.body().contains("has ended") && first.body().contains("run this again"), first.body());
        }
        HttpResponse<String> next = http.send(HttpRequest.newBuilder(URI.create(url + "game/40.egn")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, next.statusCode(), next.body());
        assertEquals(before, next.body(), "the game's record after its holder ended");
        second.signal("TERM");
        second.finish();
    }

    /** Exit 0, or exit 1 with the one line that says to run it again; never a bug's trace. */
    private static void assertGoesOnOrSaysRunAgain(EmergoProcess.Result cut) {
        String err = String.join("\n", cut.err());
        assertTrue(cut.err().stream().noneMatch(l -> l.contains("a bug in emergo")), err);
        if (cut.exitCode() != 0) {
            assertEquals(1, cut.exitCode(), err);
            String last = cut.err().get(cut.err().size() - 1);
            assertTrue(last.contains("has ended") && last.endsWith("run this again"), err);
        }
    }

    private static synchronized String cleanOutput(String command) {
        return CLEAN_OUTPUT.computeIfAbsent(command, c -> {
            EmergoProcess.Result r = EmergoProcess.run(dir, args(c, prepared(c, "clean-" + c)));
            assertEquals(0, r.exitCode(), String.join("\n", r.err()));
            assertTrue(r.out().lines().count() > 40, "a long output: " + r.out().lines().count() + " lines");
            return r.out();
        });
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
            case "ratings" -> ratings(db);
            default -> DatabaseContents.of(db, !command.equals("import"));
        };
    }

    /** What {@code ratings} stores: the spellings, every game's ratings, the players' and the systems' figures. */
    private static Map<String, List<String>> ratings(String db) {
        Map<String, List<String>> tables = new java.util.LinkedHashMap<>(DatabaseContents.ofGameTables(db, List.of("rating")));
        tables.put("player_alias", DatabaseContents.query(db, "SELECT * FROM player_alias"));
        tables.put("player_rating", DatabaseContents.query(db,
                "SELECT p.name, r.* FROM player_rating r JOIN player p ON p.id = r.player_id"));
        tables.put("rating_quality", DatabaseContents.query(db, "SELECT * FROM rating_quality"));
        return tables;
    }

    /**
     * A database ready for the command (the viewer serves only one that exists): empty, imported,
     * analysed, reviewed; a copy of the class's one of that kind.
     */
    private static String prepared(String command, String name) {
        String kind = switch (command) {
            case "import" -> "empty";
            case "find", "review" -> "analysed";
            case "puzzles" -> "reviewed";
            default -> "imported";
        };
        return TestStores.H2.copyOf(template(kind), dir, name);
    }

    /** The databases {@link #prepared} copies, each made once. */
    private static synchronized String template(String kind) {
        String db = TEMPLATES.get(kind);
        if (db != null) return db;
        String name = "template-" + kind;
        switch (kind) {
            case "empty" -> db = TestStores.H2.imported(dir, name, nothing);
            case "imported" -> db = TestStores.H2.imported(dir, name, some);
            case "analysed" -> {
                db = TestStores.H2.copyOf(template("imported"), dir, name);
                assertEquals(0, EmergoProcess.run(dir, "analyze", "--db", db).exitCode());
            }
            default -> {
                db = TestStores.H2.copyOf(template("analysed"), dir, name);
                assertEquals(0, EmergoProcess.run(dir, "review", "--db", db, "--depth", "2", "--threads", "1", "--where", "id <= 24")
                        .exitCode());
            }
        }
        TEMPLATES.put(kind, db);
        return db;
    }

    private static String[] args(String command, String db) {
        return switch (command) {
            case "import" -> new String[] {"import", "--db", db, many.toString()};
            case "review" -> new String[] {"review", "--db", db, "--depth", "2", "--threads", "1", "--where", "id <= 12"};
            case "puzzles" -> new String[] {"puzzles", "--db", db, "--threads", "1"};
            case "ratings" -> new String[] {"ratings", "--db", db, "--aliases", aliases.toString(), "--top", "0"};
            case "sql" -> new String[] {"sql", "--db", db, "--format", "csv", "SELECT id, white, black, moves FROM game ORDER BY id"};
            case "find" -> new String[] {"find", "--db", db, "--limit", "0", "e5:1+"};
            case "export" -> new String[] {"export", "--db", db};
            default -> new String[] {command, "--db", db};
        };
    }
}
