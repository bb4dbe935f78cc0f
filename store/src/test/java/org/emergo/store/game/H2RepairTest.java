package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.emergo.store.db.Database;
import org.emergo.store.db.H2Repair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30: {@code emergo repair} on H2 files damaged on purpose. Each file is written in
 * batches of games, a chunk each (CHECKPOINT), and then damaged: bytes overwritten in the middle
 * of a chunk, the file cut off inside its last chunk, its last chunk cut off whole. The repair
 * keeps every game a plain SELECT could still read of the damaged file, each as it was.
 */
class H2RepairTest {

    private static final int BATCHES = 5;
    private static final int PER_BATCH = 120;
    private static final int BLOCK = DamagedFiles.BLOCK;

    @TempDir
    Path dir;

    @Test
    void bytesOverwrittenInTheMiddleOfAChunkLoseOnlyTheRowsOfThosePages() throws Exception {
        Path db = written("middle");
        Map<String, String> before = DamagedFiles.games(db);
        List<long[]> chunks = chunks(db);
        long[] middle = chunks.get(chunks.size() / 2);
        overwrite(db, (middle[0] + middle[1] / 2) * BLOCK, 2 * BLOCK);

        assertRepairKeepsWhatCanBeRead(db, before);
    }

    /**
     * One page of the game table's rows, in the middle of its keys, that cannot be read: H2's
     * own Recover stopped there, and the repair saved no game. Every other game is saved.
     */
    @Test
    void aGamePageThatCannotBeReadLosesOnlyItsOwnGames() throws Exception {
        Path db = written("one-page");
        Map<String, String> before = DamagedFiles.games(db);
        long[] page = middleLeafOfTheGames(db);
        overwrite(db, page[0], 16); // its length and check: H2 refuses to read it

        H2Repair.Summary s = assertRepairKeepsWhatCanBeRead(db, before);
        Map<String, String> after = DamagedFiles.games(db);
        assertEquals(before.size() - page[1], after.size(), s.lines().toString());
    }

    /** The game table's leaf page in the middle of its keys: where it is in the file, and how many rows it holds. */
    private static long[] middleLeafOfTheGames(Path db) throws Exception {
        List<DamagedFiles.Leaf> leaves = DamagedFiles.leaves(db, "GAME");
        assertTrue(leaves.size() > 1, "the games span several pages");
        DamagedFiles.Leaf leaf = leaves.get(leaves.size() / 2);
        return new long[] {leaf.at(), leaf.games().size()};
    }

