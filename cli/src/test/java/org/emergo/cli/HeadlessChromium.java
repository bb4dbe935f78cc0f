package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Real headless Chromium for the browser tests: Debian's chromium and chromium-driver, driven by
 * Selenium through the system chromedriver, named outright so that Selenium Manager looks nothing
 * up (nothing is downloaded).
 */
final class HeadlessChromium {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    /** Selenium's own logger, held so that its level stays set: it warns about CDP versions it does not know. */
    private static final Logger SELENIUM = Logger.getLogger("org.openqa.selenium");

    private HeadlessChromium() {}

    /** Fails, saying what to install, where a binary is missing; quiets Selenium's warnings. */
    static void require() {
        SELENIUM.setLevel(Level.SEVERE);
        for (Path binary : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!Files.isExecutable(binary)) {
                fail(binary + " is missing: the browser tests need Debian's chromium and chromium-driver"
                        + " (apt-get install chromium chromium-driver; .ci/run installs them)");
            }
        }
    }

    /**
     * A browser with its script on or off and a profile of its own under {@code folder}; quitting
     * it stops its driver service, so each test has its own.
     */
    static WebDriver open(Path folder, boolean script) {
        return open(folder, script, 0);
    }

    /**
     * A browser as a phone of {@code width} CSS pixels shows pages (0: a window of 1280), with its
     * script on: headless Chromium keeps a window at least 500 wide, so a narrower one is emulated.
     */
    static WebDriver narrow(Path folder, int width) {
        return open(folder, true, width);
    }

    private static WebDriver open(Path folder, boolean script, int width) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1280,900", "--user-data-dir=" + folder.resolve("chromium-" + System.nanoTime()));
        if (width > 0) {
            options.setExperimentalOption("mobileEmulation",
                    Map.of("deviceMetrics", Map.of("width", width, "height", 900, "pixelRatio", 1)));
        }
        if (!script) options.setExperimentalOption("prefs", Map.of("profile.managed_default_content_settings.javascript", 2));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }
}
