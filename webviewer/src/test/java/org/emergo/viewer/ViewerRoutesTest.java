package org.emergo.viewer;

import static org.emergo.store.jooq.Tables.GAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.testtools.FormBody;
import io.javalin.testtools.HttpClient;
import io.javalin.testtools.JavalinTest;
import io.javalin.testtools.Response;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.importer.EgnReader;
import org.emergo.importer.ImportError;
import org.emergo.importer.RecordSink;
import org.emergo.replay.GameRecord;
import org.emergo.search.Limit;
import org.emergo.store.PostgresServer;
import org.emergo.store.UserSqlProbes;
import org.emergo.store.db.Database;
import org.emergo.store.review.OneGameReview;
import org.emergo.store.review.StoredReview;
import org.emergo.viewer.sql.SqlHandlers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every route of the viewer through JavalinTest, on H2 and on PostgreSQL: status codes,
 * escaping, errors, the API's JSON, and who may make the viewer run a query.
 */
class ViewerRoutesTest {

    @Nested
    class OnH2 extends Cases {
        @Override
        Database open(Path folder) {
            return ViewerFixture.analysed(folder);
        }

        @Override
        String failingAfter(int rows) {
            return "SELECT CASE WHEN X <= " + rows + " THEN X ELSE 1 / (X - X) END AS n FROM SYSTEM_RANGE(1, " + (rows * 2 + 2) + ")";
        }

        @Override
        String numbers(int rows) {
            return "SELECT X AS n FROM SYSTEM_RANGE(1, " + rows + ")";
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        @Override
        Database open(Path folder) {
            return ViewerFixture.analysed(PostgresServer.get().newDatabaseUrl());
        }

        @Override
        String failingAfter(int rows) {
            return "SELECT CASE WHEN g <= " + rows + " THEN g ELSE 1 / (g - g) END AS n FROM generate_series(1, " + (rows * 2 + 2)
                    + ") AS g";
        }

        @Override
        String numbers(int rows) {
            return "SELECT g AS n FROM generate_series(1, " + rows + ") AS g";
        }

        /**
         * What a query from the SQL page might do beyond reading, with the viewer connected as
         * the superuser that {@code initdb -U emergo} makes: each refused, and nothing left behind.
         */
        @ParameterizedTest
        @MethodSource("org.emergo.store.UserSqlProbes#all")
        void aQueryThatWouldDoMoreThanReadIsRefusedAndLeavesNothingBehind(String probe) {
            withApp((client, port) -> {
                try (Connection other = DriverManager.getConnection(db.url()); Statement st = other.createStatement()) {
                    int pid = UserSqlProbes.pid(st);
                    String sql = UserSqlProbes.at(probe, pid);
                    for (Response r : List.of(post(client, "/sql", Map.of("q", sql, "token", token(client))),
                            fromOwnPage(client, "/sql.csv?q=" + enc(sql)))) {
                        assertEquals(400, r.code());
                        assertTrue(r.body().string().contains("refused: "), probe);
                    }
                    UserSqlProbes.assertNothingLeftBehind(st, pid, 12);
                }
            });
        }

        @Test
        void aQueryFromTheSqlPageRunsAsTheDatabasesReaderRole() {
            withApp((client, port) -> {
                String body = post(client, "/sql", Map.of("q", "SELECT current_user", "token", token(client))).body().string();
                assertTrue(body.contains("<td class=\"\">emergo_reader_emergo_test_"), body);
            });
        }

    }

    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class Cases {

        private static final ObjectMapper JSON = new ObjectMapper();
        private static final Pattern TOKEN = Pattern.compile("name=\"token\" value=\"([0-9a-f]+)\"");
        /** Every address a page names: what a browser would fetch or follow. */
        private static final Pattern ADDRESS = Pattern.compile("(?:\\b(?:src|href|action|xlink:href)\\s*=\\s*\"([^\"]*)\")|url\\(([^)]*)\\)");

        Database db;
        private long workedExample;
        private long missedMajority;
        private long hostile;

        abstract Database open(Path folder);

        /** A query of the database's own that fails on the row after the given number. */
        abstract String failingAfter(int rows);

        /** A query of the numbers 1 to rows, as column n. */
        abstract String numbers(int rows);

        @BeforeAll
        void database(@TempDir Path folder) {
            db = open(folder);
            workedExample = id("Worked example");
            missedMajority = id("Missed majority");
            hostile = id("<b>bold</b> & co");
        }

        @AfterAll
        void close() {
            db.close();
        }

        private long id(String event) {
            return db.dsl().fetchOne("SELECT id FROM game WHERE event = ?", event).get(0, long.class);
        }

        interface Check {
            void run(HttpClient client, int port) throws Exception;
        }

        void withApp(Check check) {
            JavalinTest.test(new ViewerApp(db).create(), (server, client) -> check.run(client, server.port()));
        }

        static String enc(String s) {
            return URLEncoder.encode(s, StandardCharsets.UTF_8);
        }

        private static JsonNode json(Response r) throws Exception {
            return JSON.readTree(r.body().string());
        }

        /** A GET as a browser sends it from a page of the viewer's own. */
        static Response fromOwnPage(HttpClient client, String path) {
            return client.get(path, r -> r.header("Sec-Fetch-Site", "same-origin"));
        }

        static String token(HttpClient client) {
            Matcher m = TOKEN.matcher(client.get("/sql").body().string());
            assertTrue(m.find(), "the SQL page carries the token");
            return m.group(1);
        }

        static Response post(HttpClient client, String path, Map<String, String> form) {
            FormBody.Builder body = new FormBody.Builder();
            form.forEach(body::add);
            return client.request(path, r -> r.post(body.build()));
        }

        // ---- the games list ----

        @Test
        void theHomePageAndTheGamesListShowEveryGameWithItsCount() {
            withApp((client, port) -> {
                for (String path : new String[] {"/", "/games"}) {
                    Response r = client.get(path);
                    assertEquals(200, r.code());
                    String body = r.body().string();
                    assertTrue(body.contains("<strong>12</strong> games match"), body);
                    assertTrue(body.contains("href=\"/game/" + workedExample + "\""));
                }
            });
        }

        @Test
        void theGamesListFiltersByPlayerFindingCodeAndResultAndCountsTheMatches() {
            withApp((client, port) -> {
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
                assertTrue(body.contains("<strong>4</strong> games match"), body);
            });
        }

        /** A filtered list as a file: every game it matches, which read back as the list's games. */
        @Test
        void theFilteredListDownloadsAsEgnAndCsvWithEveryGameItMatches() {
            withApp((client, port) -> {
                String filter = "player=" + enc("Freeling, Christian");
                Response egn = client.get("/games.egn?" + filter);
                assertEquals(200, egn.code());
                assertTrue(egn.headers().get("Content-Disposition").get(0).contains("emergo-games.egn"));
                List<GameRecord> read = egnGames(egn.body().string());
                assertEquals(2, read.size());
                for (GameRecord g : read) {
                    assertTrue(List.of(g.tags().get("White"), g.tags().get("Black")).contains("Freeling, Christian"), g.tags().toString());
                }
                List<String> csv = client.get("/games.csv?" + filter).body().string().lines().toList();
                assertEquals(3, csv.size(), "a heading and two games: " + csv);
                assertEquals(db.dsl().fetchCount(GAME), egnGames(client.get("/games.egn").body().string()).size(),
                        "unfiltered: every game");
            });
        }

        private static List<GameRecord> egnGames(String egn) throws IOException {
            List<GameRecord> read = new ArrayList<>();
            EgnReader.read(new StringReader(egn), "download", new RecordSink() {
                public void game(GameRecord record) {
                    read.add(record);
                }

                public void error(ImportError error) {
                    fail(error.toString());
                }

                public void warning(ImportError warning) {
                    fail(warning.toString());
                }
            });
            return read;
        }

        @Test
        void theGamesListSortsAndPagesThroughTheUrl() {
            withApp((client, port) -> {
                String body = client.get("/games?sort=plies&dir=asc").body().string();
                assertTrue(body.contains("aria-sort=\"ascending\""));
                assertTrue(body.indexOf("/game/" + hostile + "\"") < body.indexOf("/game/" + workedExample + "\""),
                        "2 plies before 3");
                assertEquals(200, client.get("/games?page=2").code());
            });
        }

        @Test
        void aBadFilterIsA400PageSayingWhatIsWrong() {
            withApp((client, port) -> {
                for (String q : new String[] {"result=2-0", "variant=chess", "page=0", "sort=colour", "code=NOPE", "minply=x",
                    "from=May", "reviewed=maybe", "side=white", "maxacc=101", "minblunders=-1"}) {
                    Response r = client.get("/games?" + q);
                    assertEquals(400, r.code(), q);
                    assertTrue(r.body().string().contains("Bad request"), q);
                }
            });
        }

        // ---- a game ----

        @Test
        void aGamePageShowsTheBoardTheMovesAndTheResultByRuleAgainstTheRecordedOne() {
            withApp((client, port) -> {
                Response r = client.get("/game/" + workedExample + "/3");
                assertEquals(200, r.code());
                String body = r.body().string();
                assertTrue(body.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board board-emergo\""));
                assertTrue(body.contains("class=\"last-move\" data-route=\"e4 c4 c6 e6 e4 c4\""), "the capture as its whole route");
                assertTrue(body.contains(
                        "class=\"move current\" data-ply=\"3\" title=\"ply 3\" aria-current=\"step\">e4xc4xc6xe6xe4xc4</a>"));
                assertTrue(body.contains("id=\"result\">1-0</strong>"));
                assertTrue(body.contains("id=\"result-by-rule\">1-0</strong>"));
                assertTrue(body.contains("data-column=\"w3b5\""), "the capturing column on c4");
            });
        }