    /**
     * H2 keeps the lock of a file it failed to open: the check that {@code emergo repair} runs
     * first left the damaged file locked in the same program, and the repair, reading it through
     * a link, read nothing ("H2 could read no game"). It now reads a copy of its own.
     */
    @Test
    void aFileThisProgramHoldsLockedIsReadFromACopy() throws Exception {
        Path db = written("locked");
        Map<String, String> before = DamagedFiles.games(db);
        List<long[]> chunks = chunks(db);
        long[] middle = chunks.get(chunks.size() / 2);
        overwrite(db, (middle[0] + middle[1] / 2) * BLOCK, 2 * BLOCK);
        try (FileChannel file = FileChannel.open(Path.of(db + ".mv.db"), StandardOpenOption.READ);
                FileLock lock = file.lock(0, Long.MAX_VALUE, true)) {
            H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);
            assertTrue(s.games() > 0, s.lines().toString());
            Map<String, String> after = DamagedFiles.games(db);
            for (Map.Entry<String, String> e : after.entrySet()) assertEquals(before.get(e.getKey()), e.getValue());
        }
    }

    @Test
    void aFileCutOffInsideItsLastChunkKeepsTheGamesOfTheChunksBefore() throws Exception {
        Path db = written("cut");
        Map<String, String> before = DamagedFiles.games(db);
        long[] last = chunks(db).get(chunks(db).size() - 1);
        DamagedFiles.truncate(db, (last[0] + last[1] / 2) * BLOCK);

        H2Repair.Summary s = assertRepairKeepsWhatCanBeRead(db, before);
        assertTrue(s.games() >= (BATCHES - 1) * PER_BATCH, s.lines().toString());
    }

    @Test
    void aFileWhoseLastChunkIsMissingKeepsTheGamesOfTheChunksBefore() throws Exception {
        Path db = written("last");
        Map<String, String> before = DamagedFiles.games(db);
        long[] last = chunks(db).get(chunks(db).size() - 1);
        DamagedFiles.truncate(db, last[0] * BLOCK);

        H2Repair.Summary s = assertRepairKeepsWhatCanBeRead(db, before);
        assertTrue(s.games() >= (BATCHES - 1) * PER_BATCH, s.lines().toString());
    }

    @Test
    void anUndamagedFileKeepsEveryGameAndItsTagsAndOpensAsBefore() throws Exception {
        Path db = written("sound");
        Map<String, String> before = DamagedFiles.games(db);
        DatabaseCheck.Report check = DatabaseCheck.ofH2FileAlone(db).run();
        assertTrue(check.sound(), check.toString());
        assertEquals(BATCHES * PER_BATCH, check.games());

        H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);

        assertEquals(before, DamagedFiles.games(db));
        assertEquals(BATCHES * PER_BATCH, s.games());
        assertEquals(0, s.gamesLost() + s.incompleteGames() + s.unreadableRows(), s.lines().toString());
        assertTrue(Files.isRegularFile(s.damagedKeptAs()), "the old file is kept");
        try (Database reopened = Database.open(db.toString())) {
            long next = new GameRepository(reopened.dsl()).insertAll(List.of(DamagedFiles.game(9999)), null).ids().get(0);
            assertTrue(next > BATCHES * PER_BATCH, "new games take new ids: " + next);
        }
    }

    private H2Repair.Summary assertRepairKeepsWhatCanBeRead(Path db, Map<String, String> before) throws Exception {
        Map<String, String> readable = readable(db, before.keySet());
        assertCheckSeesTheDamage(db, readable.size() < before.size());
        H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);
        Map<String, String> after = DamagedFiles.games(db);
        for (Map.Entry<String, String> e : after.entrySet()) {
            assertEquals(before.get(e.getKey()), e.getValue(), "a saved game is as it was");
        }
        for (String id : readable.keySet()) {
            assertTrue(after.containsKey(id), "game " + id + " could be read, and is saved; " + s.lines()
                    + " lost: " + before.keySet().stream().filter(k -> !after.containsKey(k)).toList());
        }
        assertEquals(s.games(), after.size());
        assertTrue(after.size() > 0, s.lines().toString());
        assertTrue(Files.isRegularFile(s.damagedKeptAs()));
        return s;
    }

    @Test
    void theCheckNamesTheGamesWhoseTextNoLongerMatchesTheirFingerprint() throws Exception {
        Path db = written("altered");
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db, "sa", "")) {
            // what a flipped bit in a compressed page does: text that still reads, altered
            c.createStatement().executeUpdate("UPDATE game SET white = 'White 9' WHERE id = 12");
            c.createStatement().executeUpdate("UPDATE game SET moves = 'd4 f6 e2' WHERE id = 345");
        }
        DatabaseCheck.Report check = DatabaseCheck.ofH2FileAlone(db).run();
        assertEquals(List.of(12L, 345L), check.alteredGames());
        assertEquals(Map.of(), check.damagedTables());
    }

    /** A tag and the event are outside the fingerprint: the record digest (V30) names the games whose they changed. */
    @Test
    void theCheckNamesTheGamesWhoseTagsOrEventNoLongerMatchTheirRecordDigest() throws Exception {
        Path db = written("tag-altered");
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db + ";NON_KEYWORDS=VALUE", "sa", "")) {
            c.createStatement().executeUpdate("UPDATE game_tag SET value = 'Annotatos' WHERE game_id = 7 AND name = 'Annotator'");
            c.createStatement().executeUpdate("UPDATE game SET event = 'Club championshi' WHERE id = 400");
        }
        DatabaseCheck.Report check = DatabaseCheck.ofH2FileAlone(db).run();
        assertEquals(List.of(7L, 400L), check.alteredGames());
    }

    @Test
    void aGameReadAlteredIsLeftOutAndNamedAndEachLostGameCountsOnce() throws Exception {
        Path db = written("altered-repair");
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db, "sa", "")) {
            c.createStatement().executeUpdate("UPDATE game SET white = 'White 9' WHERE id = 12");
        }
        Map<String, String> before = DamagedFiles.games(db);

        H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);

        assertEquals(List.of(12L), s.alteredGames());
        Map<String, String> expected = new TreeMap<>(before);
        expected.remove("12");
        assertEquals(expected, DamagedFiles.games(db));
        assertEquals(0, s.gamesLost() + s.incompleteGames(), s.lines().toString());
        assertTrue(s.lines().get(1).contains("1 game read altered (not as their import stored them): 12"),
                s.lines().toString());
    }

    /**
     * The check reads the file without writing to it, and calls it damaged whenever a plain
     * SELECT of the games, one by one, cannot read them all ({@code lost}).
     */
    private static void assertCheckSeesTheDamage(Path db, boolean lost) throws Exception {
        byte[] file = Files.readAllBytes(Path.of(db + ".mv.db"));
        DatabaseCheck.Report check = DatabaseCheck.ofH2FileAlone(db).run();
        if (lost) assertFalse(check.sound(), "games were lost, and the check says " + check);
        assertTrue(Arrays.equals(file, Files.readAllBytes(Path.of(db + ".mv.db"))), "the check wrote nothing");
    }

    private Path written(String name) throws SQLException {
        return DamagedFiles.written(dir.resolve(name), BATCHES, PER_BATCH);
    }

    /**
     * The games a plain SELECT reads of a damaged file (on a copy: H2 may write to what it opens),
     * one by one: none, when H2 refuses the file.
     */
    private Map<String, String> readable(Path db, Iterable<String> ids) throws IOException {
        Path copy = dir.resolve("copy-" + db.getFileName());
        Files.copy(Path.of(db + ".mv.db"), Path.of(copy + ".mv.db"));
        Map<String, String> readable = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + copy + ";NON_KEYWORDS=VALUE", "sa", "");
                PreparedStatement st = c.prepareStatement("SELECT white FROM game WHERE id = ?")) {
            for (String id : ids) {
                try {
                    st.setLong(1, Long.parseLong(id));
                    try (ResultSet rs = st.executeQuery()) {
                        if (rs.next()) readable.put(id, rs.getString(1));
                    }
                } catch (SQLException e) {
                    // this row's page cannot be read
                }
            }
        } catch (SQLException | RuntimeException e) {
            // H2 refuses the file: nothing is readable by a plain SELECT
        }
        return readable;
    }

    private static void overwrite(Path db, long at, int length) throws IOException {
        byte[] junk = new byte[length];
        new Random(30).nextBytes(junk);
        DamagedFiles.overwrite(db, at, junk);
    }

    /** The file's chunks, as {block, length in blocks, id}, in the order of their blocks. */
    private static List<long[]> chunks(Path db) throws IOException {
        List<long[]> chunks = DamagedFiles.chunks(db);
        assertTrue(chunks.size() >= 3, "several chunks: " + chunks.size());
        return chunks;
    }
}
