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
import java.util.List;
import org.emergo.search.Limit;
import org.emergo.store.Database;
import org.emergo.store.ReviewJob;
import org.emergo.store.StoredReview;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every route of the viewer through JavalinTest: status codes, escaping, errors, the API's JSON. */
class ViewerRoutesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Database db;
    private static long workedExample;
    private static long missedMajority;
    private static long hostile;

    @TempDir
    static Path folder;

    @BeforeAll
    static void database() {
        db = ViewerFixture.analysed(folder);
        workedExample = id("Worked example");
        missedMajority = id("Missed majority");
        hostile = id("<b>bold</b> & co");
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static long id(String event) {
        return db.dsl().fetchOne("SELECT id FROM game WHERE event = ?", event).get(0, long.class);
    }

    private interface Check {
        void run(HttpClient client) throws Exception;
    }

    private static void withApp(Check check) {
        JavalinTest.test(new ViewerApp(db).create(), (server, client) -> check.run(client));
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static JsonNode json(Response r) throws Exception {
        return JSON.readTree(r.body().string());
    }

    // ---- the games list ----

    @Test
    void theHomePageAndTheGamesListShowEveryGameWithItsCount() {
        withApp(client -> {
            for (String path : new String[] {"/", "/games"}) {
                Response r = client.get(path);
                assertEquals(200, r.code());
                String body = r.body().string();
                assertTrue(body.contains("<strong>11</strong> games match"), body);
                assertTrue(body.contains("href=\"/game/" + workedExample + "\""));
            }
        });
    }

    @Test
    void theGamesListFiltersByPlayerFindingCodeAndResultAndCountsTheMatches() {
        withApp(client -> {
            String body = client.get("/games?player=" + enc("Freeling, Christian")).body().string();
            assertTrue(body.contains("<strong>2</strong> games match"), body);
            body = client.get("/games?code=MISSED_MAJORITY").body().string();
            assertTrue(body.contains("<strong>1</strong> game matches"), body);
            assertTrue(body.contains("href=\"/game/" + missedMajority + "\""));
            body = client.get("/games?result=1-0&rbr=1-0&white=" + enc("van Zon, Ed")).body().string();
            assertTrue(body.contains("<strong>1</strong> game matches"), body);
            body = client.get("/games?variant=HexEmergo").body().string();
            assertTrue(body.contains("<strong>2</strong> games match"), body);
            body = client.get("/games?q=FREELING&findings=yes").body().string();
            assertTrue(body.contains("<strong>1</strong> game matches"), body);
            body = client.get("/games?from=2003&to=2003.05&maxply=3").body().string();
            assertTrue(body.contains("<strong>3</strong> games match"), body);
        });
    }

    @Test
    void theGamesListSortsAndPagesThroughTheUrl() {
        withApp(client -> {
            String body = client.get("/games?sort=plies&dir=asc").body().string();
            assertTrue(body.contains("aria-sort=\"ascending\""));
            assertTrue(body.indexOf("/game/" + hostile + "\"") < body.indexOf("/game/" + workedExample + "\""),
                    "2 plies before 3");
            assertEquals(200, client.get("/games?page=2").code());
        });
    }

    @Test
    void aBadFilterIsA400PageSayingWhatIsWrong() {
        withApp(client -> {
            for (String q : new String[] {"result=2-0", "variant=chess", "page=0", "sort=colour", "code=NOPE", "minply=x", "from=May"}) {
                Response r = client.get("/games?" + q);
                assertEquals(400, r.code(), q);
                assertTrue(r.body().string().contains("Bad request"), q);
            }
        });
    }

    // ---- a game ----

    @Test
    void aGamePageShowsTheBoardTheMovesAndTheResultByRuleAgainstTheRecordedOne() {
        withApp(client -> {
            Response r = client.get("/game/" + workedExample + "/3");
            assertEquals(200, r.code());
            String body = r.body().string();
            assertTrue(body.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board board-emergo\""));
            assertTrue(body.contains("class=\"last-move\" data-route=\"e4 c4 c6 e6 e4 c4\""), "the capture as its whole route");
            assertTrue(body.contains("class=\"move current\" data-ply=\"3\" title=\"ply 3\" aria-current=\"step\">e4xc4xc6xe6xe4xc4</a>"));
            assertTrue(body.contains("id=\"result\">1-0</strong>"));
            assertTrue(body.contains("id=\"result-by-rule\">1-0</strong>"));
            assertTrue(body.contains("data-column=\"w3b5\""), "the capturing column on c4");
        });
    }

    @Test
    void aGameWithoutAPlyStartsAtTheStartPosition() {
        withApp(client -> {
            String body = client.get("/game/" + workedExample).body().string();
            assertTrue(body.contains("data-ply=\"0\""));
            assertTrue(body.contains("id=\"epn\">" + ViewerFixture.EXAMPLE + "</code>"));
        });
    }

    @Test
    void aMissedMajorityIsMarkedInTheListAndTheDueCaptureIsDrawnWhereItWasDue() {
        withApp(client -> {
            String before = client.get("/game/" + missedMajority + "/1").body().string();
            assertTrue(before.contains("class=\"due-capture\" data-route=\"h4 f4 d4\""), before);
            assertTrue(before.contains("Due here: <strong>h4xf4xd4</strong>"));
            String after = client.get("/game/" + missedMajority + "/2").body().string();
            assertTrue(after.contains("class=\"move current has-finding\" data-ply=\"2\""));
            assertTrue(after.contains("<span class=\"code\">MISSED_MAJORITY</span> took 1 man"), after);
        });
    }

    @Test
    void everythingFromARecordIsEscaped() {
        withApp(client -> {
            String body = client.get("/game/" + hostile).body().string();
            assertFalse(body.contains("<script>alert"), "no markup from a record");
            assertTrue(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
            assertTrue(body.contains(">Bob &amp; \"Eve\"</a>"), body);
            assertTrue(body.contains("href=\"/player/%3Cscript%3Ealert%281%29%3C%2Fscript%3E\""));
            String list = client.get("/games").body().string();
            assertFalse(list.contains("<script>alert") || list.contains("<b>bold</b>"));
            String player = client.get("/player/" + enc(ViewerFixture.HOSTILE).replace("+", "%20")).body().string();
            assertFalse(player.contains("<script>alert"));
        });
    }

    @Test
    void everyPageCarriesAContentSecurityPolicy() {
        withApp(client -> {
            for (String path : new String[] {"/games", "/game/" + workedExample, "/stats", "/nowhere", "/api/games"}) {
                String csp = client.get(path).headers().get("Content-Security-Policy").get(0);
                assertTrue(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"), path);
            }
        });
    }

    @Test
    void anUnknownGameOrPlyIsA404AndAMalformedOneA400WithoutATrace() {
        withApp(client -> {
            assertEquals(404, client.get("/game/999999").code());
            assertEquals(404, client.get("/game/" + workedExample + "/4").code());
            assertEquals(400, client.get("/game/abc").code());
            assertEquals(400, client.get("/game/" + workedExample + "/-1").code());
            Response r = client.get("/game/" + workedExample + "/x");
            assertEquals(400, r.code());
            String body = r.body().string();
            assertTrue(body.contains("a ply is a whole number"));
            assertFalse(body.contains("Exception") || body.contains("at org."));
            assertEquals(404, client.get("/no/such/page").code());
        });
    }

    @Test
    void theBoardFlipsThroughTheUrlAndTheStepLinksKeepItFlipped() {
        withApp(client -> {
            String body = client.get("/game/" + workedExample + "/1?flip=1").body().string();
            assertTrue(body.contains("class=\"board board-emergo flipped\""));
            assertTrue(body.contains("id=\"next\" class=\"button\" rel=\"next\" href=\"/game/" + workedExample + "/2?flip=1\""));
        });
    }

    // ---- positions ----

    @Test
    void thePositionExplorerListsTheMovesPlayedNextAndTheGamesThroughIt() {
        withApp(client -> {
            Response r = client.get("/position?epn=" + enc(ViewerFixture.EXAMPLE));
            assertEquals(200, r.code());
            String body = r.body().string();
            assertTrue(body.contains(">f4-e4</a></td><td class=\"num\">2</td><td class=\"num\">1</td><td class=\"num\">0</td><td class=\"num\">0</td>"),
                    body);
            assertTrue(body.contains("2 times in the database"));
            assertTrue(body.contains("href=\"/game/" + workedExample + "/0\""));
        });
    }

    @Test
    void thePositionExplorerWithoutAPositionShowsTheStartAndAMalformedOneIsA400SayingWhatIsWrong() {
        withApp(client -> {
            assertEquals(200, client.get("/position").code());
            assertEquals(200, client.get("/position?variant=HexEmergo").code());
            Response r = client.get("/position?epn=" + enc("w 12 12 z9:w"));
            assertEquals(400, r.code());
            assertTrue(r.body().string().contains("not a position string: no square 'z9' on the Emergo board"));
            assertEquals(400, client.get("/position?epn=x&variant=chess").code());
        });
    }

    // ---- players, statistics, SQL ----

    @Test
    void aPlayerPageShowsResultsByColourAndFindingsLinkingToTheFilteredList() {
        withApp(client -> {
            Response r = client.get("/player/" + enc("Freeling, Christian").replace("+", "%20"));
            assertEquals(200, r.code());
            String body = r.body().string();
            assertTrue(body.contains("href=\"/games?player=Freeling%2C+Christian&amp;code=MISSED_MAJORITY\">MISSED_MAJORITY</a>"), body);
            assertEquals(404, client.get("/player/Nobody").code());
        });
    }

    @Test
    void theStatisticsPageDrawsItsChartsAsSvg() {
        withApp(client -> {
            Response r = client.get("/stats");
            assertEquals(200, r.code());
            String body = r.body().string();
            for (String chart : new String[] {"results", "length", "captures", "first-capture", "findings", "shadowpieces"}) {
                assertTrue(body.contains("id=\"title-" + chart + "\""), chart);
            }
            assertTrue(body.contains("id=\"chart-results\""));
            assertTrue(body.contains("id=\"chart-captures\""));
            assertFalse(body.contains("http://") && body.contains("src=\"http"), "nothing from elsewhere");
        });
    }

    @Test
    void theSqlPageRunsAQueryOffersTheExamplesAndRefusesWrites() {
        withApp(client -> {
            String page = client.get("/sql").body().string();
            assertTrue(page.contains("data-name=\"04_findings_by_player.sql\""));
            String result = client.get("/sql?q=" + enc("SELECT code, COUNT(*) AS n FROM finding GROUP BY code ORDER BY code")).body().string();
            assertTrue(result.contains("<td class=\"\">MISSED_MAJORITY</td><td class=\"num\">1</td>"), result);
            assertEquals(200, client.get("/sql?example=04_findings_by_player.sql").code());
            Response refused = client.get("/sql?q=" + enc("DELETE FROM game"));
            assertEquals(400, refused.code());
            assertTrue(refused.body().string().contains("refused"));
            assertEquals(404, client.get("/sql?example=nope.sql").code());
        });
    }

    @Test
    void theSqlResultDownloadsAsCsv() {
        withApp(client -> {
            Response r = client.get("/sql.csv?q=" + enc("SELECT id, event FROM game WHERE event = 'Worked example'"));
            assertEquals(200, r.code());
            assertTrue(r.headers().get("Content-Type").get(0).startsWith("text/csv"));
            assertEquals("ID,EVENT\r\n" + workedExample + ",Worked example\r\n", r.body().string());
            assertEquals(400, client.get("/sql.csv?q=" + enc("DROP TABLE game")).code());
        });
    }

    @Test
    void theStaticFilesComeFromTheJar() {
        withApp(client -> {
            assertEquals(200, client.get("/static/viewer.css").code());
            assertTrue(client.get("/static/viewer.js").body().string().contains("ArrowRight"));
        });
    }

    // ---- the API ----

    @Test
    void theGamesApiTakesTheListsFiltersAndAnswersTotalAndGames() {
        withApp(client -> {
            JsonNode all = json(client.get("/api/games"));
            assertEquals(11, all.get("total").asInt());
            JsonNode some = json(client.get("/api/games?player=" + enc("Freeling, Christian") + "&sort=id&dir=asc"));
            assertEquals(2, some.get("total").asInt());
            assertEquals(workedExample, some.get("games").get(0).get("id").asLong());
            JsonNode newestFirst = json(client.get("/api/games?player=" + enc("Freeling, Christian")));
            assertEquals(missedMajority, newestFirst.get("games").get(0).get("id").asLong());
            assertEquals(workedExample, newestFirst.get("games").get(1).get("id").asLong());
            assertEquals("1-0", some.get("games").get(0).get("resultByRule").asText());
            Response bad = client.get("/api/games?result=9");
            assertEquals(400, bad.code());
            assertTrue(json(bad).get("error").asText().contains("result"));
        });
    }

    @Test
    void theGameApiGivesTagsMovesFindingsAndPositions() {
        withApp(client -> {
            JsonNode g = json(client.get("/api/games/" + missedMajority));
            assertEquals("Freeling, Christian", g.get("tags").get("Black").asText());
            assertEquals("e5xe3", g.get("moves").get(1).get("canonical").asText());
            assertEquals("MISSED_MAJORITY", g.get("findings").get(0).get("code").asText());
            assertEquals("h4xf4xd4", g.get("findings").get(0).get("expected").asText());
            assertEquals(3, g.get("positions").size());
            assertEquals(ViewerFixture.EXAMPLE, g.get("positions").get(0).get("epn").asText());
            assertEquals(404, client.get("/api/games/999999").code());
        });
    }

    @Test
    void theGameApiGivesTheEnginesReviewOnceTheGameIsReviewed() {
        withApp(client -> {
            assertTrue(json(client.get("/api/games/" + workedExample)).get("review").isNull());
            StoredReview stored;
            try (ReviewJob job = new ReviewJob(db, Limit.depth(2), 1)) {
                stored = job.reviewGame(workedExample).orElseThrow();
            }
            JsonNode r = json(client.get("/api/games/" + workedExample)).get("review");
            assertEquals("depth=2", r.get("setting").asText());
            assertEquals(3, r.get("moves").asInt());
            assertEquals(stored.white().accuracy(), r.get("white").get("accuracy").asDouble(), 1e-9);
            assertEquals(stored.black().blunders(), r.get("black").get("blunders").asInt());
            JsonNode positions = r.get("positions");
            assertEquals(4, positions.size());
            for (int ply = 0; ply < 3; ply++) {
                StoredReview.Ply p = stored.positions().get(ply);
                JsonNode j = positions.get(ply);
                assertEquals(p.scoreWhite(), j.get("scoreWhite").asInt());
                assertEquals(p.bestMove(), j.get("bestMove").asText());
                assertEquals(p.line().get(0), j.get("line").get(0).asText());
                assertEquals(p.loss(), j.get("loss").asInt());
                assertEquals(p.moveClass(), j.get("class").asText());
            }
            assertEquals(List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4"),
                    List.of(positions.get(0).get("played").asText(), positions.get(1).get("played").asText(),
                            positions.get(2).get("played").asText()));
            JsonNode end = positions.get(3); // Black has no pieces left
            assertTrue(end.get("bestMove").isNull());
            assertTrue(end.get("played").isNull());
            assertEquals("White has won", end.get("score").asText());
        });
    }

    @Test
    void thePositionsApiGivesTheNextMovesWithTheirScoresAndTheGames() {
        withApp(client -> {
            JsonNode p = json(client.get("/api/positions?epn=" + enc(ViewerFixture.EXAMPLE)));
            assertEquals(2, p.get("total").asInt());
            assertEquals("f4-e4", p.get("moves").get(0).get("move").asText());
            assertEquals(2, p.get("moves").get(0).get("games").asInt());
            assertEquals(1, p.get("moves").get(0).get("wins").asInt());
            assertEquals(50, p.get("moves").get(0).get("score").asInt());
            assertEquals(2, p.get("games").size());
            assertEquals(400, client.get("/api/positions?epn=" + enc("q 1 1")).code());
        });
    }
}