        @Test
        void aGameWithoutAPlyStartsAtTheStartPosition() {
            withApp((client, port) -> {
                String body = client.get("/game/" + workedExample).body().string();
                assertTrue(body.contains("data-ply=\"0\""));
                assertTrue(body.contains("id=\"epn\">" + ViewerFixture.EXAMPLE + "</code>"));
            });
        }

        @Test
        void aMissedMajorityIsMarkedInTheListAndTheDueCaptureIsDrawnWhereItWasDue() {
            withApp((client, port) -> {
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
            withApp((client, port) -> {
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
            withApp((client, port) -> {
                for (String path : new String[] {"/games", "/game/" + workedExample, "/stats", "/nowhere", "/api/games"}) {
                    String csp = client.get(path).headers().get("Content-Security-Policy").get(0);
                    assertTrue(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"), path);
                }
            });
        }

        // ---- the pattern search (docs/patterns.md#the-text-form) ----

        @Test
        void theSearchPageCountsTheMatchesAndLinksEachGameAtItsFirstMatchingPly() {
            withApp((client, port) -> {
                Response r = client.get("/search?pattern=" + enc("F4:=W4  turn:w"));
                assertEquals(200, r.code());
                String body = r.body().string();
                assertTrue(body.contains("value=\"turn:w f4:=w4\""), "the field holds the canonical form");
                assertTrue(body.matches("(?s).*<strong>\\d+</strong> positions? in <strong>\\d+</strong> games? match.*"), body);
                assertTrue(body.contains("href=\"/game/" + workedExample + "/0\">ply 0</a>"), body);
                assertTrue(body.contains("href=\"/games?pattern=turn%3Aw+f4%3A%3Dw4\""), "the games list of the answer");
                // the board editor: f4's link cycles its condition on to any, e5's from any to empty
                assertTrue(body.contains("href=\"/search?pattern=turn%3Aw\" class=\"pattern-square\" data-square=\"f4\""), body);
                assertTrue(body.contains("href=\"/search?pattern=turn%3Aw+e5%3Aempty+f4%3A%3Dw4\" class=\"pattern-square\" data-square=\"e5\""), body);
            });
        }

        /** Both parts with a side to move, hands and move conditions, which every link of the editor keeps. */
        private static final String MANOEUVRE = "turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 e5:b entry";

        @Test
        void theSecondBoardOfAManoeuvreEditsTheSecondPatternAndKeepsTheRest() {
            withApp((client, port) -> {
                String body = client.get("/search?pattern=" + enc(MANOEUVRE)).body().string();
                assertTrue(body.contains("<h2 class=\"board-caption\">First pattern</h2>"), body);
                assertTrue(body.contains("<h2 class=\"board-caption\">Then, within 6 plies</h2>"), body);
                assertTrue(body.contains("aria-label=\"Emergo board editor, second pattern: a square's link cycles its condition\""), body);
                assertEquals("b", condition(body, "then-board", "e5"));
                assertEquals("w4", condition(body, "first-board", "e5"));
                assertEquals("/search?pattern=" + enc("turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 d4:empty e5:b entry"),
                        squareLink(body, "then-board", "d4"));
                assertEquals("/search?pattern=" + enc("turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 e5:occupied entry"),
                        squareLink(body, "then-board", "e5"));
                assertEquals("/search?pattern=" + enc("turn:w whand:2+ d4:empty e5:w4 capture:1+ then:6 turn:b bhand:0 e5:b entry"),
                        squareLink(body, "first-board", "d4"));
                assertEquals("/search?pattern=" + enc("turn:w whand:2+ e5:w4 capture:1+"), link(body, "remove-then"));
                assertFalse(body.contains("id=\"add-then\""), body);

                // following a second-board link: exactly that pattern, d4 shown on the second board, and on again
                String next = client.get(squareLink(body, "then-board", "d4")).body().string();
                assertTrue(next.contains("value=\"turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 d4:empty e5:b entry\""), next);
                assertEquals("empty", condition(next, "then-board", "d4"));
                assertEquals("any", condition(next, "first-board", "d4"));
                assertEquals("/search?pattern=" + enc("turn:w whand:2+ e5:w4 capture:1+ then:6 turn:b bhand:0 d4:w e5:b entry"),
                        squareLink(next, "then-board", "d4"));
            });
        }

        @Test
        void aPatternOfOnePartLinksToAddingASecondPatternAndTheSecondPatternToItsRemoval() {
            withApp((client, port) -> {
                String body = client.get("/search?pattern=" + enc("f4:=w4 turn:w")).body().string();
                assertFalse(body.contains("id=\"then-board\""), body);
                assertEquals("/search?pattern=" + enc("turn:w f4:=w4 then:6 any"), link(body, "add-then"));
                String added = client.get(link(body, "add-then")).body().string();
                assertTrue(added.contains("value=\"turn:w f4:=w4 then:6 any\""), added);
                assertEquals("/search?pattern=" + enc("turn:w f4:=w4 then:6 e5:empty"), squareLink(added, "then-board", "e5"));
                assertEquals("/search?pattern=" + enc("turn:w f4:=w4"), link(added, "remove-then"));
                // a second pattern alone, and HexEmergo's second board
                assertEquals("/search?pattern=" + enc("then:6 any"), link(client.get("/search").body().string(), "add-then"));
                String hex = client.get("/search?pattern=" + enc("hexemergo g7:bp then:2 g7:w")).body().string();
                assertTrue(hex.contains("<h2 class=\"board-caption\">Then, within 2 plies</h2>"), hex);
                assertEquals("/search?pattern=" + enc("hexemergo g7:bp then:2 d4:empty g7:w"), squareLink(hex, "then-board", "d4"));
                assertTrue(client.get("/search?pattern=" + enc("e5:w then:1 e5:b")).body().string()
                        .contains("<h2 class=\"board-caption\">Then, within 1 ply</h2>"));
            });
        }

        @Test
        void orAndExcludeBoardsEachEditTheirOwnPartAndComeAndGoByLinks() {
            withApp((client, port) -> {
                String body = client.get("/search?pattern=" + enc("f4:=w4")).body().string();
                assertEquals("/search?pattern=" + enc("f4:=w4 or any"), link(body, "add-or"));
                assertEquals("/search?pattern=" + enc("f4:=w4 not any"), link(body, "add-exclude"));
                String two = client.get(link(body, "add-or")).body().string();
                assertTrue(two.contains("<h2 class=\"board-caption\">Or pattern 2</h2>"), two);
                assertEquals("/search?pattern=" + enc("f4:=w4 or e5:empty"), squareLink(two, "or-board-1", "e5"));
                assertEquals("/search?pattern=" + enc("f4:=w4"), link(two, "remove-or-1"));
                assertEquals("/search?pattern=" + enc("any"), link(two, "remove-or"));
                String excluding = client.get("/search?pattern=" + enc("f4:=w4 not turn:b e5:!w")).body().string();
                assertTrue(excluding.contains("<h2 class=\"board-caption\">Excluding</h2>"), excluding);
                assertEquals("!w", condition(excluding, "exclude-board-1", "e5"));
                assertEquals("/search?pattern=" + enc("f4:=w4 not turn:b"), squareLink(excluding, "exclude-board-1", "e5"));
                assertEquals("/search?pattern=" + enc("f4:=w4"), link(excluding, "remove-exclude-1"));
                // the exclusion answers: the worked example's f4:=w4 is at ply 0, White to move
                assertTrue(excluding.contains("href=\"/game/" + workedExample + "/0\">ply 0</a>"), excluding);
                String none = client.get("/search?pattern=" + enc("f4:=w4 not turn:w")).body().string();
                assertFalse(none.contains("href=\"/game/" + workedExample + "/0\">ply 0</a>"), none);
                // sym: each hit says which orientation matched, the pattern's links keep the word
                String sym = client.get("/search?pattern=" + enc("f4:=w4 sym")).body().string();
                assertTrue(sym.contains("value=\"sym f4:=w4\""), sym);
                assertTrue(sym.contains("<th scope=\"col\">Orientation</th>"), sym);
                assertTrue(sym.contains("<td class=\"transform\">as given</td>"), sym);
                assertEquals("/search?pattern=" + enc("sym f4:=w4 or any"), link(sym, "add-or"));
                JsonNode j = json(client.get("/api/search?pattern=" + enc("sym f4:=w4")));
                assertEquals("as given", j.get("hits").get(0).get("transform").asText());
                assertFalse(json(client.get("/api/search?pattern=" + enc("f4:=w4"))).get("hits").get(0).has("transform"));
            });
        }

        @Test
        void whatWasPlayedNextIsATableOnTheSearchPageAndInTheApi() {
            withApp((client, port) -> {
                String body = client.get("/search?pattern=" + enc("f4:=w4 turn:w")).body().string();
                assertEquals("/search?pattern=" + enc("turn:w f4:=w4") + "&amp;next=1#played-next", link(body, "next-link"));
                String next = client.get("/search?pattern=" + enc("f4:=w4 turn:w") + "&next=1").body().string();
                // the worked example: White plays f4-e4 from its position
                assertTrue(next.contains("<table class=\"data\" id=\"next-moves\">"), next);
                assertTrue(next.matches("(?s).*<tr><td>f4-e4</td><td class=\"num\">0</td><td class=\"num\">\\d+</td>.*"), next);
                JsonNode j = json(client.get("/api/search?pattern=" + enc("f4:=w4 turn:w") + "&next=1"));
                int played = 0;
                for (JsonNode m : j.get("next")) played += m.get("played").asInt();
                assertTrue(played >= 1 && played <= j.get("positions").asInt(), j.toString());
                assertEquals("f4", j.get("next").get(0).get("from").asText());
                assertFalse(json(client.get("/api/search?pattern=" + enc("f4:=w4"))).has("next"));
                assertEquals(400, client.get("/api/search?pattern=" + enc("f4:=w4") + "&next=yes").code());
            });
        }

        /** The link of a square on one board of the editor ({@code first-board} or {@code then-board}). */
        private static String squareLink(String body, String board, String square) {
            Matcher m = Pattern.compile("<a href=\"([^\"]*)\" class=\"pattern-square\" data-square=\"" + square + "\"")
                    .matcher(body);
            int at = body.indexOf("id=\"" + board + "\"");
            assertTrue(at >= 0 && m.find(at), board + " " + square);
            return m.group(1);
        }

        /** The condition a square shows on one board of the editor. */
        private static String condition(String body, String board, String square) {
            Matcher m = Pattern.compile("data-square=\"" + square + "\" data-condition=\"([^\"]*)\"").matcher(body);
            int at = body.indexOf("id=\"" + board + "\"");
            assertTrue(at >= 0 && m.find(at), board + " " + square);
            return m.group(1);
        }

        /** The address of the link with this id. */
        private static String link(String body, String id) {
            Matcher m = Pattern.compile("<a id=\"" + id + "\" href=\"([^\"]*)\"").matcher(body);
            assertTrue(m.find(), id);
            return m.group(1);
        }

        @Test
        void theSearchApiAnswersWithCountsAndHitsAndAMalformedPatternIsA400SayingWhere() throws Exception {
            withApp((client, port) -> {
                JsonNode j = json(client.get("/api/search?pattern=" + enc("f4:=w4")));
                assertEquals("f4:=w4", j.get("pattern").asText());
                assertTrue(j.get("games").asInt() >= 1);
                assertEquals(j.get("games").asInt(), j.get("hits").size());
                assertEquals("/game/" + workedExample + "/0", j.get("hits").get(0).get("url").asText());
                Response bad = client.get("/api/search?pattern=" + enc("f4:=w4 q9:w"));
                assertEquals(400, bad.code());
                assertTrue(json(bad).get("error").asText().startsWith("pattern: column 8: unknown word 'q9:w'"));
                String raw = client.get("/api/search?pattern=" + enc("f4:=w4 q9:w")).body().string();
                assertTrue(raw.startsWith("{\"status\":400,\"error\":\"pattern: column 8"), "keys in their order: " + raw);
                Response page = client.get("/search?pattern=" + enc("e5:<script>"));
                assertEquals(400, page.code());
                String body = page.body().string();
                assertTrue(body.contains("value=\"e5:&lt;script>\""), "the text is kept, escaped");
                assertTrue(body.contains("column 4: expected empty, occupied"), body);
                assertFalse(body.contains("<script>"));
            });
        }

        @Test
        void theGamesListNarrowedByAPatternShowsItsGames() {
            withApp((client, port) -> {
                String body = client.get("/games?pattern=" + enc("f4:=w4 turn:w")).body().string();
                assertTrue(body.contains("href=\"/game/" + workedExample + "\""), body);
                assertFalse(body.contains("href=\"/game/" + hostile + "\""), body);
                assertEquals(400, client.get("/games?pattern=" + enc("e5:zz")).code());
                String none = client.get("/games?pattern=" + enc("e5:w24")).body().string();
                assertTrue(none.contains("<strong>0</strong> games match"), none);
            });
        }

        /** Every address on every kind of page is the viewer's own: a path, a fragment, or an SVG namespace. */
        @Test
        void nothingOnAnyPageIsFetchedFromOrLinkedToElsewhere() {
            withApp((client, port) -> {
                List<String> pages = List.of("/", "/games?player=" + enc("van Zon, Ed"), "/game/" + workedExample,
                        "/game/" + missedMajority + "/2", "/position?epn=" + enc(ViewerFixture.EXAMPLE), "/position?variant=HexEmergo",
                        "/player/" + enc("Freeling, Christian").replace("+", "%20"), "/stats", "/sql",
                        "/sql?example=04_findings_by_player.sql", "/nowhere", "/game/abc", "/static/viewer.css",
                        "/search?pattern=" + enc("f4:=w4 then:2 e4:w"), "/search?pattern=hexemergo", "/search?pattern=" + enc("e5:<x>"));
                int addresses = 0;
                for (String path : pages) {
                    String body = client.get(path).body().string();
                    Matcher m = ADDRESS.matcher(body);
                    while (m.find()) {
                        String address = (m.group(1) != null ? m.group(1) : m.group(2)).strip().replaceAll("^['\"]|['\"]$", "");
                        boolean own = (address.startsWith("/") && !address.startsWith("//")) || address.startsWith("#")
                                || address.startsWith("data:");
                        assertTrue(own, path + " names " + address);
                        addresses++;
                    }
                    // an address may hide in script too: the only http:// allowed is the SVG namespace
                    assertFalse(body.replace("xmlns=\"http://www.w3.org/2000/svg\"", "").matches("(?s).*https?://.*"),
                            path + " names a site");
                }
                assertTrue(addresses > 100, "the check saw the pages' links: " + addresses);
            });
        }

        @Test
        void anUnknownGameOrPlyIsA404AndAMalformedOneA400WithoutATrace() {
            withApp((client, port) -> {
                assertEquals(404, client.get("/game/999999").code());
                assertEquals(404, client.get("/game/" + workedExample + "/4").code());
                assertEquals(400, client.get("/game/abc").code());
                assertEquals(400, client.get("/game/" + workedExample + "/-1").code());
                Response r = client.get("/game/" + workedExample + "/x");
                assertEquals(400, r.code());
                String body = r.body().string();
                assertTrue(body.contains("a ply is a whole number"));
                assertFalse(body.contains("Exception") || body.contains("at org."));
            });
        }

        @Test
        void anAddressWithNoPageIsTheViewersOwn404PageAndTheApisIsJson() {
            withApp((client, port) -> {
                for (String path : new String[] {"/no/such/page", "/games/x", "/static/nothing.css"}) {
                    Response r = client.get(path);
                    assertEquals(404, r.code(), path);
                    String body = r.body().string();
                    assertTrue(body.contains("<h1>Not found</h1>"), body);
                    assertTrue(body.contains("There is no page at " + path + "."), body);
                    assertTrue(body.contains("<link rel=\"stylesheet\" href=\"/static/viewer.css\">"), "the viewer's own layout");
                }
                Response game = client.get("/game/999999");
                assertTrue(game.body().string().contains("no game 999999"), "a handler's 404 keeps its own words");
                Response api = client.get("/api/nothing");
                assertEquals(404, api.code());
                assertEquals(404, json(api).get("status").asInt());
            });
        }

        @Test
        void theBoardFlipsThroughTheUrlAndTheStepLinksKeepItFlipped() {
            withApp((client, port) -> {
                String body = client.get("/game/" + workedExample + "/1?flip=1").body().string();
                assertTrue(body.contains("class=\"board board-emergo flipped\""));
                assertTrue(body.contains("id=\"next\" class=\"button\" rel=\"next\" href=\"/game/" + workedExample + "/2?flip=1\""));
            });
        }

        // ---- who the viewer answers ----

        /** A raw request with the Host header given, as a page that renamed itself to this machine sends it. */
        private static String statusLine(int port, String host) throws IOException {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                OutputStream out = socket.getOutputStream();
                out.write(("GET /api/games HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
            }
        }

        @Test
        void aRequestAddressedToAnotherNameIsRefusedAndTheViewersOwnAddressesAreAnswered() {
            withApp((client, port) -> {
                for (String host : List.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port, "LOCALHOST.:" + port)) {
                    assertEquals("HTTP/1.1 200 OK", statusLine(port, host), host);
                }
                for (String host : List.of("attacker.example:" + port, "attacker.example", "127.0.0.1:" + (port + 1),
                        "localhost.attacker.example:" + port)) {
                    assertTrue(statusLine(port, host).startsWith("HTTP/1.1 421 "), host);
                }
            });
        }

        @Test
        void aRefusedAddressSaysWhyInAPageThatShowsNoData() throws IOException {
            withApp((client, port) -> {
                try (Socket socket = new Socket("127.0.0.1", port)) {
                    socket.getOutputStream().write(("GET /games HTTP/1.1\r\nHost: attacker.example:" + port
                            + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(answer.contains("This viewer answers at its own address"), answer);
                    assertFalse(answer.contains("van Zon"), "no data for another name");
                }
            });
        }

        // ---- positions ----

        @Test
        void thePositionExplorerListsTheMovesPlayedNextAndTheGamesThroughIt() {
            withApp((client, port) -> {
                Response r = client.get("/position?epn=" + enc(ViewerFixture.EXAMPLE));
                assertEquals(200, r.code());
                String body = r.body().string();
                assertTrue(body.contains(
                        ">f4-e4</a></td><td class=\"num\">2</td><td class=\"num\">1</td><td class=\"num\">0</td><td class=\"num\">0</td>"),
                        body);
                assertTrue(body.contains("2 times in the database"));
                assertTrue(body.contains("href=\"/game/" + workedExample + "/0\""));
            });
        }

        @Test
        void aPlayersExplorerCountsOnlyTheGamesItsFiltersLetThroughAsSqlDoes() {
            withApp((client, port) -> {
                String[][] filters = {
                    {"player=" + enc("van Zon, Ed"), "(g.white = 'van Zon, Ed' OR g.black = 'van Zon, Ed')"},
                    {"player=" + enc("van Zon, Ed") + "&color=w", "g.white = 'van Zon, Ed'"},
                    {"player=" + enc("van Zon, Ed") + "&color=b", "g.black = 'van Zon, Ed'"},
                    {"player=" + enc("Freeling, Christian") + "&color=b&result=1-0", "g.black = 'Freeling, Christian' AND g.result = '1-0'"},
                    {"result=*", "g.result = '*'"},
                    {"from=2003&to=2003.05", "g.date >= '2003' AND g.date <= '2003.05.99'"},
                    {"from=2003.05.15", "g.date >= '2003.05.15' AND g.date <= '9999.99.99'"},
                };
                for (String epn : List.of(ViewerFixture.EXAMPLE, "w 12 12")) {
                    for (String[] f : filters) {
                        JsonNode p = json(client.get("/api/positions?epn=" + enc(epn) + "&" + f[0]));
                        int expected = db.dsl().fetchOne("SELECT COUNT(*) FROM position p JOIN game g ON g.id = p.game_id"
                                + " WHERE g.variant = 'Emergo' AND p.epn = ? AND " + f[1], epn).get(0, int.class);
                        assertEquals(expected, p.get("total").asInt(), epn + " " + f[0]);
                        int played = 0;
                        for (JsonNode m : p.get("moves")) played += m.get("games").asInt();
                        int withMove = db.dsl().fetchOne("SELECT COUNT(*) FROM position p JOIN game g ON g.id = p.game_id"
                                + " WHERE g.variant = 'Emergo' AND p.epn = ? AND p.next_move IS NOT NULL AND " + f[1], epn).get(0, int.class);
                        assertEquals(withMove, played, epn + " " + f[0]);
                        assertTrue(p.has("filter"), f[0]);
                    }
                }
                // the worked example's position: van Zon with White twice, never with Black
                assertEquals(2, json(client.get("/api/positions?epn=" + enc(ViewerFixture.EXAMPLE) + "&player=" + enc("van Zon, Ed") + "&color=w")).get("total").asInt());
                assertEquals(0, json(client.get("/api/positions?epn=" + enc(ViewerFixture.EXAMPLE) + "&player=" + enc("van Zon, Ed") + "&color=b")).get("total").asInt());
                assertEquals(400, client.get("/api/positions?player=x&color=green").code());
                assertEquals(400, client.get("/position?color=w").code());
                assertEquals(400, client.get("/position?player=x&from=yesterday").code());
                String page = client.get("/position?epn=" + enc(ViewerFixture.EXAMPLE) + "&player=" + enc("van Zon, Ed") + "&color=w").body().string();
                assertTrue(page.contains("Only the games of <strong>van Zon, Ed with White</strong>"), page);
                assertTrue(page.contains("&amp;player=van+Zon%2C+Ed&amp;color=w\">f4-e4</a>"), "the next position keeps the filter: " + page);
                String player = client.get("/player/" + enc("van Zon, Ed").replace("+", "%20")).body().string();
                assertEquals("/position?player=van+Zon%2C+Ed&amp;color=w", link(player, "player-explorer-w"));
                // the pattern search takes the same filters, and its links keep them
                JsonNode mine = json(client.get("/api/search?pattern=" + enc("f4:=w4") + "&player=" + enc("van Zon, Ed") + "&color=w"));
                JsonNode all = json(client.get("/api/search?pattern=" + enc("f4:=w4")));
                int vanZonWhite = db.dsl().fetchOne("SELECT COUNT(*) FROM game WHERE white = 'van Zon, Ed' AND id IN ("
                        + "SELECT game_id FROM position p WHERE (p.epn || ' ') LIKE '% f4:w4 %')").get(0, int.class);
                assertEquals(vanZonWhite, mine.get("games").asInt());
                assertTrue(all.get("games").asInt() >= mine.get("games").asInt());
                assertEquals(0, json(client.get("/api/search?pattern=" + enc("f4:=w4") + "&player=" + enc("van Zon, Ed") + "&color=b")).get("games").asInt());
                String search = client.get("/search?pattern=" + enc("f4:=w4") + "&player=" + enc("van Zon, Ed") + "&color=w").body().string();
                assertTrue(search.contains("Only the games of <strong>van Zon, Ed with White</strong>"), search);
                assertEquals("/search?pattern=" + enc("f4:=w4 or any") + "&amp;player=van+Zon%2C+Ed&amp;color=w", link(search, "add-or"));
                assertTrue(search.contains("<input type=\"hidden\" name=\"player\" value=\"van Zon, Ed\">"), search);
                // its games list keeps them too: the player as White, the same games
                String list = "/games?pattern=" + enc("f4:=w4") + "&white=" + enc("van Zon, Ed");
                assertTrue(search.contains("href=\"" + list.replace("&", "&amp;") + "\""), search);
                String games = client.get(list).body().string();
                assertTrue(games.contains("<strong>" + vanZonWhite + "</strong> " + (vanZonWhite == 1 ? "game matches" : "games match")),
                        games);
            });
        }

        @Test
        void thePositionExplorerWithoutAPositionShowsTheStartAndAMalformedOneIsA400SayingWhatIsWrong() {
            withApp((client, port) -> {
                assertEquals(200, client.get("/position").code());
                assertEquals(200, client.get("/position?variant=HexEmergo").code());
                Response r = client.get("/position?epn=" + enc("w 12 12 z9:w"));
                assertEquals(400, r.code());
                assertTrue(r.body().string().contains("not a position string: no square 'z9' on the Emergo board"));
                assertEquals(400, client.get("/position?epn=x&variant=chess").code());
            });
        }

        // ---- players, statistics ----

        @Test
        void aPlayerPageMarksPlayersAsTheCurrentSectionNotGames() {
            withApp((client, port) -> {
                String body = client.get("/player/" + enc("Freeling, Christian").replace("+", "%20")).body().string();
                assertTrue(body.contains("<a href=\"/players\" aria-current=\"page\">Players</a>"), body);
                assertFalse(body.contains("<a href=\"/games\" aria-current=\"page\">"), body);
            });
        }

        @Test
        void aPlayerPageShowsResultsByColourAndFindingsLinkingToTheFilteredList() {
            withApp((client, port) -> {
                Response r = client.get("/player/" + enc("Freeling, Christian").replace("+", "%20"));
                assertEquals(200, r.code());
                String body = r.body().string();
                assertTrue(body.contains("href=\"/games?player=Freeling%2C+Christian&amp;code=MISSED_MAJORITY\">MISSED_MAJORITY</a>"),
                        body);
                assertEquals(404, client.get("/player/Nobody").code());
            });
        }

        @Test
        void aPlayerWithASlashInHisNameHasAWorkingPageThroughTheLinksToIt() {
            withApp((client, port) -> {
                String game = client.get("/game/" + id("Slashed")).body().string();
                Matcher link = Pattern.compile("<a href=\"([^\"]*)\" class=\"player\">A/B \\.\\./x</a>").matcher(game);
                assertTrue(link.find(), game);
                Response r = client.get(link.group(1).replace("&amp;", "&"));
                assertEquals(200, r.code(), link.group(1));
                String page = r.body().string();
                assertTrue(page.contains("<h1 id=\"player-name\">A/B ../x</h1>"), page);
                String list = client.get("/games?player=" + enc(ViewerFixture.SLASHED)).body().string();
                assertTrue(list.contains("href=\"" + link.group(1) + "\""), "the list links the same way");
            });
        }

        @Test
        void theStatisticsPageDrawsItsChartsAsSvg() {
            withApp((client, port) -> {
                String body = StatsFigures.page(client);
                for (String chart : new String[] {"results", "length", "captures", "first-capture", "findings", "shadowpieces"}) {
                    assertTrue(body.contains("id=\"title-" + chart + "\""), chart);
                }
                assertTrue(body.contains("id=\"chart-results\""));
                assertTrue(body.contains("id=\"chart-captures\""));
            });
        }

        // ---- SQL ----

        private static final String FINDINGS = "SELECT code, COUNT(*) AS n FROM finding GROUP BY code ORDER BY code";
        private static final String FINDINGS_ROW = "<td class=\"\">MISSED_MAJORITY</td><td class=\"num\">1</td>";

        @Test
        void theSqlPageRunsAQueryPostedFromItsFormOffersTheExamplesAndRefusesWrites() {
            withApp((client, port) -> {
                String page = client.get("/sql").body().string();
                assertTrue(page.contains("data-name=\"04_findings_by_player.sql\""));
                String token = token(client);
                Response result = post(client, "/sql", Map.of("q", FINDINGS, "token", token));
                assertEquals(200, result.code());
                String body = result.body().string();
                assertTrue(body.toUpperCase().contains(FINDINGS_ROW.toUpperCase()), body);
                assertTrue(body.contains("href=\"/sql?q=" + enc(FINDINGS) + "\""), "a link to bookmark it");
                Response refused = post(client, "/sql", Map.of("q", "DELETE FROM game", "token", token));
                assertEquals(400, refused.code());
                assertTrue(refused.body().string().contains("refused"));
                assertEquals(404, client.get("/sql?example=nope.sql").code());
            });
        }

        @Test
        void anExampleNamedWithoutItsSqlIsTheSameExampleRunAtOnce() {
            withApp((client, port) -> {
                Response r = client.get("/sql?example=04_findings_by_player");
                assertEquals(200, r.code());
                String body = r.body().string();
                assertTrue(body.contains("id=\"sql-result\""), "its rows, without Run");
                assertTrue(body.contains("/sql?example=04_findings_by_player.sql"), "its link, by its whole name");
                assertEquals(404, client.get("/sql?example=04_findings").code());
            });
        }

        @Test
        void anExampleQueryRunsFromAnyLink() {
            withApp((client, port) -> {
                for (String site : new String[] {null, "cross-site", "same-origin"}) {
                    Response r = client.get("/sql?example=04_findings_by_player.sql",
                            b -> { if (site != null) b.header("Sec-Fetch-Site", site); });
                    assertEquals(200, r.code(), site);
                    assertTrue(r.body().string().contains("id=\"sql-result\""), site);
                }
            });
        }

        @Test
        void aQueryInALinkRunsFromTheViewersOwnPagesOrTheAddressBarButOnlyShowsFromElsewhere() {
            withApp((client, port) -> {
                String path = "/sql?q=" + enc(FINDINGS);
                for (String site : new String[] {"same-origin", "none"}) {
                    String body = client.get(path, b -> b.header("Sec-Fetch-Site", site)).body().string();
                    assertTrue(body.toUpperCase().contains(FINDINGS_ROW.toUpperCase()), site);
                }
                for (String site : new String[] {"cross-site", "same-site", null}) {
                    Response r = client.get(path, b -> { if (site != null) b.header("Sec-Fetch-Site", site); });
                    String body = r.body().string();
                    assertFalse(body.contains("id=\"sql-result\""), "not run from " + site);
                    assertTrue(body.contains("id=\"sql-held\""), "the page says why");
                    assertTrue(body.contains(">" + FINDINGS + "</textarea>"), "the query is there to read and run");
                }
            });
        }

        @Test
        void aPostedQueryRunsOnlyWithTheServersToken() {
            withApp((client, port) -> {
                for (Map<String, String> form : List.of(Map.of("q", FINDINGS), Map.of("q", FINDINGS, "token", "0123456789abcdef"))) {
                    Response r = post(client, "/sql", form);
                    assertEquals(403, r.code());
                    assertTrue(r.body().string().contains("open /sql again"));
                    assertEquals(403, post(client, "/sql.csv", form).code());
                }
            });
        }

        @Test
        void aQueryLongerThanALinkMayBeRunsByPost() {
            withApp((client, port) -> {
                String longQuery = "SELECT code FROM finding WHERE code <> '" + "x".repeat(20_000) + "'";
                Response r = post(client, "/sql", Map.of("q", longQuery, "token", token(client)));
                assertEquals(200, r.code());
                String body = r.body().string();
                assertTrue(body.contains("MISSED_MAJORITY"), body);
                assertFalse(body.contains("id=\"link\""), "no link a server would refuse");
            });
        }

        @Test
        void theSqlResultDownloadsAsCsvFromTheForm() {
            withApp((client, port) -> {
                String token = token(client);
                Response r = post(client, "/sql.csv", Map.of("q", "SELECT id, event FROM game WHERE event = 'Worked example'",
                        "token", token));
                assertEquals(200, r.code());
                assertTrue(r.headers().get("Content-Type").get(0).startsWith("text/csv"));
                // H2 names the columns in capitals, PostgreSQL in small letters
                assertEquals("ID,EVENT\r\n" + workedExample + ",WORKED EXAMPLE\r\n", r.body().string().toUpperCase());
                assertEquals(400, post(client, "/sql.csv", Map.of("q", "DROP TABLE game", "token", token)).code());
                Response example = client.get("/sql.csv?example=05_game_length.sql");
                assertEquals(200, example.code());
                assertTrue(fromOwnPage(client, "/sql.csv?q=" + enc("SELECT 1 AS one")).body().string().toUpperCase()
                        .startsWith("ONE\r\n1"));
                Response elsewhere = client.get("/sql.csv?q=" + enc("SELECT 1 AS one"), b -> b.header("Sec-Fetch-Site", "cross-site"));
                assertEquals(403, elsewhere.code());
                assertTrue(elsewhere.body().string().contains("only from the viewer's own SQL page"));
            });
        }

        @Test
        void theCsvHoldsAtMostItsStatedNumberOfRows() {
            withApp((client, port) -> {
                assertTrue(client.get("/sql?example=04_findings_by_player.sql").body().string().contains("the first 1,000,000 rows at most"));
                HttpResponse<InputStream> r = java.net.http.HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        client.getOrigin() + "/sql.csv?q=" + enc(numbers(SqlHandlers.MAX_CSV_ROWS + 5))))
                        .header("Sec-Fetch-Site", "same-origin").build(), HttpResponse.BodyHandlers.ofInputStream());
                assertEquals(200, r.statusCode());
                long lines = 0;
                String last = null;
                try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; lines++) last = line;
                }
                assertEquals(SqlHandlers.MAX_CSV_ROWS + 1, lines, "the header and the rows");
                assertEquals(Integer.toString(SqlHandlers.MAX_CSV_ROWS), last);
            });
        }

        @Test
        void aDownloadWhileTheMostThatRunAtOnceAreRunningIsToldToTryAgain() {
            withApp((client, port) -> {
                java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
                List<InputStream> running = new ArrayList<>();
                try {
                    for (int i = 0; i < SqlHandlers.DOWNLOADS; i++) {
                        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create(client.getOrigin() + "/sql.csv?q="
                                + enc("SELECT n, REPEAT('x', 200) AS pad FROM (" + numbers(SqlHandlers.MAX_CSV_ROWS) + ") AS t")))
                                .header("Sec-Fetch-Site", "same-origin").build(),
                                HttpResponse.BodyHandlers.ofInputStream());
                        assertEquals(200, r.statusCode());
                        running.add(r.body()); // left unread: the viewer waits to send the rest
                    }
                    Response next = fromOwnPage(client, "/sql.csv?q=" + enc("SELECT 1 AS one"));
                    assertEquals(429, next.code());
                    assertTrue(next.body().string().contains(SqlHandlers.DOWNLOADS + " downloads are running"));
                    assertEquals(200, client.get("/games").code(), "the pages answer meanwhile");
                } finally {
                    for (InputStream in : running) in.close();
                }
            });
        }

