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
import org.emergo.store.review.OneGameReview;
import org.emergo.store.review.ReviewJob;
import org.emergo.viewer.ViewerServer;
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
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The engine's review in real headless Chromium (set up as {@link ViewerBrowserTest} is): the
 * keys that jump between mistakes, and the review button pressed on a page, which only a
 * same-origin request may do.
 */
@Tag("browser")
class ReviewBrowserTest {

    @TempDir
    static Path folder;

    private static Database db;
    private static ViewerServer server;
    /** Reviewed before the tests: the longest game. */
    private static long reviewed;
    /** Left for the button: the next longest. */
    private static long unreviewed;

    private WebDriver driver;
    private WebDriverWait wait;

    @BeforeAll
    static void serveTheLeagueGamesOneReviewed() throws IOException {
        HeadlessChromium.require();
        String path = folder.resolve("league").toString();
        Path samples = Files.createDirectory(folder.resolve("sample-games"));
        for (String name : List.of("league-games.csv", "league-moves.csv")) {
            Files.copy(Path.of("..", "sample-games", name), samples.resolve(name));
        }
        assertEquals(0, CommandLineRun.run("import", "--db", path, samples.toString()).exitCode());
        assertEquals(0, CommandLineRun.run("analyze", "--db", path).exitCode());
        db = Database.open(path);
        List<Long> longest = db.dsl().fetch("SELECT id FROM game WHERE setup_epn IS NULL ORDER BY ply_count DESC, id LIMIT 2")
                .getValues(0, Long.class);
        reviewed = longest.get(0);
        unreviewed = longest.get(1);
        try (OneGameReview job = new OneGameReview(db, ReviewJob.DEFAULT_LIMIT, 2)) {
            job.review(reviewed).orElseThrow();
        }
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

    /** The plies just after the reviewed game's mistakes and blunders, in order. */
    private List<Integer> pliesAfterMistakes() {
        return db.dsl().fetch("SELECT ply + 1 FROM review_ply WHERE game_id = ? AND move_class IN ('mistake', 'blunder')"
                + " ORDER BY ply", reviewed).getValues(0, Integer.class);
    }

    private void press(CharSequence key) {
        driver.findElement(By.tagName("body")).sendKeys(key);
    }

    /** Waits until the page shows a ply, with the graph's line and the move list's highlight there. */
    private void waitForPly(int ply) {
        wait.until(ExpectedConditions.attributeToBe(By.id("game"), "data-ply", Integer.toString(ply)));
        assertEquals(Integer.toString(ply), driver.findElement(By.cssSelector("svg.review-graph line.current-ply"))
                .getAttribute("data-ply"));
        String move = db.dsl().fetchOne("SELECT played FROM review_ply WHERE game_id = ? AND ply = ?", reviewed, ply - 1)
                .get(0, String.class);
        assertEquals(move, driver.findElement(By.cssSelector("a.move.current")).getText());
    }

    @Test
    void nAndPJumpToTheNextAndPreviousMistakeAndEachHasItsOwnUrl() {
        List<Integer> after = pliesAfterMistakes();
        assertTrue(after.size() >= 2, "the reviewed game has two mistakes or blunders at least: " + after);
        driver.get(url("/game/" + reviewed + "/0"));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("next-mistake")));
        press("n");
        waitForPly(after.get(0));
        press("n");
        waitForPly(after.get(1));
        assertTrue(driver.getCurrentUrl().endsWith("/game/" + reviewed + "/" + after.get(1)), driver.getCurrentUrl());
        assertTrue(driver.findElement(By.id("judgement")).getText().matches("(?s).*An? (mistake|blunder): it cost.*"),
                driver.findElement(By.id("judgement")).getText());
        press("p");
        waitForPly(after.get(0));
        // the visible links do the same without a key
        driver.findElement(By.id("next-mistake")).click();
        waitForPly(after.get(1));
    }

    @Test
    void theReviewButtonOnAPageReviewsTheGameAndThePageShowsItAtTheSamePly() {
        driver.get(url("/game/" + unreviewed + "/3"));
        WebElement button = wait.until(ExpectedConditions.elementToBeClickable(By.id("review-button")));
        assertFalse(driver.findElements(By.cssSelector("svg.review-graph")).size() > 0);
        button.click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("svg.review-graph")));
        assertTrue(driver.getCurrentUrl().endsWith("/game/" + unreviewed + "/3"), driver.getCurrentUrl());
        assertEquals("3", driver.findElement(By.id("game")).getAttribute("data-ply"));
        assertEquals(1, db.dsl().fetchOne("SELECT COUNT(*) FROM review WHERE game_id = ?", unreviewed).get(0, int.class));
        assertFalse(driver.findElement(By.id("score")).getText().isBlank());
    }
}
