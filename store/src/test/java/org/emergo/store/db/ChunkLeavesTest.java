package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.LongDataType;
import org.h2.mvstore.type.StringDataType;
import org.h2.result.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The leaves of an H2 file read from its chunks' bytes, without H2's trees. */
class ChunkLeavesTest {

    @TempDir
    Path dir;

    /** A map of numbers to text as MVStore writes it: keys, then values. */
    private static final ChunkLeaves.Entries<Long, String> TEXTS = (page, count, keys, values) -> {
        for (int i = 0; i < count; i++) keys.add(LongDataType.INSTANCE.read(page));
        for (int i = 0; i < count; i++) values.add(StringDataType.INSTANCE.read(page));
    };

    private static MVMap<Long, String> texts(MVStore store) {
        return store.openMap("texts", new MVMap.Builder<Long, String>().keyType(LongDataType.INSTANCE).valueType(StringDataType.INSTANCE));
    }

    /** A file whose map of texts was written in two commits: 1 to 400, then 150 and 400 removed and 151 changed. */
    private Path written(Map<Long, String> live) {
        Path file = dir.resolve("texts.mv.db");
        try (MVStore store = new MVStore.Builder().fileName(file.toString()).autoCommitDisabled().open()) {
            MVMap<Long, String> map = texts(store);
            for (long k = 1; k <= 400; k++) map.put(k, "text " + k + " ".repeat(40));
            store.commit();
            map.remove(150L);
            map.remove(400L); // the last key of its leaf: no newer leaf spans it
            map.put(151L, "changed");
            store.commit();
            live.putAll(map);
        }
        return file;
    }

    @Test
    void eachEntryIsItsNewestVersionAndNoneRemovedComesBack() throws Exception {
        Map<Long, String> live = new TreeMap<>();
        Path file = written(live);
        ChunkLeaves leaves = ChunkLeaves.of(file);
        int map = leaves.mapIds().get("texts");
        assertTrue(leaves.leaves(map).size() > 4, "the older versions of the changed leaves are in the file too");
        assertEquals(live, leaves.newest(map, TEXTS, Long::compare, null, null));
        assertEquals(Map.of(151L, "changed", 152L, live.get(152L)), leaves.newest(map, TEXTS, Long::compare, 149L, 153L));
    }

    @Test
    void theLeavesUnderADamagedPageAboveThemAreRead() throws Exception {
        Map<Long, String> live = new TreeMap<>();
        Path file = written(live);
        long root;
        try (MVStore store = new MVStore.Builder().fileName(file.toString()).readOnly().open()) {
            root = texts(store).getRootPage().getPos();
        }
        byte[] bytes = Files.readAllBytes(file);
        String header = "chunk:" + Integer.toHexString(DataUtils.getPageChunkId(root)) + ",";
        long block = 2;
        while (!new String(bytes, (int) block * 4096, header.length(), StandardCharsets.ISO_8859_1).equals(header)) block++;
        assertTrue(!DataUtils.isLeafPosition(root), "the map's root is above its leaves");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(block * 4096 + DataUtils.getPageOffset(root));
            f.write(new byte[16]);
        }
        assertThrows(RuntimeException.class, () -> {
            try (MVStore store = new MVStore.Builder().fileName(file.toString()).readOnly().open()) {
                texts(store).size();
            }
        }, "H2 no longer reads the map");
        ChunkLeaves leaves = ChunkLeaves.of(file);
        assertEquals(live, leaves.newest(leaves.mapIds().get("texts"), TEXTS, Long::compare, null, null));
    }

    @Test
    void aTablesRowsAreReadWithTheNumberOfColumnsTheyHave() throws Exception {
        Path db = dir.resolve("rows");
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db, "sa", ""); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t(a INT, b VARCHAR, c BIGINT)");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?)")) {
                for (int i = 1; i <= 300; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "row " + i);
                    insert.setLong(3, i * 1000L);
                    insert.executeUpdate();
                }
            }
            st.execute("DELETE FROM t WHERE a = 7");
        }
        ChunkLeaves leaves = ChunkLeaves.of(Path.of(db + ".mv.db"));
        NavigableMap<Long, Row> rows = null;
        for (Map.Entry<String, Integer> m : leaves.mapIds().entrySet()) {
            if (!m.getKey().startsWith("table.") || m.getKey().equals("table.0")) continue;
            int columns = TableLeaves.columns(leaves, m.getValue());
            if (columns == 3) rows = TableLeaves.rows(leaves, m.getValue(), columns, null, null);
        }
        assertEquals(299, rows.size());
        for (Row r : rows.values()) {
            int a = r.getValue(0).getInt();
            assertTrue(a != 7, "the row deleted stays deleted");
            assertEquals("row " + a, r.getValue(1).getString());
            assertEquals(a * 1000L, r.getValue(2).getLong());
        }
    }
}
