package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.emergo.replay.GameRecord;
import org.emergo.store.HoldDatabase;
import org.emergo.store.PostgresServer;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRepositoryTest;
import org.emergo.store.game.InsertResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening, closing and compacting real databases: an H2 file, a PostgreSQL database. */
class DatabaseLifecycleTest {

    @TempDir
    Path dir;

    private static List<GameRecord> games(int n) {
        List<GameRecord> games = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            games.add(GameRepositoryTest.game("white " + i, "black"));
        }
        return games;
    }

    @Test
    void anH2FileKeepsItsGamesAcrossCompactingAndShrinks() throws IOException {
        String path = dir.resolve("games").toString();
        Database db = Database.open(path);
        new GameRepository(db.dsl()).insertAll(games(3000), null);
        db.close();
        long before = Files.size(dir.resolve("games.mv.db"));

        Database again = Database.open(path);
        again.closeAndCompact();
        long after = Files.size(dir.resolve("games.mv.db"));

        try (Database reopened = Database.open(path)) {
            assertEquals(3000, new GameRepository(reopened.dsl()).count());
        }
        assertTrue(after < before, after + " < " + before);
    }

    @Test
    void aViewersH2FileKeepsAQuarterOfTheHeapOfPagesInMemory() {
        try (Database db = Database.open(dir.resolve("games").toString())) {
            // in MB
            String setting = "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'info.CACHE_MAX_SIZE'";
            assertEquals(String.valueOf(Database.H2_DEFAULT_CACHE_KB / 1024), db.dsl().fetchValue(setting));
            db.cacheForServing();
            long expected = Math.max(Database.H2_DEFAULT_CACHE_KB, Runtime.getRuntime().maxMemory() / 4 / 1024);
            assertEquals(String.valueOf(expected / 1024), db.dsl().fetchValue(setting));
        }
    }

    /** Another program that holds the H2 file at {@code path} ({@link HoldDatabase}). */
    private static Process holder(String path) throws IOException {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HoldDatabase.class.getName(), path)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /** H2 rewrites a file's chunks in the background (AUTO_COMPACT_FILL_RATE); a program that only reads leaves that to those that write. */
    @Test
    void aProgramThatOnlyReadsAnH2FileDoesNotCompactIt() throws Exception {
        String path = dir.resolve("games").toString();
        String setting = "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'AUTO_COMPACT_FILL_RATE'";
        try (Database writing = Database.open(path)) {
            new GameRepository(writing.dsl()).insertAll(games(3), null);
            assertEquals("90", writing.dsl().fetchValue(setting), "H2's default");
        }
        try (Database reading = Database.openToRead(path)) {
            assertEquals("0", reading.dsl().fetchValue(setting));
            assertEquals(3, new GameRepository(reading.dsl()).count());
        }
        // through another program that holds the file, which decides (mixed mode)
        Process holder = holder(path);
        BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream()));
        try {
            assertEquals("open", out.readLine());
            try (Database reading = Database.openToRead(path)) {
                assertEquals("90", reading.dsl().fetchValue(setting));
                assertEquals(3, new GameRepository(reading.dsl()).count());
            }
        } finally {
            holder.getOutputStream().close();
            holder.waitFor();
        }
        assertEquals("3", out.readLine());
    }

    /** What H2 has left after a killed import now and then: an identity below the stored games. */
    @Test
    void anH2FileWhoseGameIdentityFellBehindItsGamesTakesNewGamesOnOpening() {
        String path = dir.resolve("games").toString();
        try (Database db = Database.open(path)) {
            new GameRepository(db.dsl()).insertAll(games(40), null);
            db.dsl().execute("ALTER TABLE game ALTER COLUMN id RESTART WITH 7");
        }
        try (Database reopened = Database.open(path)) {
            GameRepository games = new GameRepository(reopened.dsl());
            InsertResult more = games.insertAll(List.of(GameRepositoryTest.game("later", "black")), null);
            assertEquals(List.of(41L), more.ids());
            assertEquals(41, games.count());
        }
    }

    @Test
    void anH2FileHeldByAnotherProgramIsSharedWithItThroughH2sMixedMode() throws Exception {
        String path = dir.resolve("games").toString();
        Process other = holder(path);
        BufferedReader out = new BufferedReader(new InputStreamReader(other.getInputStream()));
        try {
            assertEquals("open", out.readLine());

            // emergo serve holds the file while emergo import adds to it (AUTO_SERVER)
            try (Database second = Database.open(path)) {
                new GameRepository(second.dsl()).insertAll(games(3), null);
                second.closeAndCompact();
            }
            try (Database third = Database.open(path)) {
                assertEquals(3, new GameRepository(third.dsl()).count());
            }
        } finally {
            other.getOutputStream().close(); // the holder now reads its database again
            other.waitFor();
        }
        assertEquals("3", out.readLine(), "the holder's database survived the others: it still reads their games");
        assertEquals(0, other.exitValue());
    }

    @Test
    @Tag("postgres")
    void aPostgresDatabaseKeepsItsGamesAcrossClosing() {
        String url = PostgresServer.get().newDatabaseUrl();
        Database db = Database.open(url);
        new GameRepository(db.dsl()).insertAll(games(10), null);
        db.closeAndCompact();

        try (Database reopened = Database.open(url)) {
            assertEquals(10, new GameRepository(reopened.dsl()).count());
        }
    }
}
