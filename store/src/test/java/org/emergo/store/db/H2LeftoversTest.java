package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.store.game.GameRepository;
import org.emergo.store.review.ReviewJob;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.db.MVIndex;
import org.h2.mvstore.tx.ForgottenTransaction;
import org.h2.result.SearchRow;
import org.h2.table.Table;
import org.h2.value.VersionedValue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The state a SIGKILL of a review left in CI and in 3 of 22 kills here (a review at depth 2 with
 * 2 threads of the 40 games {@code emergo generate --games 40 --seed 43} writes, killed in its
 * first transaction): the rows of the game being stored are not in the file, but their entries
 * in review_ply's secondary indexes are, marked as written by transaction 1, which no undo log
 * names. The test makes that state in a file the program made, from game 1's committed plies
 * ({@link ForgottenTransaction}).
 */
class H2LeftoversTest {

    private static final Limit DEPTH_2 = Limit.depth(2);

    /**
     * The id the killed files' entries carry: the first one H2 gives after opening a file, so
     * the next program's first transaction takes them for its own, and its unique index refuses
     * their keys. (Under another id, an insert of such a key waits for that transaction without
     * end: H2 retries it.)
     */
    private static final int FORGOTTEN = 1;

    @TempDir
    static Path shared;

    /** The 40 games, reviewed without a stop. */
    private static Path reviewed;

    @TempDir
    Path dir;

