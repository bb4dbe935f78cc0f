package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.rules.Column;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.viewer.ViewerServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The analysis board in real headless Chromium (set up as {@link ViewerBrowserTest} is): a line
 * of three moves tried from a game's ply by clicking the board, the engine's verdict on a move
 * that loses men (checked here by an exact search of our own), Back, the shared address
 * reloaded, the record downloaded with the line as a variation and imported back; the same
 * with script off through the links; and no page wider than a 400 px window.
 */
@Tag("browser")
class AnalysisBoardBrowserTest {

    private static final Pattern VERDICT = Pattern.compile("loses (\\d+) m[ae]n by force within (\\d+) pl(?:y|ies)");

    @TempDir
    static Path folder;

    private static Database db;
    private static ViewerServer server;
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The game, the ply, and the three moves tried: the first loses men by force. */
    private static long game;
    private static int ply;
    private static List<String> tried;
    private static JsonNode firstAnswer;

    private WebDriver driver;
    private WebDriverWait wait;

    @BeforeAll
    static void serveTheLeagueGamesAndFindAMoveThatLosesMen() throws Exception {
        HeadlessChromium.require();
        String path = folder.resolve("league").toString();
        Path samples = Files.createDirectory(folder.resolve("sample-games"));
        for (String name : List.of("league-games.csv", "league-moves.csv")) {
            Files.copy(Path.of("..", "sample-games", name), samples.resolve(name));
        }
        assertEquals(0, CommandLineRun.run("import", "--db", path, samples.toString()).exitCode());
        db = Database.open(path);
        server = ViewerServer.start(db, "127.0.0.1", 0, ServeCommand.RECORDS);
        List<Long> games = db.dsl().fetch("SELECT id FROM game WHERE setup_epn IS NULL ORDER BY ply_count DESC, id")
                .getValues(0, Long.class);
        // the first move, by the API, that the proof finds loses men within a few plies and is not the game's move
        search:
        for (long g : games) {
            JsonNode played = api("/api/games/" + g).get("moves");
            for (int p = 6; p < 40 && p < played.size(); p++) {
                JsonNode here = api("/api/analyse?game=" + g + "&ply=" + p);
                if (here == null) break;
                for (JsonNode m : here.get("legalMoves")) {
                    // a step or a capture (a column clicked, then where it goes), not the game's own move
                    if (m.asText().length() < 5 || m.asText().equals(played.get(p).get("canonical").asText())) continue;
                    JsonNode a = api("/api/analyse?game=" + g + "&ply=" + p + "&moves=" + m.asText());
                    JsonNode t = a.get("tried");
                    if (t.get("verdict").isNull() || !VERDICT.matcher(t.get("verdict").asText()).find()) continue;
                    List<String> line = new ArrayList<>();
                    t.get("forcedLine").forEach(x -> line.add(x.asText()));
                    if (line.size() < 3) continue;
                    game = g;
                    ply = p;
                    tried = line.subList(0, 3);
                    firstAnswer = a;
                    break search;
                }
            }
        }
        assertNotNull(tried, "a move that loses men by force in the league games");
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
        if (db != null) db.close();
    }

    @AfterEach
    void closeBrowser() {
        if (driver != null) driver.quit();
    }

    private void open(boolean script) {
        driver = HeadlessChromium.open(folder, script);
        wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        wait.ignoring(StaleElementReferenceException.class);
    }

    private static String url(String path) {
        return server.url() + path.substring(1);
    }

