package org.emergo.store.game;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.replay.GameRecord;
import org.emergo.store.db.Database;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.Page;
import org.h2.mvstore.db.MVPrimaryIndex;
import org.h2.result.SearchRow;
import org.h2.table.Table;
import org.h2.value.VersionedValue;

/** H2 files of games written by the program, what they hold, and damage done to them on purpose. */
final class DamagedFiles {

    static final int BLOCK = 4096;

    private DamagedFiles() {}

    /** Games of six tags each, one with a long random tag, in batches written as chunks of their own. */
    static Path written(Path db, int batches, int perBatch) throws SQLException {
        try (Database database = Database.open(db.toString())) {
            GameRepository games = new GameRepository(database.dsl());
            int n = 0;
            for (int b = 0; b < batches; b++) {
                List<GameRecord> batch = new ArrayList<>();
                for (int i = 0; i < perBatch; i++) batch.add(game(++n));
                games.insertAll(batch, null);
                database.dsl().execute("CHECKPOINT");
            }
        }
        return db;
    }

    static GameRecord game(int n) {
        Random random = new Random(n);
        StringBuilder noise = new StringBuilder();
        for (int i = 0; i < 600; i++) noise.append((char) ('a' + random.nextInt(26)));
        return GameRepositoryTest.game("White " + n, "Black " + n, List.of("d4", "f6", "e3"), "Annotator",
                noise.toString());
    }

    /** Every game's id and what it holds: its row's text columns and its tags. */
    static Map<String, String> games(Path db) throws SQLException {
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
     * A leaf page of a table's rows: where it is in the file, and the games its rows belong to.
     * Its own bytes are all that reading it takes: what leads to it (the pages above it, the
     * headers and footers of the chunks, the store's layout, meta map and types, the schema's
     * rows) H2Repair reads around when it is damaged.
     */
    record Leaf(long at, int length, List<Long> games) {
        boolean damagedBy(long from, long to) {
            return at < to && from < at + length;
        }
    }

    /**
     * The leaf pages of the rows of {@code table} (GAME or GAME_TAG), read from the file as it is
     * without writing to it; each with the games of its rows (the id of GAME, the game_id of GAME_TAG).
     */
    static List<Leaf> leaves(Path db, String table) throws SQLException, IOException {
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + db + ";ACCESS_MODE_DATA=r;NON_KEYWORDS=VALUE", "sa", "");
                RandomAccessFile file = new RandomAccessFile(db + ".mv.db", "r")) {
            SessionLocal session = (SessionLocal) c.unwrap(JdbcConnection.class).getSession();
            org.h2.engine.Database h2 = session.getDatabase();
            Map<Integer, long[]> chunkOf = new HashMap<>();
            for (long[] chunk : chunks(db)) chunkOf.put((int) chunk[2], chunk);
            Table t = h2.getSchema("PUBLIC").findTableOrView(session, table);
            MVPrimaryIndex rows = (MVPrimaryIndex) t.getIndexes().stream().filter(i -> i instanceof MVPrimaryIndex).findFirst().orElseThrow();
            int column = t.getColumn(table.equals("GAME") ? "ID" : "GAME_ID").getColumnId();
            boolean keyed = rows.getMainIndexColumn() == column;
            List<Leaf> leaves = new ArrayList<>();
            leaves(rows.getMVMap().getRootPage(), chunkOf, file, keyed, column, leaves);
            return leaves;
        }
    }

    private static void leaves(Page<Long, VersionedValue<SearchRow>> page, Map<Integer, long[]> chunkOf, RandomAccessFile file,
            boolean keyed, int column, List<Leaf> leaves) throws IOException {
        if (!page.isLeaf()) {
            for (int i = 0; i < page.getRawChildPageCount(); i++) leaves(page.getChildPage(i), chunkOf, file, keyed, column, leaves);
            return;
        }
        long at = chunkOf.get(DataUtils.getPageChunkId(page.getPos()))[0] * BLOCK + DataUtils.getPageOffset(page.getPos());
        file.seek(at);
        int length = file.readInt(); // a page starts with its length
        List<Long> games = new ArrayList<>();
        for (int i = 0; i < page.getKeyCount(); i++) {
            games.add(keyed ? page.getKey(i) : page.getValue(i).getCurrentValue().getValue(column).getLong());
        }
        leaves.add(new Leaf(at, length, games));
    }

    private static final Pattern CHUNK = Pattern.compile("^chunk:([0-9a-f]+),len:([0-9a-f]+),");

    /** The file's chunks, as {block, length in blocks, id}, in the order of their blocks: by their headers. */
    static List<long[]> chunks(Path db) throws IOException {
        byte[] bytes = Files.readAllBytes(Path.of(db + ".mv.db"));
        List<long[]> chunks = new ArrayList<>();
        for (int at = 2 * BLOCK; at < bytes.length; at += BLOCK) {
            String head = new String(bytes, at, Math.min(120, bytes.length - at), StandardCharsets.ISO_8859_1);
            Matcher m = CHUNK.matcher(head);
            if (m.find()) chunks.add(new long[] {at / BLOCK, Long.parseLong(m.group(2), 16), Long.parseLong(m.group(1), 16)});
        }
        return chunks;
    }

    static void overwrite(Path db, long at, byte[] bytes) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(db + ".mv.db", "rw")) {
            f.seek(at);
            f.write(bytes);
        }
    }

    static void flip(Path db, long bit) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(db + ".mv.db", "rw")) {
            f.seek(bit / 8);
            int b = f.read();
            f.seek(bit / 8);
            f.write(b ^ (1 << (bit % 8)));
        }
    }

    static void truncate(Path db, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(db + ".mv.db", "rw")) {
            f.setLength(length);
        }
    }
}
