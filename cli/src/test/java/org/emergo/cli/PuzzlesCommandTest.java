package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code emergo puzzles} in-process on an H2 file: the summary, a second run, the export, bad usage. */
class PuzzlesCommandTest {

    @TempDir
    Path dir;

    @Test
    void puzzlesMinesTheReviewedGamesOnceAndExportsTheSetAsTheLichessColumns() throws IOException {
        Path games = Files.writeString(dir.resolve("games.egn"), CommandLineRun.run("generate", "--games", "6", "--seed", "9").out());
        String db = dir.resolve("p").toString();
        assertEquals(0, CommandLineRun.run("import", "--db", db, games.toString()).exitCode());
        CommandLineRun none = CommandLineRun.run("puzzles", "--db", db);
        assertEquals(0, none.exitCode(), none::err);
        assertTrue(none.out().startsWith("mined 0 games: 0 positions tried, 0 puzzles found"), none.out());
        assertEquals(0, CommandLineRun.run("review", "--db", db, "--depth", "2").exitCode());
        CommandLineRun first = CommandLineRun.run("puzzles", "--db", db, "--threads", "2");
        assertEquals(0, first.exitCode(), first::err);
        assertTrue(first.out().startsWith("mined 6 games: "), first.out());
        assertTrue(CommandLineRun.run("puzzles", "--db", db).out().startsWith("mined 0 games"));
        CommandLineRun csv = CommandLineRun.run("puzzles", "--db", db, "--export");
        assertEquals(0, csv.exitCode(), csv::err);
        assertTrue(csv.out().startsWith("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags"),
                csv.out());
    }

    @Test
    void badUsageIsOneLineAndExitTwoAndAMissingDatabaseExitOne() {
        CommandLineRun both = CommandLineRun.run("puzzles", "--db", dir.resolve("x").toString(), "--export", "--where", "id = 1");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().startsWith("--export writes the whole set: leave --where out"), both.err());
        CommandLineRun missing = CommandLineRun.run("puzzles", "--db", dir.resolve("nothing").toString());
        assertEquals(1, missing.exitCode());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
    }
}