    /** The API's answer, or null for a ply past the game. */
    private static JsonNode api(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url(path))).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 400) return null;
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    /** Plays a move by clicking its squares on the board, one after another until the page moves on. */
    private void click(String move, int depth) {
        for (String square : move.split("[-x]")) {
            // the column standing there, else the square; a tall stack next to it may cover the
            // square's middle, and then the click goes to the element itself
            List<WebElement> column = driver.findElements(By.cssSelector("#board svg.board g.column[data-square='" + square + "']"));
            WebElement target = column.isEmpty()
                    ? driver.findElement(By.cssSelector("#board svg.board g.square[data-square='" + square + "'] > :first-child"))
                    : column.get(0);
            try {
                target.click();
            } catch (ElementClickInterceptedException e) {
                ((JavascriptExecutor) driver).executeScript(
                        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", target);
            }
            // a square picked is marked at once; none marked: the move is made and the page on its way
            if (driver.findElements(By.cssSelector("#board g.square.picked[data-square='" + square + "']")).isEmpty()) break;
        }
        waitForDepth(depth);
    }

    private void waitForDepth(int depth) {
        wait.until(d -> d.getCurrentUrl().endsWith("at=0." + depth) && !d.findElements(By.id("tried-judgement")).isEmpty()
                && d.findElement(By.id("ply-label")).getText().contains(tried.get(depth - 1)));
    }

    /** What the page says of the first move: its verdict, as the API says it and as an exact search of our own finds it. */
    private void checkTheVerdict() {
        String verdict = driver.findElement(By.id("tried-verdict")).getText();
        String api = firstAnswer.get("tried").get("verdict").asText();
        assertTrue(verdict.contains(api), verdict + " / " + api);
        Matcher m = VERDICT.matcher(api);
        assertTrue(m.find());
        int men = Integer.parseInt(m.group(1));
        int plies = Integer.parseInt(m.group(2));
        assertEquals("mistake|blunder|inaccuracy|good".contains(firstAnswer.get("tried").get("class").asText()), true);
        Position before = PositionText.parse(firstAnswer.get("start").asText(), Variant.parse(firstAnswer.get("variant").asText()));
        Move move = MoveGen.legalMoves(before).stream().filter(x -> x.toString().equals(tried.get(0))).findFirst().orElseThrow();
        int now = balance(before);
        int kept = -negamax(before.play(move), plies - 1, 1, -INF, INF);
        assertTrue(kept <= now - 2 * men, "the move keeps " + kept + " of " + now);
        int best = -INF;
        for (Move x : MoveGen.legalMoves(before)) best = Math.max(best, -negamax(before.play(x), plies - 1, 1, -INF, INF));
        assertTrue(best >= kept + 2 * men, "the best move keeps " + best + ", this one " + kept);
        assertTrue(driver.findElement(By.id("engine-score")).getText().matches("[+-]\\d+\\.\\d\\d|.*wins.*|.*won.*"));
    }

    @Test
    void aLineOfThreeMovesClickedFromAGamesPlyWithTheEngineAnsweringBackReloadAndDownload() throws Exception {
        open(true);
        driver.get(url("/game/" + game + "/" + ply));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("legal-moves")));
        // "Copy the moves": the game's moves as text, copied or shown to copy where the clipboard is refused
        String moves = driver.findElement(By.id("copy-moves")).getAttribute("data-moves");
        assertTrue(moves.startsWith("1. ") && moves.contains(" 2. "), moves);
        driver.findElement(By.id("copy-moves")).click();
        wait.until(d -> !d.findElement(By.id("copy-status")).getText().isEmpty());
        click(tried.get(0), 1);
        checkTheVerdict();
        click(tried.get(1), 2);
        click(tried.get(2), 3);
        assertEquals(3, driver.findElements(By.cssSelector("tr.variation a.var-move")).size());
        assertTrue(driver.findElement(By.cssSelector("a.var-move.current")).getText().endsWith(tried.get(2)));
        backAndTheSharedAddress();
    }

    /** Back undoes the last move tried; the address of the line, opened again, shows it all. */
    private void backAndTheSharedAddress() throws Exception {
        String shared = driver.getCurrentUrl();
        driver.navigate().back();
        waitForDepth(2);
        assertEquals(2, driver.findElements(By.cssSelector("tr.variation a.var-move")).size());
        driver.get(shared);
        waitForDepth(3);
        driver.navigate().refresh();
        waitForDepth(3);
        assertEquals(shared, driver.getCurrentUrl());
        assertEquals(3, driver.findElements(By.cssSelector("tr.variation a.var-move")).size());
        driver.findElement(By.cssSelector("tr.variation a.var-move")).click();
        waitForDepth(1);
        checkTheVerdict();
        downloadAndImportBack(driver.findElement(By.id("download")).getAttribute("href"));
    }

    @Test
    void theSameWithScriptOffThroughTheLinks() throws Exception {
        open(false);
        driver.get(url("/game/" + game + "/" + ply));
        for (int depth = 1; depth <= 3; depth++) {
            driver.findElement(By.cssSelector("#legal-moves summary")).click();
            driver.findElement(By.cssSelector("#legal-moves a.choice[data-move='" + tried.get(depth - 1) + "']")).click();
            waitForDepth(depth);
            if (depth == 1) checkTheVerdict();
        }
        backAndTheSharedAddress();
    }

    /** The record with the line as a variation, with the engine's comments, imports back as the same game. */
    private void downloadAndImportBack(String href) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(href)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        String egn = r.body();
        String flat = egn.replaceAll("\\s+", " ");
        assertTrue(flat.contains("(" ) && flat.contains(tried.get(0)) && flat.contains("[%eval"), egn);
        assertTrue(flat.matches("(?s).*\\([^()]*" + Pattern.quote(tried.get(0)) + " \\{[^}]*loses.*"), egn);
        Path file = folder.resolve("tried-" + System.nanoTime() + ".egn");
        Files.writeString(file, egn);
        String again = folder.resolve("again-" + System.nanoTime()).toString();
        assertEquals(0, CommandLineRun.run("import", "--db", again, file.toString()).exitCode());
        try (Database back = Database.open(again)) {
            // the main line is the game: the same moves, one game
            assertEquals(1, back.dsl().fetchOne("SELECT COUNT(*) FROM game").get(0, Integer.class));
            assertEquals(db.dsl().fetchOne("SELECT moves FROM game WHERE id = ?", game).get(0, String.class),
                    back.dsl().fetchOne("SELECT moves FROM game").get(0, String.class));
        }
    }

    @Test
    void noPageIsWiderThanA400PxWindowAndScreenshots() throws Exception {
        open(true);
        String line = "/game/" + game + "/" + ply + "?v=" + ply + ":" + String.join(",", tried) + "&at=0.1";
        String epn = java.net.URLEncoder.encode(firstAnswer.get("start").asText(), java.nio.charset.StandardCharsets.UTF_8);
        String analysis = "/analysis?epn=" + epn + "&variant=" + firstAnswer.get("variant").asText() + "&v=0:" + String.join(",", tried) + "&at=0.2";
        String shots = System.getProperty("emergo.shots");
        for (int width : new int[] {1400, 400}) {
            if (width < 500) { // headless Chromium keeps a window at least 500 wide: a phone's is emulated
                driver.quit();
                driver = HeadlessChromium.narrow(folder, width);
            } else {
                driver.manage().window().setSize(new Dimension(width, 1000));
            }
            for (String[] page : new String[][] {{"game", "/game/" + game + "/" + ply}, {"line", line}, {"analysis", analysis}}) {
                driver.get(url(page[1]));
                assertTrue(!driver.findElements(By.id("board")).isEmpty(),
                        () -> page[0] + ": " + driver.findElement(By.tagName("body")).getText());
                long scroll = (Long) ((JavascriptExecutor) driver).executeScript("return document.documentElement.scrollWidth");
                assertTrue(scroll <= width, page[0] + " at " + width + " px is " + scroll + " px wide");
                if (shots != null) {
                    Files.createDirectories(Path.of(shots));
                    ((JavascriptExecutor) driver).executeScript("window.scrollTo(0, 0)");
                    Files.write(Path.of(shots, page[0] + "-" + width + ".png"), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
                }
            }
        }
    }

    // ---- an exact search of our own, apart from the engine: plain alpha-beta on material ----

    private static final int WIN = 10_000;
    private static final int INF = 1 << 20;

    /** Men commanded by a side: in hand and in the columns it owns. */
    private static int material(Position p, Side side) {
        int n = p.inHand(side);
        for (int sq = 0; sq < p.board().size(); sq++) {
            Column c = p.column(sq);
            if (c != null && c.owner() == side) n += c.height();
        }
        return n;
    }

    private static int balance(Position p) {
        return material(p, p.sideToMove()) - material(p, p.sideToMove().opponent());
    }

    /** The side to move's best balance after {@code depth} plies, captures then due played out. */
    private static int negamax(Position p, int depth, int ply, int alpha, int beta) {
        List<Move> moves = MoveGen.legalMoves(p);
        if (moves.isEmpty()) {
            boolean none = p.inHand(p.sideToMove()) == 0 && p.columns(p.sideToMove()) == 0;
            return none ? -(WIN - ply) : 0;
        }
        if (depth <= 0 && !moves.get(0).isCapture()) return balance(p);
        int best = -INF;
        for (Move m : moves) {
            best = Math.max(best, -negamax(p.play(m), depth - 1, ply + 1, -beta, -Math.max(alpha, best)));
            if (best >= beta) break;
        }
        return best;
    }
}
