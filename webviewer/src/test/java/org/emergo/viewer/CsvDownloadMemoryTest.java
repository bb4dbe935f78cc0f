package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.emergo.store.PostgresServer;
import org.emergo.viewer.sql.SqlHandlers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CSV download streams: a viewer in a JVM with a 64 MB heap sends a result four times that
 * size, its stated limit of rows, and answers other pages while it does. A viewer that held the
 * result in memory runs out of heap ({@code -XX:+ExitOnOutOfMemoryError} then ends it, cutting
 * the download off).
 */
class CsvDownloadMemoryTest {

    private static final String HEAP = "-Xmx64m";
    /** Characters of padding per row: a million rows make about 300 MB of CSV. */
    private static final int WIDTH = 300;

    @TempDir
    Path dir;

    @Test
    void aDownloadFourTimesTheHeapStreamsWhileOtherPagesAnswerOnH2() throws Exception {
        download(dir.resolve("empty").toString(),
                "SELECT X AS n, REPEAT('x', " + WIDTH + ") AS pad FROM SYSTEM_RANGE(1, " + (SqlHandlers.MAX_CSV_ROWS + 10) + ")");
    }

    @Test
    @Tag("postgres")
    void aDownloadFourTimesTheHeapStreamsWhileOtherPagesAnswerOnPostgres() throws Exception {
        download(PostgresServer.get().newDatabaseUrl(),
                "SELECT g AS n, repeat('x', " + WIDTH + ") AS pad FROM generate_series(1, " + (SqlHandlers.MAX_CSV_ROWS + 10) + ") AS g");
    }

    private void download(String db, String query) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process viewer = new ProcessBuilder(java.toString(), HEAP, "-XX:+ExitOnOutOfMemoryError", "-cp",
                System.getProperty("java.class.path"), ServeForTest.class.getName(), db)
                .redirectErrorStream(true).start();
        try {
            BlockingQueue<String> output = lines(viewer.getInputStream());
            String base = servingAt(output);
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
            HttpResponse<InputStream> csv;
            try {
                csv = http.send(HttpRequest.newBuilder(URI.create(base + "sql.csv?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                        .header("Sec-Fetch-Site", "same-origin").build(), HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                throw new AssertionError("the viewer did not answer the download; it said " + drain(output), e);
            }
            assertEquals(200, csv.statusCode());
            long lines = 0;
            long chars = 0;
            boolean othersAnswered = false;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(csv.body(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines++;
                    chars += line.length() + 2;
                    if (lines == 100_000) {
                        // midway: the download holds a connection and a thread, not the viewer
                        for (String page : List.of("games", "stats", "api/games")) {
                            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + page))
                                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
                            assertEquals(200, r.statusCode(), page);
                        }
                        othersAnswered = true;
                    }
                }
            } catch (IOException e) {
                fail("the download was cut off after " + lines + " lines; the viewer said " + drain(output), e);
            }
            assertTrue(othersAnswered);
            assertEquals(SqlHandlers.MAX_CSV_ROWS + 1L, lines, "the header and the stated number of rows");
            assertTrue(chars > 4L * 64 * 1024 * 1024, "four times the heap: " + chars);
            assertTrue(viewer.isAlive(), "the viewer lives: " + drain(output));
        } finally {
            viewer.destroy();
            viewer.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static BlockingQueue<String> lines(InputStream in) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) lines.add(line);
            } catch (IOException e) {
                // the viewer is gone
            }
        }, "viewer-output");
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    /** The address the viewer prints, waited for at most two minutes. */
    private static String servingAt(BlockingQueue<String> output) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            String line = output.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (line == null) break;
            if (line.startsWith("serving ")) return line.substring("serving ".length());
            seen.add(line);
        }
        return fail("the viewer did not say where it listens; it printed " + seen);
    }

    private static List<String> drain(BlockingQueue<String> output) {
        List<String> lines = new ArrayList<>();
        output.drainTo(lines);
        return lines;
    }
}
