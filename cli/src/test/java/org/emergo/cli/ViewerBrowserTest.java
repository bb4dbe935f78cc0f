package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.emergo.store.db.Database;
import org.emergo.viewer.ViewerServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The viewer in real headless Chromium (Debian's chromium and chromium-driver, driven by
 * Selenium through the system chromedriver: nothing is downloaded) on a database of the sample
 * games: keyboard stepping, deep links, flipping, a filter, a position from a ply, a query.
 */
@Tag("browser")
class ViewerBrowserTest {

    /** A player whose name a path segment must carry as %2F. */
    private static final String SLASHED = "A/B";

    /** Where each run leaves its screenshot of the game page. */
    static final Path SCREENSHOT = Path.of("target", "screenshots", "viewer-game.png");

    @TempDir
    static Path folder;

    private static Database db;
    private static ViewerServer server;
    private static long game;

    private WebDriver driver;
    private WebDriverWait wait;

    @BeforeAll
    static void serveTheSampleGames() throws IOException {
        HeadlessChromium.require();
        String path = folder.resolve("samples").toString();
        // the sample records in every format, without the two self-play dumps (3,000 games that
        // would take a minute to analyse on a busy machine and show nothing new here)
        Path samples = Files.createDirectory(folder.resolve("sample-games"));
        try (var files = Files.list(Path.of("..", "sample-games"))) {
            for (Path f : files.filter(f -> !f.getFileName().toString().startsWith("selfplay-")).toList()) {
                Files.copy(f, samples.resolve(f.getFileName()));
            }
        }
        Files.writeString(samples.resolve("slashed.egn"), "[Event \"Slashed\"]\n[White \"" + SLASHED
                + "\"]\n[Black \"Brand, Bram\"]\n[Result \"*\"]\n\n1. e4 e6 *\n");
        assertEquals(0, CommandLineRun.run("import", "--db", path, samples.toString()).exitCode());
        assertEquals(0, CommandLineRun.run("analyze", "--db", path).exitCode());
        db = Database.open(path);
        game = db.dsl().fetchOne("SELECT MIN(id) FROM game WHERE variant = 'Emergo' AND setup_epn IS NULL AND ply_count >= 12")
                .get(0, long.class);
        server = ViewerServer.start(db, "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
        if (db != null) db.close();
    }

    @BeforeEach
    void openBrowser() {
        driver = HeadlessChromium.open(folder, true);
        // the script swaps the game in place: an element read during the swap is stale, not missing
        wait = new WebDriverWait(driver, Duration.ofSeconds(20));
        wait.ignoring(StaleElementReferenceException.class);
    }

    /** Swaps this test's browser for one whose pages run no script, and the wait with it. */
    private void withoutScript() {
        driver.quit();
        driver = HeadlessChromium.open(folder, false);
        wait = new WebDriverWait(driver, Duration.ofSeconds(20));
    }

    @AfterEach
    void closeBrowser() {
        if (driver != null) driver.quit();
    }

    private String url(String path) {
        return server.url() + path.substring(1);
    }

    private String epn(int ply) {
        return db.dsl().fetchOne("SELECT epn FROM position WHERE game_id = ? AND ply = ?", game, ply).get(0, String.class);
    }

    private String move(int ply) {
        return db.dsl().fetchOne("SELECT next_move FROM position WHERE game_id = ? AND ply = ?", game, ply - 1).get(0, String.class);
    }

    private int lastPly() {
        return db.dsl().fetchOne("SELECT MAX(ply) FROM position WHERE game_id = ?", game).get(0, int.class);
    }

    private void press(CharSequence key) {
        driver.findElement(By.tagName("body")).sendKeys(key);
    }

    /** Waits until the page shows a ply: the board's position and the highlighted move agree with the database. */
    private void waitForPly(int ply) {
        wait.until(ExpectedConditions.attributeToBe(By.id("game"), "data-ply", Integer.toString(ply)));
        assertEquals(epn(ply), driver.findElement(By.cssSelector("svg.board")).getAttribute("data-epn"));
        List<WebElement> current = driver.findElements(By.cssSelector("a.move.current"));
        assertEquals(1, current.size());
        assertEquals(ply == 0 ? "Start" : move(ply), current.get(0).getText());
    }

    @Test
    void theBoardEditorCyclesASquaresConditionByItsLinksWithoutScript() {
        withoutScript();
        driver.get(url("/search"));
        driver.findElement(By.cssSelector("a.pattern-square[data-square='e5']")).click();
        assertTrue(driver.getCurrentUrl().endsWith("/search?pattern=e5%3Aempty"), driver.getCurrentUrl());
        assertEquals("e5:empty", driver.findElement(By.id("pattern")).getAttribute("value"));
        driver.findElement(By.cssSelector("a.pattern-square[data-square='e5']")).click();
        assertEquals("e5:w", driver.findElement(By.id("pattern")).getAttribute("value"));
        assertTrue(driver.findElement(By.id("search-count")).getText().matches("(?s)\\d+ positions? in \\d+ games? match e5:w\\..*"),
                driver.findElement(By.id("search-count")).getText());
        // a manoeuvre: a second board for the pattern after then:6, its squares cycled by their own links
        driver.findElement(By.id("add-then")).click();
        assertEquals("e5:w then:6 any", driver.findElement(By.id("pattern")).getAttribute("value"));
        for (String next : List.of("e5:w then:6 e5:empty", "e5:w then:6 e5:w", "e5:w then:6 e5:b")) {
            driver.findElement(By.cssSelector("#then-board a.pattern-square[data-square='e5']")).click();
            assertEquals(next, driver.findElement(By.id("pattern")).getAttribute("value"));
        }
        assertTrue(driver.getCurrentUrl().endsWith("/search?pattern=e5%3Aw+then%3A6+e5%3Ab"), driver.getCurrentUrl());
        assertEquals("Then, within 6 plies", driver.findElement(By.cssSelector("#then-board h2")).getText());
        assertTrue(driver.findElement(By.id("search-count")).getText()
                .matches("(?s)\\d+ positions? in \\d+ games? match e5:w then:6 e5:b\\..*"), driver.findElement(By.id("search-count")).getText());
        driver.findElement(By.cssSelector("#first-board a.pattern-square[data-square='e5']")).click();
        assertEquals("e5:b then:6 e5:b", driver.findElement(By.id("pattern")).getAttribute("value"));
        driver.findElement(By.id("remove-then")).click();
        assertEquals("e5:b", driver.findElement(By.id("pattern")).getAttribute("value"));
        assertTrue(driver.findElements(By.id("then-board")).isEmpty());
        // an or board and an exclude board, each cycled by its own links, and taken away again
        List<String[]> steps = List.of(new String[] {"#add-or", "e5:b or any"},
                new String[] {"#or-board-1 a.pattern-square[data-square='a5']", "e5:b or a5:empty"},
                new String[] {"#add-exclude", "e5:b not any or a5:empty"},
                new String[] {"#exclude-board-1 a.pattern-square[data-square='e5']", "e5:b not e5:empty or a5:empty"},
                new String[] {"#remove-or-1", "e5:b not e5:empty"},
                new String[] {"#remove-exclude-1", "e5:b"});
        for (String[] step : steps) {
            driver.findElement(By.cssSelector(step[0])).click();
            assertEquals(step[1], driver.findElement(By.id("pattern")).getAttribute("value"), step[0]);
        }
        WebElement field = driver.findElement(By.id("pattern"));
        field.clear();
        field.sendKeys("e5:w4+ z9:b\n");
        // Enter submits the form; the answer is a new page, which the key press does not wait for
        WebElement error = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("pattern-error")));
        assertTrue(error.getText().startsWith("pattern: column 8: unknown word 'z9:b'"),
                error.getText());
    }

    @Test
    void theKeyboardStepsThroughAGameAndTheBoardAndTheHighlightedMoveFollow() throws IOException {
        driver.get(url("/game/" + game));
        waitForPly(0);
        press(Keys.ARROW_RIGHT);
        waitForPly(1);
        press(Keys.ARROW_RIGHT);
        waitForPly(2);
        assertTrue(driver.getCurrentUrl().endsWith("/game/" + game + "/2"), "each ply has its own URL");
        press(Keys.ARROW_LEFT);
        waitForPly(1);
        press(Keys.END);
        waitForPly(lastPly());
        press(Keys.HOME);
        waitForPly(0);
        // the screenshot shows a capture's whole route
        int capture = db.dsl().fetchOne("SELECT MIN(ply) + 1 FROM position WHERE game_id = ? AND next_move LIKE '%x%x%'", game)
                .get(0, int.class);
        driver.navigate().to(url("/game/" + game + "/" + capture));
        waitForPly(capture);
        Files.createDirectories(SCREENSHOT.getParent());
        Path shot = ((ChromeDriver) driver).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(shot, SCREENSHOT, StandardCopyOption.REPLACE_EXISTING);
        assertTrue(Files.size(SCREENSHOT) > 10_000);
    }

    @Test
    void aDeepLinkShowsItsPlyAndTheLinksStepWithoutScript() {
        withoutScript();
        driver.get(url("/game/" + game + "/5"));
        waitForPly(5);
        assertFalse(driver.findElement(By.cssSelector("#game .keys")).isDisplayed(), "the page's script did not run");
        driver.findElement(By.id("next")).click();
        waitForPly(6);
        driver.findElement(By.id("prev")).click();
        waitForPly(5);
    }

    @Test
    void fFlipsTheBoardAndKeepsThePly() {
        driver.get(url("/game/" + game + "/4"));
        waitForPly(4);
        assertFalse(driver.findElement(By.cssSelector("svg.board")).getAttribute("class").contains("flipped"));
        press("f");
        wait.until(ExpectedConditions.attributeContains(By.cssSelector("svg.board"), "class", "flipped"));
        waitForPly(4);
        press(Keys.ARROW_RIGHT);
        waitForPly(5);
        assertTrue(driver.findElement(By.cssSelector("svg.board")).getAttribute("class").contains("flipped"));
    }

    @Test
    void aFilterNarrowsTheGamesListToTheCountTheDatabaseHas() {
        int expected = db.dsl().fetchOne("SELECT COUNT(*) FROM game WHERE white = 'Aster, Ada' OR black = 'Aster, Ada'")
                .get(0, int.class);
        assertTrue(expected > 0);
        driver.get(url("/games"));
        driver.findElement(By.id("player")).sendKeys("Aster, Ada");
        driver.findElement(By.id("apply")).click();
        wait.until(ExpectedConditions.urlContains("player=Aster"));
        assertTrue(driver.findElement(By.id("count")).getText().startsWith(expected + " games match"));
        for (WebElement row : driver.findElements(By.cssSelector("table.games tbody tr"))) {
            assertTrue(row.getText().contains("Aster, Ada"));
        }
    }

    @Test
    void aPlyOpensItsPositionInTheExplorer() {
        driver.get(url("/game/" + game + "/1"));
        waitForPly(1);
        driver.findElement(By.id("explore")).click();
        wait.until(ExpectedConditions.urlContains("/position?"));
        assertEquals(epn(1), driver.findElement(By.id("epn")).getAttribute("value"));
        assertTrue(driver.findElement(By.id("games-count")).getText().matches("\\d+ times? in the database.*"));
        assertEquals(move(2), driver.findElements(By.cssSelector("table.next-moves tbody tr td:first-child"))
                .stream().map(WebElement::getText).filter(move(2)::equals).findFirst().orElse("not listed"));
    }

    @Test
    void anExampleQueryRunsOnTheSqlPageAsATableAndATypedOneFromTheFormAndFromItsLink() {
        driver.get(url("/sql"));
        driver.findElement(By.cssSelector("a.example[data-name='04_findings_by_player.sql']")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("sql-result")));
        List<WebElement> headings = driver.findElements(By.cssSelector("#sql-result thead th"));
        assertEquals("CODE", headings.get(0).getText());
        assertFalse(driver.findElements(By.cssSelector("#sql-result tbody tr")).isEmpty());
        WebElement query = driver.findElement(By.id("q"));
        query.clear();
        query.sendKeys("SELECT COUNT(*) AS games FROM game");
        WebElement before = driver.findElement(By.id("sql-result"));
        driver.findElement(By.id("run")).click();
        // the example's own result is on the page until the new one replaces it
        wait.until(ExpectedConditions.stalenessOf(before));
        String games = Long.toString(db.dsl().fetchCount(db.dsl().selectFrom("game")));
        assertEquals(games, wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#sql-result tbody td"))).getText());
        assertTrue(driver.findElement(By.id("csv")).isDisplayed(), "the download button");
        // the link to the query runs it again, as a bookmark does
        String link = driver.findElement(By.id("link")).getAttribute("href");
        assertTrue(link.contains("/sql?q="), link);
        driver.get(link);
        assertEquals(games, wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#sql-result tbody td"))).getText());
    }

    /**
     * In a window 400 pixels wide no page is wider than the window (a wide table scrolls in its
     * own box), and a query's result comes before the examples; in a wide one, beside them.
     */
    @Test
    void noPageIsWiderThanANarrowWindowAndTheQuerysResultComesFirst() {
        driver.quit();
        driver = HeadlessChromium.narrow(folder, 400);
        wait = new WebDriverWait(driver, Duration.ofSeconds(20));
        String player = db.dsl().fetchOne("SELECT white FROM game WHERE id = ?", game).get(0, String.class);
        List<String> pages = List.of("/games", "/game/" + game + "/6", "/players",
                "/player/" + URLEncoder.encode(player, StandardCharsets.UTF_8).replace("+", "%20"), "/puzzles", "/position",
                "/stats", "/search?pattern=e5%3Aw1%2B", "/sql?example=04_findings_by_player.sql");
        for (String page : pages) {
            driver.get(url(page));
            wait.until(ExpectedConditions.presenceOfElementLocated(By.tagName("main")));
            long wide = (Long) ((JavascriptExecutor) driver).executeScript("return document.documentElement.scrollWidth");
            assertTrue(wide <= 400, page + " is " + wide + " pixels wide");
        }
        assertTrue(top("sql-result") < top("examples-title"), "the result above the examples");
        driver.quit();
        driver = HeadlessChromium.open(folder, true);
        wait = new WebDriverWait(driver, Duration.ofSeconds(20));
        driver.get(url("/sql?example=04_findings_by_player.sql"));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("sql-result")));
        assertTrue(top("sql-result") > top("examples-title") && top("sql-result") < top("schema-title"),
                "beside the examples, above the tables");
    }

    private long top(String id) {
        return ((Number) ((JavascriptExecutor) driver).executeScript(
                "return Math.round(document.getElementById(arguments[0]).getBoundingClientRect().top + window.scrollY)", id)).longValue();
    }

    /**
     * A page of another site (a server of the test's own, at localhost, where the viewer is at
     * 127.0.0.1) links to a typed query and to its CSV: the first is shown without running, the
     * second refused; an example query runs from there as from anywhere.
     */
    @Test
    void aQueryLinkedFromAnotherSiteIsShownWithoutRunningAndItsCsvRefused() throws IOException {
        String query = "SELECT COUNT(*) AS games FROM game";
        String page = "<!DOCTYPE html><title>elsewhere</title>"
                + "<a id=\"typed\" href=\"" + url("/sql?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8)) + "\">typed</a>"
                + "<a id=\"csv\" href=\"" + url("/sql.csv?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8)) + "\">csv</a>"
                + "<a id=\"example\" href=\"" + url("/sql?example=05_game_length.sql") + "\">example</a>";
        HttpServer elsewhere = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        elsewhere.createContext("/", exchange -> {
            byte[] body = page.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        elsewhere.start();
        try {
            String there = "http://localhost:" + elsewhere.getAddress().getPort() + "/";
            driver.get(there);
            driver.findElement(By.id("typed")).click();
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("sql-held")));
            assertTrue(driver.findElements(By.id("sql-result")).isEmpty(), "not run");
            assertEquals(query, driver.findElement(By.id("q")).getAttribute("value"));
            driver.get(there);
            driver.findElement(By.id("csv")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("main"), "only from the viewer's own SQL page"));
            driver.get(there);
            driver.findElement(By.id("example")).click();
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("sql-result")));
        } finally {
            elsewhere.stop(0);
        }
    }

    @Test
    void aPlayerWithASlashInHisNameHasAPageThatHisLinksOpen() {
        driver.get(url("/games?player=" + URLEncoder.encode(SLASHED, StandardCharsets.UTF_8)));
        driver.findElement(By.linkText(SLASHED)).click();
        wait.until(ExpectedConditions.textToBe(By.tagName("h1"), SLASHED));
        assertTrue(driver.findElement(By.tagName("main")).getText().contains("Slashed"), "his games are listed");
    }
}
