package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.emergo.store.db.Database;
import org.emergo.viewer.ViewerServer;
import org.jooq.Record;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The puzzles in real headless Chromium (set up as {@link ViewerBrowserTest} is): one solved by
 * clicking its moves, one failed by clicking another, each attempt stored through the page's form.
 */
@Tag("browser")
class PuzzleBrowserTest {

    @TempDir
    static Path folder;

    private static Database db;
    private static ViewerServer server;

    private WebDriver driver;
    private WebDriverWait wait;

    @BeforeAll
    static void serveMinedSelfPlayGames() throws IOException {
        HeadlessChromium.require();
        String path = folder.resolve("puzzles").toString();
        String egn = CommandLineRun.run("generate", "--games", "12", "--seed", "5").out();
        Path games = folder.resolve("games.egn");
        Files.writeString(games, egn);
        assertEquals(0, CommandLineRun.run("import", "--db", path, games.toString()).exitCode());
        assertEquals(0, CommandLineRun.run("review", "--db", path, "--depth", "2").exitCode());
        assertEquals(0, CommandLineRun.run("puzzles", "--db", path).exitCode());
        db = Database.open(path);
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
        wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        wait.ignoring(StaleElementReferenceException.class);
    }

    @AfterEach
    void closeBrowser() {
        if (driver != null) driver.quit();
    }

    private String url(String path) {
        return server.url() + path.substring(1);
    }

    /** The set's puzzles, in order: id, moves, roles. */
    private List<Record> puzzles() {
        return List.copyOf(db.dsl().fetch("SELECT game_id || '-' || ply, moves, roles FROM puzzle_set ORDER BY game_id, ply"));
    }