        @Test
        void aDownloadThatFailsAfterItBeganIsCutOffNotFinished() {
            withApp((client, port) -> {
                HttpResponse<InputStream> r = java.net.http.HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                        client.getOrigin() + "/sql.csv?q=" + enc(failingAfter(200_000))))
                        .header("Sec-Fetch-Site", "same-origin").build(), HttpResponse.BodyHandlers.ofInputStream());
                assertEquals(200, r.statusCode(), "the download began");
                List<String> lines = new ArrayList<>();
                assertThrows(IOException.class, () -> {
                    try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                        for (String line; (line = in.readLine()) != null; ) lines.add(line);
                    }
                });
                assertTrue(lines.size() <= 200_001, "no row past the failure: " + lines.size());
                Response failsAtOnce = fromOwnPage(client, "/sql.csv?q=" + enc(failingAfter(0)));
                assertEquals(400, failsAtOnce.code(), "a query that fails on its first row is a page saying why");
                assertNull(failsAtOnce.headers().get("Content-Disposition"), "not offered as a file");
                assertTrue(failsAtOnce.body().string().toLowerCase().contains("division by zero"), "says why");
            });
        }

        @Test
        void theStaticFilesComeFromTheJar() {
            withApp((client, port) -> {
                assertEquals(200, client.get("/static/viewer.css").code());
                assertTrue(client.get("/static/viewer.js").body().string().contains("ArrowRight"));
            });
        }

        // ---- the API ----

        @Test
        void theGamesApiTakesTheListsFiltersAndAnswersTotalAndGames() {
            withApp((client, port) -> {
                JsonNode all = json(client.get("/api/games"));
                assertEquals(12, all.get("total").asInt());
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
            withApp((client, port) -> {
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
            withApp((client, port) -> {
                assertTrue(json(client.get("/api/games/" + workedExample)).get("review").isNull());
                StoredReview stored;
                try (OneGameReview job = new OneGameReview(db, Limit.depth(2), 1)) {
                    stored = job.review(workedExample).orElseThrow();
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
                    assertEquals(p.moveClass().code(), j.get("class").asText());
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
            withApp((client, port) -> {
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
}
