package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.testtools.HttpClient;
import io.javalin.testtools.JavalinTest;
import io.javalin.testtools.Response;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.rating.RatingJob;
import org.emergo.viewer.http.Urls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ratings in the viewer: the players page, a player's history, a game's ratings, and the API. */
class RatingRoutesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Database db;
    private static long workedExample;
    private static long hostileWin;
    private static String shown;

    @TempDir
    static Path folder;

    @BeforeAll
    static void database() {
        db = ViewerFixture.analysed(folder);
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Rated hostility");
        tags.put("Date", "2003.05.15");
        tags.put("White", ViewerFixture.HOSTILE);
        tags.put("Black", "van Zon, Ed");
        tags.put("Result", "1-0");
        new GameRepository(db.dsl()).insertAll(List.of(new GameRecord(Variant.EMERGO, tags, null, List.of("e4", "e6"), null,
                "fixture", 1)), null);
        shown = new RatingJob(db).run().shownSystem();
        workedExample = id("Worked example");
        hostileWin = id("Rated hostility");
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

    private static JsonNode json(Response r) throws Exception {
        return JSON.readTree(r.body().string());
    }

    @Test
    void thePlayersPageRanksEveryRatedPlayerOfAVariantWithGamesAndLastGame() {
        withApp(client -> {
            Response r = client.get("/players");
            assertEquals(200, r.code());
            String body = r.body().string();
            int players = db.dsl().fetchOne("SELECT COUNT(*) FROM player_rating WHERE system = ? AND variant = 'Emergo'", shown)
                    .get(0, int.class);
            assertEquals(players, body.split("<tr><td class=\"num\">").length - 1, body);
            String top = db.dsl().fetchOne("SELECT p.name FROM player_rating r JOIN player p ON p.id = r.player_id"
                    + " WHERE r.system = ? AND r.variant = 'Emergo' AND r.rank = 1", shown).get(0, String.class);
            assertTrue(body.contains("<tr><td class=\"num\">1</td><td><a href=\"" + Urls.player(top).replace("&", "&amp;") + "\">"), body);
            assertTrue(body.contains("id=\"system\">" + (shown.equals("glicko2") ? "Glicko-2" : "Elo") + "</strong>"), body);
            assertTrue(body.contains("<a href=\"/players?variant=HexEmergo\""), "a link to the other variant: " + body);
            assertTrue(body.contains("id=\"quality\""), body);
            String hex = client.get("/players?variant=HexEmergo").body().string();
            assertTrue(hex.contains("<h2>HexEmergo: "), hex);
        });
    }

    @Test
    void namesOnThePlayersPageAreEscaped() {
        withApp(client -> {
            String body = client.get("/players").body().string();
            assertFalse(body.contains(ViewerFixture.HOSTILE), "raw markup from a record");
            assertTrue(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), body);
        });
    }

    @Test
    void aBadVariantOrPageIsA400() {
        withApp(client -> {
            assertEquals(400, client.get("/players?variant=chess").code());
            assertEquals(400, client.get("/players?page=0").code());
            assertEquals(400, client.get("/players?page=x").code());
            Response api = client.get("/api/players?variant=chess");
            assertEquals(400, api.code());
            assertEquals("variant must be Emergo or HexEmergo", json(api).get("error").asText());
        });
    }

    @Test
    void aPlayerPageShowsTheCurrentRatingAndItsHistoryAsAChart() {
        withApp(client -> {
            String body = client.get(Urls.player("van Zon, Ed")).body().string();
            assertTrue(body.contains("<h2 id=\"ratings-title\">Rating ("), body);
            assertTrue(body.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"chart-rating-emergo\""), body);
            assertTrue(body.contains("<polyline class=\"line\""), body);
            double rating = db.dsl().fetchOne("SELECT r.rating FROM player_rating r JOIN player p ON p.id = r.player_id"
                    + " WHERE r.system = ? AND p.name = 'van Zon, Ed'", shown).get(0, double.class);
            assertTrue(body.contains("<strong class=\"rating\">" + Math.round(rating) + "</strong>"), body);
            // a player without a rated game has no rating section
            String unrated = client.get(Urls.player("Bob & \"Eve\"")).body().string();
            assertFalse(unrated.contains("id=\"ratings\""), unrated);
        });
    }

    @Test
    void aGamePageShowsBothPlayersRatingsWhenTheGameBegan() {
        withApp(client -> {
            String body = client.get("/game/" + workedExample).body().string();
            // the fixture's first rated game: both players new
            assertTrue(body.contains("Ratings when the game began ("), body);
            assertTrue(body.contains("<strong>1500</strong>"), body);
            assertTrue(body.contains("White was expected to score 50.0%."), body);
            String hostile = client.get("/game/" + hostileWin).body().string();
            assertFalse(hostile.contains("<script>alert"), "raw markup from a record");
        });
    }

    @Test
    void theApiGivesTheRankingAPlayersHistoryAndAGamesRatings() {
        withApp(client -> {
            JsonNode players = json(client.get("/api/players"));
            assertEquals(shown, players.get("system").asText());
            assertEquals("Emergo", players.get("variant").asText());
            assertEquals(players.get("total").asInt(), players.get("players").size());
            assertEquals(1, players.get("players").get(0).get("rank").asInt());
            assertEquals(4, players.get("quality").size(), "two systems, two variants");
            JsonNode ed = json(client.get("/api/players/" + Urls.segment("van Zon, Ed")));
            JsonNode emergo = ed.get("ratings").get(0);
            assertEquals(emergo.get("games").asInt(), emergo.get("history").size());
            assertEquals(emergo.get("lastGameId").asLong(), emergo.get("history").get(emergo.get("games").asInt() - 1).get("gameId").asLong());
            assertEquals(404, client.get("/api/players/Nobody").code());
            JsonNode game = json(client.get("/api/games/" + workedExample)).get("ratings");
            assertEquals(shown, game.get("system").asText());
            assertEquals("van Zon, Ed", game.get("white").get("player").asText());
            assertEquals(1500, game.get("black").get("rating").asDouble());
            assertEquals(0.5, game.get("white").get("expected").asDouble());
            assertTrue(json(client.get("/api/games/" + id("Missed majority"))).get("ratings").isNull(), "an unrated game");
        });
    }
}