    private void click(String move) {
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("button.puzzle-move[value='" + move + "']"))).click();
    }

    @Test
    void aPuzzleIsSolvedByClickingItsMovesAndTheAttemptIsStored() {
        Record p = puzzles().get(0);
        String id = p.get(0, String.class);
        String[] moves = p.get(1, String.class).split(" ");
        String roles = p.get(2, String.class);
        driver.get(url("/puzzles"));
        wait.until(ExpectedConditions.urlContains("/puzzles/" + id));
        for (int i = 0; i < moves.length; i++) {
            if (roles.charAt(i) != 'a') continue;
            click(moves[i]);
            int next = roles.indexOf('a', i + 1);
            if (next > 0) wait.until(ExpectedConditions.urlContains("at=" + next));
        }
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("puzzle-solved")));
        assertEquals(String.join(" ", moves), driver.findElement(By.id("puzzle-solution")).getText());
        assertEquals(1, db.dsl().fetchOne("SELECT COUNT(*) FROM puzzle_attempt WHERE solved AND game_id || '-' || ply = ?", id)
                .get(0, int.class));
        // the next puzzle is one not tried yet
        driver.findElement(By.id("next-puzzle")).click();
        wait.until(ExpectedConditions.urlContains("/puzzles/" + puzzles().get(1).get(0, String.class)));
    }

    @Test
    void aWrongMoveShowsTheLineThatRefutesItAndTheSolution() {
        Record p = puzzles().get(puzzles().size() - 1);
        String id = p.get(0, String.class);
        String first = p.get(1, String.class).split(" ")[0];
        driver.get(url("/puzzles/" + id));
        String wrong = driver.findElements(By.cssSelector("button.puzzle-move")).stream()
                .map(b -> b.getAttribute("value")).filter(m -> !m.equals(first)).findFirst().orElseThrow();
        click(wrong);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("puzzle-failed")));
        // the move is said once: "b4 is answered by e5xe7 ...", not "by b4 e5xe7 ..."
        String failed = driver.findElement(By.cssSelector("#puzzle-failed + p")).getText();
        assertTrue(failed.startsWith(wrong + " "), failed);
        assertFalse(failed.contains("by " + wrong + " "), failed);
        assertEquals(p.get(1, String.class), driver.findElement(By.id("puzzle-solution")).getText());
        assertEquals(wrong, db.dsl().fetchOne("SELECT wrong_move FROM puzzle_attempt WHERE NOT solved AND game_id || '-' || ply = ?", id)
                .get(0, String.class));
        // r, as the page's Try again link, sets it anew
        driver.findElement(By.tagName("body")).sendKeys("r");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("button.puzzle-move")));
        assertTrue(driver.getCurrentUrl().endsWith("/puzzles/" + id), driver.getCurrentUrl());
    }

    @Test
    void aPlayersMistakeIsRetriedFromHisListAndTheEnginesBestMoveSolvesIt() {
        Record m = db.dsl().fetchOne("SELECT CASE WHEN p.player = 'w' THEN g.white ELSE g.black END, p.game_id, p.ply, p.best_move"
                + " FROM review_ply p JOIN game g ON g.id = p.game_id WHERE p.move_class = 'blunder'"
                + " ORDER BY g.date DESC, g.id DESC, p.ply LIMIT 1");
        String player = m.get(0, String.class);
        driver.get(url("/player/" + player.replace(" ", "%20").replace(",", "%2C")));
        wait.until(ExpectedConditions.elementToBeClickable(By.id("mistakes-link"))).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("mistakes")));
        driver.findElement(By.cssSelector("a.retry[href$='/mistakes/" + m.get(1, Long.class) + "/" + m.get(2, Integer.class) + "']"))
                .click();
        // the blunder itself again: not solved, and the answer is not given at once
        String played = db.dsl().fetchOne("SELECT played FROM review_ply WHERE game_id = ? AND ply = ?", m.get(1, Long.class),
                m.get(2, Integer.class)).get(0, String.class);
        click(played);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("retry-failed")));
        assertTrue(driver.findElements(By.id("retry-best")).isEmpty());
        driver.findElement(By.id("show-best")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("retry-best")));
        assertEquals(m.get(3, String.class), driver.findElement(By.id("retry-best")).getText());
        driver.findElement(By.id("try-again")).click();
        // the best move clicked on the board, square by square, as on the analysis board
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("button.puzzle-move")));
        for (String square : m.get(3, String.class).split("[-x]")) {
            if (!driver.findElements(By.id("retry-solved")).isEmpty()) break;
            ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
                    "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                    driver.findElement(By.cssSelector("#board g.square[data-square='" + square + "'] > :first-child")));
            if (driver.findElements(By.cssSelector("#board g.square.picked[data-square='" + square + "']")).isEmpty()) break;
        }
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("retry-solved")));
        var next = new org.emergo.store.puzzle.PlayerMistakes(db.dsl()).next(player, m.get(1, Long.class), m.get(2, Integer.class));
        assertEquals(next.isPresent(), !driver.findElements(By.id("next-mistake")).isEmpty());
        next.ifPresent(n -> assertTrue(driver.findElement(By.id("next-mistake")).getAttribute("href")
                .endsWith("/mistakes/" + n.gameId() + "/" + n.ply())));
    }

    @Test
    void aMovePostedFromAnotherSitesPageIsRefusedAndStoresNothing() throws Exception {
        String id = puzzles().get(0).get(0, String.class);
        int before = db.dsl().fetchCount(db.dsl().selectFrom("puzzle_attempt"));
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        for (String[] header : List.of(new String[] {"Origin", "http://evil.example"}, new String[] {"Sec-Fetch-Site", "cross-site"})) {
            java.net.http.HttpResponse<String> r = client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url("/puzzles/" + id + "/move")))
                    .header("Content-Type", "application/x-www-form-urlencoded").header(header[0], header[1])
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString("at=0&move=" + puzzles().get(0).get(1, String.class).split(" ")[0]))
                    .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(403, r.statusCode(), header[0]);
        }
        assertEquals(before, db.dsl().fetchCount(db.dsl().selectFrom("puzzle_attempt")));
    }
}
