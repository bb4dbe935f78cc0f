package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.testtools.HttpClient;
import io.javalin.testtools.JavalinTest;
import io.javalin.testtools.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analysis board's routes (docs/viewer.md#the-analysis-board, docs/api.md): the legal moves
 * as links, the lines tried kept in the address, the engine's answer as a page and as JSON, and
 * a 400 or 404 for what is not a position, a move or a game.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnalysisRoutesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path folder;

    private Database db;
    private long game;

    @BeforeAll
    void open() {
        db = ViewerFixture.analysed(folder);
        game = db.dsl().fetchOne("SELECT id FROM game WHERE setup_epn IS NULL ORDER BY ply_count DESC, id LIMIT 1").get(0, long.class);
    }

    @AfterAll
    void close() {
        db.close();
    }

    interface Check {
        void run(HttpClient client) throws Exception;
    }

    private void withApp(Check check) {
        JavalinTest.test(new ViewerApp(db).create(), (server, client) -> check.run(client));
    }

    private static JsonNode json(Response r) throws Exception {
        return JSON.readTree(r.body().string());
    }

    /** A legal move at the game's ply that is not the game's own. */
    private static String another(JsonNode here, String played) {
        for (JsonNode m : here.get("legalMoves")) if (!m.asText().equals(played)) return m.asText();
        throw new AssertionError("one legal move only");
    }

    @Test
    void theApiGivesTheLegalMovesTheScoreAndTheJudgementOfTheMoveTried() throws Exception {
        withApp(client -> {
            JsonNode here = json(client.get("/api/analyse?game=" + game + "&ply=10"));
            assertEquals(game, here.get("game").asLong());
            assertTrue(here.get("legalMoves").size() > 1);
            assertTrue(here.get("tried").isNull());
            assertEquals("depth=4", here.get("limit").asText());
            String move = here.get("legalMoves").get(0).asText();
            JsonNode after = json(client.get("/api/analyse?game=" + game + "&ply=10&moves=" + move));
            JsonNode tried = after.get("tried");
            assertEquals(move, tried.get("move").asText());
            assertTrue(tried.get("class").asText().matches("good|inaccuracy|mistake|blunder"));
            assertFalse(tried.get("judgement").asText().isBlank());
            assertTrue(tried.get("comment").asText().startsWith("[%eval "));
            assertEquals(move, after.get("moves").get(0).asText());
            // the same from its position string
            String epn = URLEncoder.encode(here.get("epn").asText(), StandardCharsets.UTF_8);
            JsonNode alone = json(client.get("/api/analyse?epn=" + epn + "&variant=" + here.get("variant").asText() + "&moves=" + move));
            assertEquals(after.get("epn").asText(), alone.get("epn").asText());
            assertEquals(after.get("legalMoves"), alone.get("legalMoves"));
        });
    }

    @Test
    void whatIsNotAMoveAGameOrAPlyIsRefusedSayingWhy() {
        withApp(client -> {
            Response illegal = client.get("/api/analyse?game=" + game + "&ply=10&moves=a1-a2");
            assertEquals(400, illegal.code());
            assertTrue(illegal.body().string().contains("not a legal move"));
            assertEquals(404, client.get("/api/analyse?game=999999&ply=1").code());
            assertEquals(400, client.get("/api/analyse?game=" + game + "&ply=100000").code());
            assertEquals(400, client.get("/api/analyse?epn=nonsense").code());
            assertEquals(400, client.get("/game/" + game + "/10?v=10:zz9&at=0.1").code());
            assertEquals(400, client.get("/game/" + game + "/10?v=10:a1-a2&at=0.1").code());
            assertEquals(400, client.get("/game/" + game + "/10?v=10:e4&at=3.1").code());
        });
    }

    @Test
    void aGamePageListsEveryLegalMoveAsALinkAndALineTriedIsKeptInTheAddress() throws Exception {
        withApp(client -> {
            JsonNode moves = json(client.get("/api/games/" + game)).get("moves");
            String played = moves.get(10).get("canonical").asText();
            JsonNode here = json(client.get("/api/analyse?game=" + game + "&ply=10"));
            String move = another(here, played);
            String page = client.get("/game/" + game + "/10").body().string();
            for (JsonNode m : here.get("legalMoves")) assertTrue(page.contains("data-move=\"" + m.asText() + "\""), m.asText());
            // the game's own move goes on along the game; another starts a line
            assertTrue(page.contains("href=\"/game/" + game + "/11\" data-move=\"" + played + "\""));
            assertTrue(page.contains("href=\"/game/" + game + "/10?v=10:" + move + "&amp;at=0.1\" data-move=\"" + move + "\""));
            String line = client.get("/game/" + game + "/10?v=10:" + move + "&at=0.1").body().string();
            assertTrue(line.contains("id=\"tried-judgement\""));
            assertTrue(line.contains("class=\"move var-move current\""));
            // the steps of the game keep the line; Back from the line's first move is the game at its ply
            assertTrue(line.contains("href=\"/game/" + game + "/0?v=10:" + move + "\""));
            assertTrue(line.contains("id=\"prev\" class=\"button\" rel=\"prev\" href=\"/game/" + game + "/10?v=10:" + move + "\""));
        });
    }

    @Test
    void aPositionStringOpensOnTheAnalysisBoardWithTheEnginesAnswer() {
        withApp(client -> {
            String epn = URLEncoder.encode(ViewerFixture.EXAMPLE, StandardCharsets.UTF_8);
            String page = client.get("/analysis?epn=" + epn).body().string();
            assertTrue(page.contains("id=\"engine-score\""));
            assertTrue(page.contains("data-move=\"f4-e4\""));
            String line = client.get("/analysis?epn=" + epn + "&v=0:f4-e4&at=0.1").body().string();
            assertTrue(line.contains("id=\"tried-judgement\""));
            assertTrue(client.get("/position?epn=" + epn).body().string().contains("href=\"/analysis?epn=" + epn + "\""));
        });
    }
}
