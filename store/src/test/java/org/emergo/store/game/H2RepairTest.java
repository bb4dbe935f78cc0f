package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.store.db.Database;
import org.emergo.store.db.H2Repair;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.Page;
import org.h2.mvstore.db.ValueDataType;
import org.h2.mvstore.tx.TransactionStore;
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
    private static final int BLOCK = 4096;
    private static final Pattern CHUNK = Pattern.compile("^chunk:([0-9a-f]+),len:([0-9a-f]+),");

    @TempDir
    Path dir;

    @Test
    void bytesOverwrittenInTheMiddleOfAChunkLoseOnlyTheRowsOfThosePages() throws Exception {
        Path db = written("middle");
        Map<String, String> before = games(db);
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
        Map<String, String> before = games(db);
        long[] page = middleLeafOfTheGames(db);
        overwrite(db, page[0], 16); // its length and check: H2 refuses to read it

        H2Repair.Summary s = assertRepairKeepsWhatCanBeRead(db, before);
        Map<String, String> after = games(db);
        assertEquals(before.size() - page[1], after.size(), s.lines().toString());
    }

    /**
     * The game table's leaf page in the middle of its keys: where it is in the file, and how
     * many rows it holds. The game table is the one with a row per game.
     */
    private static long[] middleLeafOfTheGames(Path db) throws IOException {
        Map<Long, Long> blockOfChunk = new TreeMap<>();
        for (long[] c : chunks(db)) blockOfChunk.put(c[2], c[0]);
        try (MVStore store = new MVStore.Builder().fileName(db + ".mv.db").readOnly().open()) {
            TransactionStore tx = new TransactionStore(store, new ValueDataType());
            tx.init();
            for (String name : store.getMapNames()) {
                if (!name.startsWith("table.") || name.equals("table.0")) continue;
                MVMap<Object, ?> rows = tx.begin().openMap(name).map;
                if (rows.sizeAsLong() != BATCHES * PER_BATCH) continue;
                Page<Object, ?> root = rows.getRootPage();
                assertFalse(root.isLeaf(), "the games span several pages");
                Page<Object, ?> leaf = root.getChildPage(root.getRawChildPageCount() / 2);
                while (!leaf.isLeaf()) leaf = leaf.getChildPage(leaf.getRawChildPageCount() / 2);
                long pos = leaf.getPos();
                long block = blockOfChunk.get((long) DataUtils.getPageChunkId(pos));
                return new long[] {block * BLOCK + DataUtils.getPageOffset(pos), leaf.getKeyCount()};
            }
        }
        throw new AssertionError("no table of " + BATCHES * PER_BATCH + " rows");
    }

    @Test
    void aFileCutOffInsideItsLastChunkKeepsTheGamesOfTheChunksBefore() throws Exception {
        Path db = written("cut");
        Map<String, String> before = games(db);
        long[] last = chunks(db).get(chunks(db).size() - 1);
        truncate(db, (last[0] + last[1] / 2) * BLOCK);

        H2Repair.Summary s = assertRepairKeepsWhatCanBeRead(db, before);
        assertTrue(s.games() >= (BATCHES - 1) * PER_BATCH, s.lines().toString());
    }

    @Test
    void aFileWhoseLastChunkIsMissingKeepsTheGamesOfTheChunksBefore() throws Exception {
        Path db = written("last");
        Map<String, String> before = games(db);
        long[] last = chunks(db).get(chunks(db).size() - 1);
        truncate(db, last[0] * BLOCK);

        H2Repair.Summary s = assertRepairKeepsWhatCanBeRead(db, before);
        assertTrue(s.games() >= (BATCHES - 1) * PER_BATCH, s.lines().toString());
    }

    @Test
    void anUndamagedFileKeepsEveryGameAndItsTagsAndOpensAsBefore() throws Exception {
        Path db = written("sound");
        Map<String, String> before = games(db);
        DatabaseCheck.Report check = DatabaseCheck.ofH2FileAlone(db).run();
        assertTrue(check.sound(), check.toString());
        assertEquals(BATCHES * PER_BATCH, check.games());

        H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);

        assertEquals(before, games(db));
        assertEquals(BATCHES * PER_BATCH, s.games());
        assertEquals(0, s.gamesLost() + s.incompleteGames() + s.unreadableRows(), s.lines().toString());
        assertTrue(Files.isRegularFile(s.damagedKeptAs()), "the old file is kept");
        try (Database reopened = Database.open(db.toString())) {
            long next = new GameRepository(reopened.dsl()).insertAll(List.of(game(9999)), null).ids().get(0);
            assertTrue(next > BATCHES * PER_BATCH, "new games take new ids: " + next);
        }
    }

    private H2Repair.Summary assertRepairKeepsWhatCanBeRead(Path db, Map<String, String> before) throws Exception {
        Map<String, String> readable = readable(db, before.keySet());
        assertCheckSeesTheDamage(db, readable.size() < before.size());
        H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);
        Map<String, String> after = games(db);
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

    @Test
    void aGameReadAlteredIsLeftOutAndNamedAndEachLostGameCountsOnce() throws Exception {
        Path db = written("altered-repair");
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db, "sa", "")) {
            c.createStatement().executeUpdate("UPDATE game SET white = 'White 9' WHERE id = 12");
        }
        Map<String, String> before = games(db);

        H2Repair.Summary s = H2Repair.repair(db, DatabaseCheck::alteredGames);

        assertEquals(List.of(12L), s.alteredGames());
        Map<String, String> expected = new TreeMap<>(before);
        expected.remove("12");
        assertEquals(expected, games(db));
        assertEquals(0, s.gamesLost() + s.incompleteGames(), s.lines().toString());
        assertTrue(s.lines().get(1).contains("1 game read altered (not as the fingerprint stored at import says): 12"),
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

    /** Games of six tags each, one with a long random tag, in batches written as chunks of their own. */
    private Path written(String name) throws SQLException {
        Path db = dir.resolve(name);
        try (Database database = Database.open(db.toString())) {
            GameRepository games = new GameRepository(database.dsl());
            int n = 0;
            for (int b = 0; b < BATCHES; b++) {
                List<org.emergo.replay.GameRecord> batch = new ArrayList<>();
                for (int i = 0; i < PER_BATCH; i++) batch.add(game(++n));
                games.insertAll(batch, null);
                database.dsl().execute("CHECKPOINT");
            }
        }
        return db;
    }

    private static org.emergo.replay.GameRecord game(int n) {
        Random random = new Random(n);
        StringBuilder noise = new StringBuilder();
        for (int i = 0; i < 600; i++) noise.append((char) ('a' + random.nextInt(26)));
        return GameRepositoryTest.game("White " + n, "Black " + n, List.of("d4", "f6", "e3"), "Annotator",
                noise.toString());
    }

    /** Every game's id and what it holds: its row's text columns and its tags. */
    private static Map<String, String> games(Path db) throws SQLException {
        Map<String, String> games = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db + ";NON_KEYWORDS=VALUE", "sa", "");
                ResultSet rs = c.createStatement().executeQuery("SELECT g.id, g.white, g.black, g.moves, g.fingerprint,"
                        + " (SELECT LISTAGG(t.name || '=' || t.value, ';') WITHIN GROUP (ORDER BY t.seq) FROM game_tag t"
                        + " WHERE t.game_id = g.id) FROM game g")) {
            while (rs.next()) {
                games.put(rs.getString(1), rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getString(4) + "|"
                        + rs.getString(5) + "|" + rs.getString(6));
            }
        }
        return games;
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

    /** The file's chunks, as {block, length in blocks, id}, in the order of their blocks. */
    private static List<long[]> chunks(Path db) throws IOException {
        byte[] bytes = Files.readAllBytes(Path.of(db + ".mv.db"));
        List<long[]> chunks = new ArrayList<>();
        for (int at = 2 * BLOCK; at < bytes.length; at += BLOCK) {
            String head = new String(bytes, at, Math.min(120, bytes.length - at), StandardCharsets.ISO_8859_1);
            Matcher m = CHUNK.matcher(head);
            if (m.find()) chunks.add(new long[] {at / BLOCK, Long.parseLong(m.group(2), 16), Long.parseLong(m.group(1), 16)});
        }
        assertTrue(chunks.size() >= 3, "several chunks: " + chunks.size());
        return chunks;
    }

    private static void overwrite(Path db, long at, int length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(db + ".mv.db", "rw")) {
            f.seek(at);
            byte[] junk = new byte[length];
            new Random(30).nextBytes(junk);
            f.write(junk);
        }
    }

    private static void truncate(Path db, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(db + ".mv.db", "rw")) {
            f.setLength(length);
        }
    }
}