    @BeforeAll
    static void reviewTheGames() {
        String db = shared.resolve("reviewed").toString();
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 43);
        try (Database d = Database.open(db)) {
            new GameRepository(d.dsl()).insertAll(IntStream.rangeClosed(1, 40).mapToObj(selfPlay::game).toList(), null);
            try (ReviewJob job = new ReviewJob(d, DEPTH_2, 1)) {
                assertEquals(40, job.run(null, games -> { }).games());
            }
        }
        reviewed = Path.of(db + ".mv.db");
    }

    @Test
    void openedAsAfterACleanCloseTheForgottenKeysRefuseTheReview() throws IOException, SQLException {
        String db = copy("closed-cleanly");
        forgetGameOnesReview(db);
        try (Database d = Database.open(db); ReviewJob job = new ReviewJob(d, DEPTH_2, 1)) {
            // read from the rows' map: through the key's index the forgotten entries lead to rows that are not there
            assertEquals(0L, d.dsl().fetchValue("SELECT COUNT(*) FROM review_ply USE INDEX () WHERE game_id = 1"), "no row");
            assertEquals(39, d.dsl().fetchCount(d.dsl().selectFrom("review")));
            StoreException e = assertThrows(StoreException.class, () -> job.run(null, games -> { }));
            assertTrue(e.getMessage().contains("REVIEW_PLY_PK"), e.getMessage());
        }
    }

    @Test
    void afterAnUncleanStopTheEntriesAreRolledBackAndTheReviewHoldsWhatACleanOneHolds() throws IOException, SQLException {
        String db = copy("killed");
        long opened = System.currentTimeMillis();
        forgetGameOnesReview(db);
        // the lock file H2 leaves behind when it is killed, written when the killed program opened the file
        Path lock = Files.writeString(Path.of(db + ".lock.db"), "#FileLock\nhostName=localhost\nmethod=file\nid=killed\n");
        Files.setLastModifiedTime(lock, FileTime.fromMillis(opened));
        try (Database d = Database.open(db)) {
            assertEquals(0, H2Leftovers.rollBack(d.dataSource(), 0).entries(), "opening rolled them back");
            try (ReviewJob job = new ReviewJob(d, DEPTH_2, 2)) {
                assertEquals(1, job.run(null, games -> { }).games(), "game 1 reviewed again");
            }
            try (Database clean = Database.open(copy("clean"))) {
                assertEquals(reviews(clean), reviews(d));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Kept.class, names = {"ROWS", "INDEXES"})
    void aCommitKeptInSomeOfATablesMapsIsSettledAsOneAndTheReviewHoldsWhatACleanOneHolds(Kept kept)
            throws IOException, SQLException {
        String db = copy("kept-" + kept);
        long opened = System.currentTimeMillis();
        forgetGameOnesReview(db, kept);
        Path lock = Files.writeString(Path.of(db + ".lock.db"), "#FileLock\nhostName=localhost\nmethod=file\nid=killed\n");
        Files.setLastModifiedTime(lock, FileTime.fromMillis(opened));
        try (Database d = Database.open(db)) {
            // the plies settled one way in every map: then, without their review row, they went as a
            // transaction's beginning, through the key's index as through the rows
            assertEquals(0L, d.dsl().fetchValue("SELECT COUNT(*) FROM review_ply USE INDEX () WHERE game_id = 1"), "no row");
            assertEquals(0L, d.dsl().fetchValue("SELECT COUNT(*) FROM review_ply WHERE game_id = 1 AND setting_id > 0"), "no entry");
            try (ReviewJob job = new ReviewJob(d, DEPTH_2, 2)) {
                assertEquals(1, job.run(null, games -> { }).games(), "game 1 reviewed again");
            }
            try (Database clean = Database.open(copy("clean-" + kept))) {
                assertEquals(reviews(clean), reviews(d));
            }
        }
    }

    @Test
    void aFileWhoseHolderEndedWhileACommandRanThroughItIsRepairedWhenOpenedNextAndTheMarkGoes() throws IOException, SQLException {
        String db = copy("holder-ended");
        forgetGameOnesReview(db);
        // as a command leaves it that the program serving it the file left during its run; no lock file says so
        String url = "jdbc:h2:file:" + db;
        H2Lock.markHolderEnded(url);
        assertTrue(H2Lock.holderEnded(url));
        try (Database d = Database.open(db)) {
            assertEquals(0, H2Leftovers.rollBack(d.dataSource(), 0).entries(), "opening rolled them back, from every page");
            assertFalse(H2Lock.holderEnded(url), "the mark is gone");
            try (ReviewJob job = new ReviewJob(d, DEPTH_2, 1)) {
                assertEquals(1, job.run(null, games -> { }).games(), "game 1 reviewed again");
            }
        }
    }

    @Test
    void theRollbackFindsTheForgottenEntriesInThePagesWrittenSinceTheKilledProgramOpenedTheFile()
            throws IOException, SQLException {
        String db = copy("counted");
        long opened = System.currentTimeMillis();
        int forgotten = forgetGameOnesReview(db);
        try (Database d = Database.open(db)) {
            // the entries' chunk is listed in the store's layout once a later chunk is written
            d.dsl().execute("CREATE TABLE written (id INT)");
            d.dsl().execute("CHECKPOINT");
            d.dsl().execute("DROP TABLE written");
            d.dsl().execute("CHECKPOINT");
            long later = System.currentTimeMillis() + 120_000;
            assertEquals(0, H2Leftovers.rollBack(d.dataSource(), later).entries(), "every page older: none searched");
            assertEquals(forgotten, H2Leftovers.rollBack(d.dataSource(), opened).entries());
            assertEquals(0, H2Leftovers.rollBack(d.dataSource(), 0).entries(), "none left in any page");
        }
    }

    private String copy(String name) throws IOException {
        Files.copy(reviewed, dir.resolve(name + ".mv.db"));
        return dir.resolve(name).toString();
    }

    /**
     * Leaves game 1 as the kill left the game it was storing: no review row, no ply rows, and
     * each index entry of its plies written by a transaction H2 does not know; returns how many
     * entries.
     */
    private static int forgetGameOnesReview(String db) throws SQLException {
        return forgetGameOnesReview(db, Kept.NO_ROWS);
    }

    /**
     * What a kill kept of the review of the game it was storing, besides the forgotten entries:
     * no ply rows (the state of the kept files); the ply rows committed and their index entries
     * the forgotten transaction's (the commit kept in the rows' map and not yet in the indexes:
     * a CI run's kill); the index entries committed and the rows the forgotten transaction's.
     */
    enum Kept { NO_ROWS, ROWS, INDEXES }

    /** As above, with {@code kept} in the maps of game 1's plies. */
    private static int forgetGameOnesReview(String db, Kept kept) throws SQLException {
        try (Database d = Database.open(db); Connection c = d.dataSource().getConnection()) {
            d.dsl().execute("DELETE FROM review WHERE game_id = 1");
            Set<Long> rows = new HashSet<>(d.dsl().fetch("SELECT _ROWID_ FROM review_ply WHERE game_id = 1").getValues(0, Long.class));
            assertTrue(rows.size() > 10, "game 1 has its plies");
            org.h2.engine.Database h2 = ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase();
            int forgotten = 0;
            for (Table table : h2.getAllTablesAndViews()) {
                if (!table.getName().equals("REVIEW_PLY")) continue;
                for (Index index : table.getIndexes()) {
                    if (index instanceof MVIndex<?, ?> mv) forgotten += forget(mv.getMVMap(), rows, kept);
                }
            }
            assertEquals((kept == Kept.INDEXES ? 1 : 3) * rows.size(), forgotten, "in the rows' map, or the key's, the class's and the capture's index");
            h2.getStore().getMvStore().commit();
            return forgotten;
        }
    }

    /** In the rows' map (keyed by row id) and in each index, the rows' entries as {@code kept} leaves them; returns how many are forgotten. */
    private static <K, V> int forget(MVMap<K, VersionedValue<V>> map, Set<Long> rows, Kept kept) {
        List<K> keys = new ArrayList<>();
        for (K key : map.keySet()) {
            if (rows.contains(key instanceof SearchRow row ? row.getKey() : (Long) key)) keys.add(key);
        }
        boolean rowsMap = keys.get(0) instanceof Long;
        if (rowsMap && kept == Kept.NO_ROWS) {
            keys.forEach(map::remove);
        } else if (rowsMap != (kept == Kept.INDEXES)) {
            keys.forEach(key -> map.put(key, map.get(key))); // committed, in pages written anew as the kill's were
        } else {
            keys.forEach(key -> ForgottenTransaction.uncommitInsert(map, key, FORGOTTEN));
            return keys.size();
        }
        return 0;
    }

    /** The review rows, the time of each left out, and every ply row. */
    private static List<List<Object>> reviews(Database d) {
        List<List<Object>> rows = new ArrayList<>();
        d.dsl().fetch("SELECT game_id, setting_id, plies, stopped_at_ply, white_accuracy, black_accuracy, nodes"
                + " FROM review ORDER BY game_id").forEach(r -> rows.add(Arrays.asList(r.intoArray())));
        d.dsl().fetch("SELECT * FROM review_ply ORDER BY game_id, setting_id, ply").forEach(r -> rows.add(Arrays.asList(r.intoArray())));
        return rows;
    }
}
