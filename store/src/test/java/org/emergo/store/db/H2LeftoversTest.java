package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.store.game.GameRepository;
import org.emergo.store.review.ReviewJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file as a kill left it (killed-review.mv.db: 40 self-play games of seed 43, as {@code emergo
 * generate --games 40 --seed 43} writes them, and a review at depth 2 with 2 threads killed by
 * SIGKILL in its first transaction; 3 of 40 such kills left a file like it). H2 left ten index
 * entries of review_ply from a transaction it no longer knows.
 */
class H2LeftoversTest {

    private static final Limit DEPTH_2 = Limit.depth(2);

    /** When the killed review opened the file: its first chunk is of 08:34:12 (MVStoreTool -dump). */
    private static final Instant REVIEW_OPENED = Instant.parse("2026-12-02T08:34:10Z");

    @TempDir
    Path dir;

    @Test
    void openedAsAfterACleanCloseTheKilledTransactionsKeysRefuseTheReview() throws IOException {
        String db = killedReview("closed-cleanly");
        try (Database d = Database.open(db); ReviewJob job = new ReviewJob(d, DEPTH_2, 1)) {
            assertEquals(0, d.dsl().fetchCount(d.dsl().selectFrom("review_ply")), "no query sees the entries");
            StoreException e = assertThrows(StoreException.class, () -> job.run(null, games -> { }));
            assertTrue(e.getMessage().contains("REVIEW_PLY_PK"), e.getMessage());
        }
    }

    @Test
    void afterAnUncleanStopTheEntriesAreRolledBackAndTheReviewHoldsWhatACleanOneHolds() throws IOException, SQLException {
        String db = killedReview("killed");
        // the lock file H2 left when the review was killed, written when the review opened the file
        Path lock = Files.writeString(Path.of(db + ".lock.db"), "#FileLock\nhostName=localhost\nmethod=file\nid=killed\n");
        Files.setLastModifiedTime(lock, FileTime.from(REVIEW_OPENED));
        try (Database d = Database.open(db)) {
            assertEquals(0, H2Leftovers.rollBack(d.dataSource(), 0), "opening rolled them back");
            try (ReviewJob job = new ReviewJob(d, DEPTH_2, 2)) {
                assertEquals(40, job.run(null, games -> { }).games());
            }
            String clean = cleanReviewOfTheSameGames();
            try (Database c = Database.open(clean)) {
                assertEquals(reviews(c), reviews(d));
            }
        }
    }

    @Test
    void theRollbackFindsTheTenEntriesOfTheKilledTransactionInThePagesWrittenSinceTheReviewOpenedTheFile()
            throws IOException, SQLException {
        String db = killedReview("counted");
        try (Database d = Database.open(db)) {
            // H2's own recovery on opening wrote the entries' pages anew: in a chunk listed once a later one is written
            d.dsl().execute("CREATE TABLE written (id INT)");
            d.dsl().execute("CHECKPOINT");
            d.dsl().execute("DROP TABLE written");
            d.dsl().execute("CHECKPOINT");
            long later = System.currentTimeMillis() + 120_000;
            assertEquals(0, H2Leftovers.rollBack(d.dataSource(), later), "every page older: none searched");
            assertEquals(10, H2Leftovers.rollBack(d.dataSource(), REVIEW_OPENED.toEpochMilli()));
            assertEquals(0, H2Leftovers.rollBack(d.dataSource(), 0), "none left in any page");
        }
    }

    private String killedReview(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("killed-review.mv.db")) {
            Files.copy(in, dir.resolve(name + ".mv.db"));
        }
        return dir.resolve(name).toString();
    }

    /** The same 40 games in a new file, reviewed at the same depth without a stop. */
    private String cleanReviewOfTheSameGames() {
        String clean = dir.resolve("clean").toString();
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 43);
        try (Database c = Database.open(clean)) {
            new GameRepository(c.dsl()).insertAll(IntStream.rangeClosed(1, 40).mapToObj(selfPlay::game).toList(), null);
            try (ReviewJob job = new ReviewJob(c, DEPTH_2, 1)) {
                assertEquals(40, job.run(null, games -> { }).games());
            }
        }
        return clean;
    }

    /** The review rows, the time of each left out, and every ply row. */
    private static List<List<Object>> reviews(Database d) {
        List<List<Object>> rows = new java.util.ArrayList<>();
        d.dsl().fetch("SELECT game_id, setting_id, plies, stopped_at_ply, white_accuracy, black_accuracy, nodes"
                + " FROM review ORDER BY game_id").forEach(r -> rows.add(Arrays.asList(r.intoArray())));
        d.dsl().fetch("SELECT * FROM review_ply ORDER BY game_id, setting_id, ply").forEach(r -> rows.add(Arrays.asList(r.intoArray())));
        return rows;
    }
}
