package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.emergo.store.db.Database;
import org.emergo.viewer.engine.Engine;
import org.emergo.viewer.game.RecordDownload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analysis board keeps the viewer safe to leave running (docs/safety.md): 32 analyses asked
 * at once, the engine held on the first so that all 32 are surely in flight, neither stop the
 * viewer nor slow a game page past a second; each is then answered or told the engine is busy,
 * never failed.
 */
class AnalysisLoadTest {

    private static final int AT_ONCE = 32;

    @TempDir
    Path folder;

    @Test
    void thirtyTwoAnalysesAtOnceNeitherStopTheViewerNorSlowAGamePage() throws Exception {
        AtomicReference<CountDownLatch> gate = new AtomicReference<>();
        CountDownLatch inside = new CountDownLatch(1);
        Engine engine = new Engine(() -> {
            CountDownLatch g = gate.get();
            if (g == null) return;
            inside.countDown();
            try {
                g.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try (Database db = ViewerFixture.analysed(folder)) {
            Javalin app = new ViewerApp(db, "127.0.0.1", RecordDownload.NONE, engine).create().start("127.0.0.1", 0);
            try {
                String base = "http://127.0.0.1:" + app.port();
                HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
                long game = db.dsl().fetchOne("SELECT id FROM game ORDER BY ply_count DESC, id LIMIT 1").get(0, Long.class);
                // 32 different moves tried, so that none is answered from what the engine kept
                List<String> asked = new ArrayList<>();
                ObjectMapper json = new ObjectMapper();
                for (int ply = 2; asked.size() < AT_ONCE; ply++) {
                    HttpResponse<String> r = get(http, base + "/api/analyse?game=" + game + "&ply=" + ply);
                    assertEquals(200, r.statusCode(), r.body());
                    for (JsonNode m : json.readTree(r.body()).get("legalMoves")) {
                        if (asked.size() < AT_ONCE) asked.add("/api/analyse?game=" + game + "&ply=" + ply + "&moves=" + m.asText());
                    }
                }

                CountDownLatch hold = new CountDownLatch(1);
                gate.set(hold);
                List<CompletableFuture<HttpResponse<String>>> flights = new ArrayList<>();
                for (String path : asked) {
                    flights.add(http.sendAsync(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60)).build(),
                            HttpResponse.BodyHandlers.ofString()));
                }
                assertTrue(inside.await(30, TimeUnit.SECONDS), "the engine took up an analysis");

                // the engine is held on one of the 32: none can have been answered, and a game page comes at once
                long start = System.nanoTime();
                HttpResponse<String> page = get(http, base + "/game/" + game + "/5");
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertEquals(200, page.statusCode());
                assertTrue(page.body().contains("id=\"board\""));
                assertTrue(millis < 1000, "the game page took " + millis + " ms with 32 analyses in flight");
                assertTrue(flights.stream().noneMatch(f -> f.isDone() && f.join().statusCode() == 200),
                        "no analysis was answered while the engine was held");

                hold.countDown();
                gate.set(null);
                int answered = 0;
                for (CompletableFuture<HttpResponse<String>> f : flights) {
                    HttpResponse<String> r = f.get(60, TimeUnit.SECONDS);
                    assertTrue(r.statusCode() == 200 || r.statusCode() == 429, r.statusCode() + " " + r.body());
                    if (r.statusCode() == 200) answered++;
                }
                assertTrue(answered >= 1, "the analysis the engine was held on was answered");
                // and the viewer goes on answering, the engine too
                assertEquals(200, get(http, base + "/game/" + game + "/6").statusCode());
                assertEquals(200, get(http, base + asked.get(AT_ONCE - 1)).statusCode());
            } finally {
                app.stop();
            }
        }
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
