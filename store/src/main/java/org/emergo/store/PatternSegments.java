package org.emergo.store;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Variant;

/**
 * Gathers pattern_game's rows into segments with bitmaps (sql/h2/V15__pattern_segments.sql), at
 * the end of {@code emergo analyze}: the rows without a segment, and the newest segment again
 * while it holds fewer than {@link #DEFAULT_GAMES} games, so that small runs do not leave many
 * small segments. Each segment is written in one transaction with its games' rows marked, so a
 * stopped build leaves whole segments and rows still unmarked, which a search scans and the
 * next build takes up.
 */
public final class PatternSegments {

    /** Games a segment holds: about 800,000 positions of 200-ply games, 13 positions a bit of a 64-bit bitmap word at most. */
    public static final int DEFAULT_GAMES = 4096;

    /** The advisory lock of segment building on PostgreSQL: one process builds at a time. */
    private static final int LOCK_SPACE = 0x454D;
    private static final int LOCK_STEP = 3;

    /** A game of a segment: its id, and its first position's number in the segment. */
    record Member(long gameId, int first, int positions) {}

    private final Database db;
    private final int gamesPerSegment;

    public PatternSegments(Database db) {
        this(db, DEFAULT_GAMES);
    }

    PatternSegments(Database db, int gamesPerSegment) {
        this.db = db;
        this.gamesPerSegment = gamesPerSegment;
    }

    /** Builds the segments of every game not in one yet; returns how many games it put in segments. */
    public int build() {
        try (Connection c = db.dataSource().getConnection()) {
            int games = 0;
            for (Variant v : Variant.values()) {
                List<Long> pending = longs(c, "SELECT game_id FROM pattern_game WHERE segment IS NULL AND variant = ?",
                        v.tagName());
                pending.sort(null);
                for (int from = 0; from < pending.size(); ) {
                    int[] taken = buildOne(c, v, pending.subList(from, pending.size()));
                    from += taken[0];
                    games += taken[1];
                }
            }
            return games;
        } catch (SQLException e) {
            throw new StoreException("cannot build the pattern index: " + e.getMessage(), e);
        }
    }

