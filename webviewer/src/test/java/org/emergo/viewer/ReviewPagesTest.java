package org.emergo.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.testtools.JavalinTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.emergo.review.MoveJudgements;
import org.emergo.review.ReviewText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.WinCurve;
import org.emergo.store.db.Database;
import org.emergo.store.review.ReviewFigures;
import org.emergo.store.review.ReviewJob;
import org.emergo.store.review.ReviewRepository;
import org.emergo.viewer.http.Urls;
import org.jooq.Record;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's review in the viewer: the game page's graph, score, best move and line, the
 * signs in the move list and the jumps between mistakes; the review button (from the page it
 * reviews, from another site it is refused, a GET writes nothing); the review in the API; a
 * player's accuracy; the ply at which games are decided.
 */
class ReviewPagesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The fixture's games left unreviewed, for the button. */
    private static final List<String> UNREVIEWED = List.of("Worked example", "Missed majority", "<b>bold</b> & co");

    private static Database db;
    /** A reviewed game with at least one mistake or blunder. */
    private static long erring;

    @TempDir
    static Path folder;

    @BeforeAll
    static void reviewMostOfTheFixture() {
        db = ViewerFixture.analysed(folder);
        try (ReviewJob job = new ReviewJob(db, ReviewJob.DEFAULT_LIMIT, 2)) {
            job.run("event NOT IN ('Worked example', 'Missed majority', '<b>bold</b> & co')", n -> { });
        }
        Record r = db.dsl().fetchOne("SELECT MIN(game_id) FROM review_ply WHERE move_class IN ('mistake', 'blunder')");
        assertNotNull(r.get(0), "the fixture's self-played games make mistakes at the default setting");
        erring = r.get(0, long.class);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private interface Check {
        void run(io.javalin.testtools.HttpClient client, int port) throws Exception;
    }

    private static void withApp(Check check) {
        Javalin app = new ViewerApp(db).create();
        JavalinTest.test(app, (server, client) -> check.run(client, server.port()));
    }

    private static long id(String event) {
        return db.dsl().fetchOne("SELECT id FROM game WHERE event = ?", event).get(0, long.class);
    }

    private static boolean reviewed(long game) {
        return db.dsl().fetchOne("SELECT COUNT(*) FROM review WHERE game_id = ?", game).get(0, int.class) > 0;
    }

    /** The review rows of a game, ply by ply. */
    private static List<Record> plies(long game) {
        return new ArrayList<>(db.dsl().fetch("SELECT ply, player, score_white, best_move, line, played, loss, move_class"
                + " FROM review_ply WHERE game_id = ? ORDER BY ply", game));
    }

    /** The score of a reviewed position in words, as the store gives it: "+1.25", "White wins in 3 plies". */
    private static String scoreText(long game, int ply) throws Exception {
        return ReviewText.score(new ReviewRepository(db).latest(game).orElseThrow().positions().get(ply).scoreWhite());
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void aMoveTheProofFindsKeepsMaterialSaysSoBesideTheSearchsLoss() {
        List<Record> kept = db.dsl().fetch("SELECT game_id, ply, proof_horizon FROM review_ply WHERE proof = 'best'"
                + " AND played <> best_move AND loss > 0 ORDER BY game_id, ply");
        assertFalse(kept.isEmpty(), "the fixture's review has no move whose proof overrules the search");
        List<Record> others = db.dsl().fetch("SELECT game_id, ply FROM review_ply WHERE (proof IS NULL OR proof <> 'best')"
                + " AND played <> best_move AND loss > 0 ORDER BY game_id, ply");
        withApp((client, port) -> {
            for (Record r : kept.subList(0, Math.min(5, kept.size()))) {
                // the page of a ply shows the move that led to it
                String page = client.get("/game/" + r.get(0) + "/" + (r.get(1, int.class) + 1)).body().string();
                assertTrue(page.contains("The exact proof finds that it keeps as much material as any other move within "
                        + r.get(2) + " plies"), "game " + r.get(0) + " ply " + r.get(1));
            }
            for (Record r : others.subList(0, Math.min(5, others.size()))) {
                String page = client.get("/game/" + r.get(0) + "/" + (r.get(1, int.class) + 1)).body().string();
                assertFalse(page.contains("The exact proof finds"), "game " + r.get(0) + " ply " + r.get(1));
            }
        });
    }

    /** A POST of the review button's form, as a browser on {@code origin} would send it (null: no browser headers). */
    private static HttpResponse<String> post(int port, String path, String body, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        // java.net.http follows no redirect unless told: the 303 itself is the answer
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The headers a current browser sends with a form's POST from a page on {@code site}: its
     * Origin is null, as the viewer's pages send no referrer (Chromium does so).
     */
    private static Map<String, String> browser(String site) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Sec-Fetch-Site", site);
        h.put("Origin", "null");
        return h;
    }

    // ---- the game page ----

    @Test
    void aReviewedGameShowsItsGraphWithALinkPerPlyAndTheScoreBestMoveAndLineOfThePlyShown() {
        List<Record> rows = plies(erring);
        int ply = Math.min(4, rows.size() - 2);
        Record here = rows.get(ply);
        withApp((client, port) -> {
            String body = client.get("/game/" + erring + "/" + ply).body().string();
            assertEquals(1, count(body, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"review-graph\""), body);
            assertEquals(rows.size(), count(body, "<a class=\"ply-link\""));
            for (Record r : rows) {
                assertTrue(body.contains("<a class=\"ply-link\" href=\"/game/" + erring + "/" + r.get(0) + "\""));
            }
            assertTrue(body.contains("<dd id=\"score\">" + scoreText(erring, ply)), body);
            String best = here.get(3, String.class);
            assertTrue(body.contains("<dd id=\"best-move\"><strong>" + best + "</strong>"), body);
            assertTrue(body.contains("<dd id=\"expected-line\"><code>" + here.get(4, String.class) + "</code>"));
            String route = String.join(" ", best.split("[-x]"));
            assertTrue(body.contains("class=\"best-move\" data-route=\"" + route + "\""), "drawn on the board: " + route);
            assertTrue(body.contains("id=\"white-accuracy\""));
        });
    }

    @Test
    void theMoveListMarksInaccuraciesMistakesAndBlundersWithTheirSignsAndNamesThem() {
        Map<String, Integer> expected = new LinkedHashMap<>();
        for (Record r : plies(erring)) {
            String c = r.get(7, String.class);
            if (c != null && !c.equals("good")) expected.merge(c, 1, Integer::sum);
        }
        withApp((client, port) -> {
            String body = client.get("/game/" + erring).body().string();
            Map<String, String> signs = Map.of("inaccuracy", "?!", "mistake", "?", "blunder", "??");
            for (String c : signs.keySet()) {
                String mark = "<span class=\"annotation " + c + "\" title=\"" + c + "\">" + signs.get(c)
                        + "<span class=\"visually-hidden\"> (" + c + ")</span></span>";
                assertEquals(expected.getOrDefault(c, 0), count(body, mark), c);
            }
        });
    }

    @Test
    void theNextAndPreviousMistakeLinksGoToThePliesAfterTheMistakesAndBlunders() {
        List<Integer> after = new ArrayList<>();
        for (Record r : plies(erring)) {
            String c = r.get(7, String.class);
            if ("mistake".equals(c) || "blunder".equals(c)) after.add(r.get(0, int.class) + 1);
        }
        int first = after.get(0);
        withApp((client, port) -> {
            String start = client.get("/game/" + erring + "/0").body().string();
            assertTrue(start.contains("<a id=\"next-mistake\" class=\"button\" href=\"/game/" + erring + "/" + first + "\""), start);
            assertFalse(start.contains("id=\"prev-mistake\""), "no mistake before the start");
            String at = client.get("/game/" + erring + "/" + first).body().string();
            assertTrue(at.contains("<p id=\"judgement\" class=\"judgement "), at);
            if (after.size() > 1) {
                assertTrue(at.contains("<a id=\"next-mistake\" class=\"button\" href=\"/game/" + erring + "/" + after.get(1) + "\""));
            }
            String end = client.get("/game/" + erring + "/" + (first + 1) + "?flip=1").body().string();
            assertTrue(end.contains("<a id=\"prev-mistake\" class=\"button\" href=\"/game/" + erring + "/" + first + "?flip=1\""),
                    "the links keep the board flipped");
        });
    }

    @Test
    void aGameNotReviewedOffersTheReviewButtonAsAPostFormAndNoGraph() {
        long game = id("Missed majority");
        withApp((client, port) -> {
            String body = client.get("/game/" + game + "/1?flip=1").body().string();
            assertTrue(body.contains("<form class=\"review-form\" method=\"post\" action=\"/game/" + game + "/review\">"), body);
            assertTrue(body.contains("<input type=\"hidden\" name=\"ply\" value=\"1\">"));
            assertTrue(body.contains("<input type=\"hidden\" name=\"flip\" value=\"1\">"));
            assertTrue(body.contains("<button type=\"submit\" id=\"review-button\">Review this game</button>"));
            assertFalse(body.contains("class=\"review-graph\""));
            assertTrue(client.get("/api/games/" + game).body().string().contains("\"review\":null"));
        });
    }

    // ---- the review button ----

    @Test
    void theReviewButtonFromTheViewersOwnPageReviewsTheGameAndSendsTheBrowserBackToItsPly() {
        long game = id("Worked example");
        assertFalse(reviewed(game));
        withApp((client, port) -> {
            HttpResponse<String> r = post(port, "/game/" + game + "/review", "ply=2&flip=1", browser("same-origin"));
            assertEquals(303, r.statusCode(), r.body());
            assertEquals("/game/" + game + "/2?flip=1", r.headers().firstValue("Location").orElse(""));
            assertTrue(reviewed(game));
            String page = client.get("/game/" + game + "/2?flip=1").body().string();
            assertTrue(page.contains("class=\"review-graph\""));
            assertFalse(page.contains("id=\"review-button\""));
            // a second click finds it reviewed and reviews nothing again
            HttpResponse<String> again = post(port, "/game/" + game + "/review", "ply=2", browser("same-origin"));
            assertEquals(303, again.statusCode());
            assertEquals(1, db.dsl().fetchOne("SELECT COUNT(*) FROM review WHERE game_id = ?", game).get(0, int.class));
        });
    }

    @Test
    void aReviewAskedForByAnotherSitesPageIsRefusedAndChangesNothing() {
        long game = id("Missed majority");
        withApp((client, port) -> {
            for (String site : List.of("cross-site", "same-site", "none")) {
                HttpResponse<String> r = post(port, "/game/" + game + "/review", "ply=0", browser(site));
                assertEquals(403, r.statusCode(), site);
                assertTrue(r.body().contains("own pages may ask for this"), r.body());
                assertFalse(r.body().contains("Exception"));
            }
            // an older browser without Sec-Fetch-Site still says its origin, which must be this server's
            HttpResponse<String> old = post(port, "/game/" + game + "/review", "ply=0", Map.of("Origin", "http://elsewhere.example"));
            assertEquals(403, old.statusCode());
            HttpResponse<String> opaque = post(port, "/game/" + game + "/review", "ply=0", Map.of("Origin", "null"));
            assertEquals(403, opaque.statusCode(), "a null origin could be any page");
            assertFalse(reviewed(game));
        });
    }

    @Test
    void aGetOfTheReviewAddressWritesNothing() {
        long game = id("Missed majority");
        withApp((client, port) -> {
            int status = client.get("/game/" + game + "/review").code();
            assertTrue(status >= 400, "a GET is no review: " + status);
            assertFalse(reviewed(game));
        });
    }

    @Test
    void aProgramWithoutBrowserHeadersOrAnOlderBrowserOnTheViewersOwnOriginMayAskForAReview() {
        long game = id("<b>bold</b> & co");
        withApp((client, port) -> {
            HttpResponse<String> r = post(port, "/game/" + game + "/review", "", Map.of());
            assertEquals(303, r.statusCode(), r.body());
            assertEquals("/game/" + game + "/0", r.headers().firstValue("Location").orElse(""));
            assertTrue(reviewed(game));
            HttpResponse<String> older = post(port, "/game/" + game + "/review", "ply=1", Map.of("Origin", "http://localhost:" + port));
            assertEquals(303, older.statusCode(), older.body());
            assertEquals(404, post(port, "/game/999999/review", "", Map.of()).statusCode(), "an unknown game");
        });
    }

    // ---- the API ----

    @Test
    void theApiGivesEachPositionsScoreBestMoveAndLineEachMovesLossAndClassAndEachSidesAccuracy() {
        List<Record> rows = plies(erring);
        Record figures = db.dsl().fetchOne("SELECT white_accuracy, black_accuracy, white_blunders FROM review WHERE game_id = ?", erring);
        withApp((client, port) -> {
            JsonNode review = JSON.readTree(client.get("/api/games/" + erring).body().string()).get("review");
            assertEquals("depth=" + ReviewJob.DEFAULT_DEPTH, review.get("setting").asText());
            assertEquals(figures.get(0, Float.class), (float) review.get("white").get("accuracy").asDouble(), 1e-4);
            assertEquals(figures.get(1, Float.class), (float) review.get("black").get("accuracy").asDouble(), 1e-4);
            assertEquals(figures.get(2, int.class), review.get("white").get("blunders").asInt());
            assertEquals(rows.size() - 1, review.get("moves").asInt());
            JsonNode positions = review.get("positions");
            assertEquals(rows.size(), positions.size());
            for (int i = 0; i < rows.size(); i++) {
                Record r = rows.get(i);
                JsonNode p = positions.get(i);
                assertEquals(r.get(0, int.class), p.get("ply").asInt());
                assertEquals(r.get(2, int.class), p.get("scoreWhite").asInt());
                assertEquals(r.get(3, String.class), p.get("bestMove").isNull() ? null : p.get("bestMove").asText());
                List<String> line = new ArrayList<>();
                p.get("line").forEach(m -> line.add(m.asText()));
                assertEquals(r.get(4, String.class), String.join(" ", line));
                assertEquals(r.get(5, String.class), p.get("played").isNull() ? null : p.get("played").asText());
                assertEquals(r.get(6, Integer.class), p.get("loss").isNull() ? null : p.get("loss").asInt());
                assertEquals(r.get(7, String.class), p.get("class").isNull() ? null : p.get("class").asText());
            }
        });
    }

    // ---- the player and statistics pages ----

    @Test
    void thePlayerPageShowsAccuracyPerReviewedGameAndOnAverageAndBlundersPer100Moves() {
        String player = db.dsl().fetchOne("SELECT white FROM game WHERE id = ?", erring).get(0, String.class);
        ReviewFigures.PlayerFigures f = new ReviewFigures(db.dsl()).player(player).orElseThrow();
        assertFalse(f.games().isEmpty());
        // his moves counted from the review rows themselves
        int moves = db.dsl().fetchOne("""
                SELECT COUNT(*) FROM review_ply p JOIN game g ON g.id = p.game_id
                WHERE p.played IS NOT NULL AND ((g.white = ? AND p.player = 'w') OR (g.black = ? AND p.player = 'b'))""",
                player, player).get(0, int.class);
        int blunders = db.dsl().fetchOne("""
                SELECT COUNT(*) FROM review_ply p JOIN game g ON g.id = p.game_id
                WHERE p.move_class = 'blunder' AND ((g.white = ? AND p.player = 'w') OR (g.black = ? AND p.player = 'b'))""",
                player, player).get(0, int.class);
        assertEquals(moves, f.moves());
        assertEquals(blunders, f.blunders());
        withApp((client, port) -> {
            String body = client.get("/player/" + Urls.segment(player)).body().string();
            assertTrue(body.contains("<td class=\"num\" id=\"blunders-per-100\">"
                    + String.format(Locale.ROOT, "%.1f", 100.0 * blunders / moves) + "</td>"), body);
            assertTrue(body.contains("<td class=\"num\" id=\"average-accuracy\">"
                    + String.format(Locale.ROOT, "%.1f", f.averageAccuracy()) + "</td>"));
            String table = body.substring(body.indexOf("id=\"reviewed-games\""));
            table = table.substring(0, table.indexOf("</table>"));
            for (ReviewFigures.PlayerGame g : f.games()) {
                assertTrue(table.contains("<tr><td class=\"num\"><a href=\"/game/" + g.gameId() + "\">"), "game " + g.gameId());
            }
            assertEquals(f.games().size(), count(table, "<tr><td class=\"num\"><a href=\"/game/"), "a row per reviewed game");
        });
    }

    @Test
    void theDecidedPlyIsTheFirstFromWhichTheWinnersChancesStayAtNinetyPercentAndTheStatisticsPageSaysSo() {
        ReviewFigures figures = new ReviewFigures(db.dsl());
        ReviewFigures.Setting s = figures.mainSetting().orElseThrow();
        List<ReviewFigures.DecidedGame> decided = figures.decided(s);
        assertFalse(decided.isEmpty(), "the fixture has decisive reviewed games");
        for (ReviewFigures.DecidedGame g : decided) {
            assertEquals(expectedDecision(g.gameId(), s.curve(variant(g.gameId()))), g.decidedAt(), "game " + g.gameId());
        }
        withApp((client, port) -> {
            String body = StatsFigures.page(client);
            assertTrue(body.contains("<h2 id=\"title-decided\">Ply at which games are decided</h2>"), body);
            assertTrue(body.contains("A game is <dfn>decided</dfn> at the first ply from which the eventual winner's winning"
                    + " chances, as the engine's review judges them, stay at 90% or more to the end."));
            assertTrue(body.contains("Of the " + decided.size() + " decisive games reviewed at depth=" + ReviewJob.DEFAULT_DEPTH));
        });
    }

    private static Variant variant(long game) {
        return Variant.parse(db.dsl().fetchOne("SELECT variant FROM game WHERE id = ?", game).get(0, String.class));
    }

    /** The definition computed here from the stored scores, position by position, with the curve. */
    private static Integer expectedDecision(long game, WinCurve curve) {
        String result = db.dsl().fetchOne("SELECT result FROM game WHERE id = ?", game).get(0, String.class);
        Side winner = result.equals("1-0") ? Side.WHITE : Side.BLACK;
        List<Record> rows = plies(game);
        Integer decidedAt = 0;
        for (Record r : rows) {
            Side toMove = Side.ofLetter(r.get(1, String.class).charAt(0));
            double moverChance = curve.winChance(MoveJudgements.forSide(r.get(2, int.class), toMove));
            double winnerChance = toMove == winner ? moverChance : 1 - moverChance;
            if (winnerChance < 0.9) decidedAt = r.get(0, int.class) + 1;
        }
        return decidedAt > rows.get(rows.size() - 1).get(0, int.class) ? null : decidedAt;
    }
}
