package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code emergo serve} in a process of its own, as a user runs it, while other emergo
 * commands work on the same H2 file (H2's mixed mode, AUTO_SERVER).
 */
class ServeCommandTest {

    private static final Pattern SERVING = Pattern.compile("Serving the viewer at (http://\\S+/) ");

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    private static String games(String event, String... movetexts) {
        StringBuilder egn = new StringBuilder();
        int round = 1;
        for (String moves : movetexts) {
            egn.append("[Event \"").append(event).append("\"]\n[Round \"").append(round++)
                    .append("\"]\n[White \"Aster, Ada\"]\n[Black \"Brand, Bram\"]\n[Result \"*\"]\n\n")
                    .append(moves).append(" *\n\n");
        }
        return egn.toString();
    }

    private String get(String url) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url);
        return r.body();
    }

    private int total(String base) throws IOException, InterruptedException {
        return new ObjectMapper().readTree(get(base + "api/games")).get("total").asInt();
    }

    @Test
    void importAnalyzeAndSqlWorkWhileServeHoldsTheFileAndTheViewerShowsTheNewGamesOnTheNextLoad() throws Exception {
        String db = dir.resolve("shared").toString();
        Path first = Files.writeString(dir.resolve("first.egn"), games("Before serving", "1. e4 e6", "1. d4 f6"));
        Path second = Files.writeString(dir.resolve("second.egn"), games("Arrived while serving", "1. c3 g7"));
        assertEquals(0, CommandLineRun.run("import", "--db", db, first.toString()).exitCode());

        Process server = serve("--db", db, "--port", "0");
        try {
            String base = servingAt(server);
            assertTrue(base.startsWith("http://127.0.0.1:"), "loopback unless --host says otherwise: " + base);
            assertEquals(2, total(base));

            CommandLineRun imported = CommandLineRun.run("import", "--db", db, second.toString());
            assertEquals(0, imported.exitCode(), imported.err());
            CommandLineRun analysed = CommandLineRun.run("analyze", "--db", db);
            assertEquals(0, analysed.exitCode(), analysed.err());
            CommandLineRun counted = CommandLineRun.run("sql", "--db", db, "--format", "csv", "SELECT COUNT(*) AS n FROM analysis");
            assertEquals(0, counted.exitCode(), counted.err());
            assertEquals("N\r\n3\r\n", counted.out());

            assertEquals(3, total(base));
            assertTrue(get(base + "games?q=" + "Arrived").contains("Arrived while serving"));
        } finally {
            stop(server);
        }
    }

    @Test
    void servingOnEveryAddressPrintsAnAddressABrowserCanOpen() throws Exception {
        String db = dir.resolve("everywhere").toString();
        Path games = Files.writeString(dir.resolve("games.egn"), games("Everywhere", "1. e4 e6"));
        assertEquals(0, CommandLineRun.run("import", "--db", db, games.toString()).exitCode());
        Process server = serve("--db", db, "--host", "0.0.0.0", "--port", "0");
        try {
            String base = servingAt(server);
            assertTrue(base.matches("http://127\\.0\\.0\\.1:\\d+/"), base);
            assertEquals(1, total(base));
        } finally {
            stop(server);
        }
    }

    /** emergo serve in a JVM of its own, its output and errors together. */
    private static Process serve(String... args) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "serve"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /**
     * The address serve says it listens at, read from its output for at most a minute: a server
     * that hangs before saying it, or says something else, fails the test instead of holding it.
     */
    private static String servingAt(Process server) throws InterruptedException {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) lines.add(line);
            } catch (IOException e) {
                // the server is gone: the wait below says what it printed
            }
        }, "serve-output");
        reader.setDaemon(true);
        reader.start();
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (line == null) break;
            seen.add(line);
            Matcher m = SERVING.matcher(line);
            if (m.find()) return m.group(1);
        }
        return fail("serve did not say where it listens within a minute; it printed " + seen);
    }

    private static void stop(Process server) throws InterruptedException {
        server.destroy();
        server.waitFor(30, TimeUnit.SECONDS);
    }
}