    /**
     * One segment in one transaction: the newest segment's games again while it is not full,
     * and the first of {@code pending}. Returns the pending games taken and the games put in
     * the segment; a game another process put in a segment meanwhile is left out.
     */
    private int[] buildOne(Connection c, Variant variant, List<Long> pending) throws SQLException {
        c.setAutoCommit(false);
        try {
            if (db.isPostgres()) {
                try (PreparedStatement st = c.prepareStatement("SELECT pg_advisory_xact_lock(?, ?)")) {
                    st.setInt(1, LOCK_SPACE);
                    st.setInt(2, LOCK_STEP);
                    st.execute();
                }
            }
            dropWhollyStale(c);
            List<Long> games = new ArrayList<>();
            long[] last = lastSegment(c, variant);
            Long replaced = last != null && last[1] < gamesPerSegment ? last[0] : null;
            if (replaced != null) games.addAll(longs(c, "SELECT game_id FROM pattern_game WHERE segment = " + replaced, null));
            int taken = Math.min(pending.size(), Math.max(1, gamesPerSegment - games.size()));
            games.addAll(pending.subList(0, taken));
            games.sort(null);
            int written = write(c, variant, games, replaced);
            c.commit();
            return new int[] {taken, written};
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    /**
     * Builds and writes a segment of those of these games still without one (or in segment
     * {@code replaced}, which it replaces); returns how many it holds.
     */
    private int write(Connection c, Variant variant, List<Long> games, Long replaced) throws SQLException {
        PatternBitmaps.Builder bits = new PatternBitmaps.Builder(variant.board().size());
        List<Member> members = new ArrayList<>(games.size());
        for (int from = 0; from < games.size(); from += 1000) {
            List<Long> part = games.subList(from, Math.min(games.size(), from + 1000));
            java.util.Map<Long, Object[]> rows = new java.util.HashMap<>();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT game_id, positions, boards FROM pattern_game WHERE game_id IN ("
                            + numbers(part) + ") AND (segment IS NULL" + (replaced == null ? "" : " OR segment = " + replaced)
                            + ")")) { // numbers only
                while (rs.next()) rows.put(rs.getLong(1), new Object[] {rs.getInt(2), rs.getBytes(3)});
            }
            for (long id : part) {
                Object[] row = rows.get(id);
                if (row == null) continue; // in another process's segment since, or analysed again
                int plies = (Integer) row[0];
                members.add(new Member(id, bits.positions(), plies));
                bits.add((byte[]) row[1], plies);
            }
        }
        if (members.isEmpty()) return 0;
        long segment = nextSegment(c);
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO pattern_segment (segment, variant, games, positions, game_list) VALUES (?, ?, ?, ?, ?)")) {
            st.setLong(1, segment);
            st.setString(2, variant.tagName());
            st.setInt(3, members.size());
            st.setInt(4, bits.positions());
            st.setBytes(5, encode(members));
            st.executeUpdate();
        }
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO pattern_bits (variant, dimension, segment, bitmaps) VALUES (?, ?, ?, ?)")) {
            for (Map.Entry<Integer, byte[]> e : bits.serialized().entrySet()) {
                st.setString(1, variant.tagName());
                st.setInt(2, e.getKey());
                st.setLong(3, segment);
                st.setBytes(4, e.getValue());
                st.addBatch();
            }
            st.executeBatch();
        }
        try (PreparedStatement st = c.prepareStatement("UPDATE pattern_game SET segment = ? WHERE game_id = ?")) {
            for (Member m : members) {
                st.setLong(1, segment);
                st.setLong(2, m.gameId());
                st.addBatch();
            }
            st.executeBatch();
        }
        if (replaced != null) drop(c, replaced);
        return members.size();
    }

    /** The newest segment of the variant: its number and games, or null. */
    private static long[] lastSegment(Connection c, Variant variant) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "SELECT segment, games FROM pattern_segment WHERE variant = ? ORDER BY segment DESC LIMIT 1")) {
            st.setString(1, variant.tagName());
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? new long[] {rs.getLong(1), rs.getLong(2)} : null;
            }
        }
    }

    /** Segments whose every game was analysed again since (analyze --all): nothing in them is read. */
    private static void dropWhollyStale(Connection c) throws SQLException {
        List<Long> dead = longs(c, "SELECT s.segment FROM pattern_segment s WHERE s.games <= "
                + "(SELECT COUNT(*) FROM pattern_stale t WHERE t.segment = s.segment)", null);
        for (long segment : dead) drop(c, segment);
    }

    private static void drop(Connection c, long segment) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM pattern_bits WHERE segment = " + segment);
            st.executeUpdate("DELETE FROM pattern_segment WHERE segment = " + segment);
            st.executeUpdate("DELETE FROM pattern_stale WHERE segment = " + segment);
        }
    }

    private long nextSegment(Connection c) throws SQLException {
        String sql = db.isPostgres() ? "SELECT nextval('pattern_segment_seq')" : "SELECT NEXT VALUE FOR pattern_segment_seq";
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<Long> longs(Connection c, String sql, String parameter) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(sql)) {
            if (parameter != null) st.setString(1, parameter);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) out.add(rs.getLong(1));
            }
        }
        return out;
    }

    static String numbers(List<Long> ids) {
        StringBuilder sb = new StringBuilder();
        for (long id : ids) sb.append(sb.length() == 0 ? "" : ",").append(id);
        return sb.toString();
    }

    /** pattern_segment.game_list: per game the difference of its id from the one before (zigzag varint) and its positions. */
    static byte[] encode(List<Member> members) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(members.size() * 4);
            DataOutputStream out = new DataOutputStream(bytes);
            long before = 0;
            for (Member m : members) {
                long d = m.gameId() - before;
                writeLong(out, (d << 1) ^ (d >> 63));
                PatternBitmaps.varint(out, m.positions());
                before = m.gameId();
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
    }

    static List<Member> decode(byte[] list) {
        ByteBuffer in = ByteBuffer.wrap(list);
        List<Member> members = new ArrayList<>();
        long id = 0;
        int first = 0;
        while (in.hasRemaining()) {
            long z = readLong(in);
            id += (z >>> 1) ^ -(z & 1);
            int positions = PatternBitmaps.varint(in);
            members.add(new Member(id, first, positions));
            first += positions;
        }
        return members;
    }

    private static void writeLong(DataOutputStream out, long v) throws IOException {
        while ((v & ~0x7fL) != 0) {
            out.write((int) (v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static long readLong(ByteBuffer in) {
        long v = 0;
        int shift = 0;
        int x;
        do {
            x = in.get();
            v |= (long) (x & 0x7f) << shift;
            shift += 7;
        } while ((x & 0x80) != 0);
        return v;
    }
}
