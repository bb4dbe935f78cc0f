package org.emergo.store.pattern;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.emergo.pattern.Varint;
import org.emergo.rules.Board;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;
import org.emergo.store.db.Transaction;
import org.emergo.store.jdbc.WorkClaims;
import org.jooq.DSLContext;

/**
 * Gathers the pending games' pattern_game rows into segments with bitmaps
 * (sql/h2/V15__pattern_segments.sql), at the end of {@code emergo analyze}. The newest segment
 * is built again with new games while it holds fewer than {@link #DEFAULT_GAMES}, so that small
 * runs do not leave many small segments. Each segment is written in one transaction with its
 * games' pending rows deleted, so a stopped build leaves whole segments and games still
 * pending, which a search scans and the next build takes up.
 *
 * <p>A game analysed again is pending again, and later in a newer segment: only its newest
 * place counts ({@link #live}), and a segment with no game left that counts is dropped.
 */
public final class PatternSegments {

    /** Games a segment holds: about 800,000 positions of 200-ply games. */
    public static final int DEFAULT_GAMES = 4096;

    /** A game of a segment: its id, and its first position's number in the segment. */
    record Member(long gameId, int first, int positions) {}

    /** A pending game put in a segment, with the row it was built from. */
    record Taken(long gameId, byte[] boards) {}

    /** A segment's row without its bitmaps. */
    record Segment(long id, int positions, List<Member> members) {}

    private final Database db;
    private final int gamesPerSegment;

    public PatternSegments(Database db) {
        this(db, DEFAULT_GAMES);
    }

    PatternSegments(Database db, int gamesPerSegment) {
        this.db = db;
        this.gamesPerSegment = gamesPerSegment;
    }

    /** Builds the segments of every pending game; returns how many games it put in segments. */
    public int build() {
        // on PostgreSQL each segment's transaction takes its turn by a lock; the turn before the
        // connection, so that a program waiting for it holds none of the pool's
        try {
            return WorkClaims.oneAtATimeOnH2(db, WorkClaims.Step.PATTERN_SEGMENTS, () -> {
                try (Connection c = db.dataSource().getConnection()) {
                    int games = 0;
                    for (Variant v : Variant.values()) {
                        int done;
                        while ((done = buildOne(c, v)) > 0) games += done;
                        addNextMoves(c, v);
                    }
                    return games;
                }
            });
        } catch (SQLException e) {
            throw db.failure("cannot build the pattern index", e);
        }
    }

    /**
     * One segment in one transaction: the newest segment's games again while it is not full,
     * and the first pending games. Returns the games put in it, 0 when none were pending.
     */
    private int buildOne(Connection c, Variant variant) throws SQLException {
        return Transaction.on(c, tx -> {
            if (db.isPostgres()) {
                LockKey.PATTERN_SEGMENTS.holdToCommit(tx);
            }
            Set<Long> pending = pending(tx, variant);
            List<Segment> segments = segments(tx, variant);
            dropUnused(tx, segments, pending);
            if (pending.isEmpty()) return 0;
            List<Long> games = new ArrayList<>();
            Segment last = segments.isEmpty() ? null : segments.get(segments.size() - 1);
            Set<Long> kept = new HashSet<>();
            if (last != null && last.members().size() < gamesPerSegment) {
                for (Member m : last.members()) if (!pending.contains(m.gameId())) kept.add(m.gameId());
            } else {
                last = null;
            }
            games.addAll(kept);
            List<Long> waiting = new ArrayList<>(pending);
            waiting.sort(null);
            games.addAll(waiting.subList(0, Math.min(waiting.size(), Math.max(1, gamesPerSegment - games.size()))));
            games.sort(null);
            int written = write(tx, variant, games, kept, last == null ? null : last.id());
            return written;
        });
    }

    /**
     * Builds and writes a segment of these games: those of {@code kept} from their rows as they
     * are, the others while still pending (their pending rows then deleted); it replaces
     * segment {@code replaced}, if given. Returns the pending games it took.
     */
    private int write(Connection c, Variant variant, List<Long> games, Set<Long> kept, Long replaced) throws SQLException {
        PatternBitmaps.Builder bits = new PatternBitmaps.Builder(variant.board().size());
        List<Member> members = new ArrayList<>(games.size());
        List<Taken> taken = new ArrayList<>();
        for (int from = 0; from < games.size(); from += 1000) {
            List<Long> part = games.subList(from, Math.min(games.size(), from + 1000));
            Set<Long> stillPending = new HashSet<>();
            List<Long> newOnes = part.stream().filter(id -> !kept.contains(id)).toList();
            if (!newOnes.isEmpty()) {
                stillPending.addAll(longs(c, "SELECT game_id FROM pattern_pending WHERE game_id IN (" + numbers(newOnes)
                        + ")")); // numbers only
            }
            Map<Long, Object[]> rows = new HashMap<>();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT game_id, positions, boards FROM pattern_game WHERE game_id IN ("
                            + numbers(part) + ")")) { // numbers only
                while (rs.next()) rows.put(rs.getLong(1), new Object[] {rs.getInt(2), rs.getBytes(3)});
            }
            for (long id : part) {
                Object[] row = rows.get(id);
                if (row == null || !(kept.contains(id) || stillPending.contains(id))) continue; // taken by another process
                int plies = (Integer) row[0];
                members.add(new Member(id, bits.positions(), plies));
                bits.add((byte[]) row[1], plies);
                if (!kept.contains(id)) taken.add(new Taken(id, (byte[]) row[1]));
            }
        }
        if (members.isEmpty()) return 0;
        nextMoves(c, variant, members, bits::next);
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
        letGo(c, taken);
        if (replaced != null) drop(c, replaced);
        return taken.size();
    }

    /**
     * The moves played from the members' positions, read from position_next_idx (the whole
     * range of each game, a thousand games a statement) as {@code sink(position in the segment,
     * PatternBitmaps.nextValue)}.
     */
    private void nextMoves(Connection c, Variant variant, List<Member> members, BiConsumer<Integer, Integer> sink)
            throws SQLException {
        Board board = variant.board();
        DSLContext dsl = db.dsl().configuration().derive(c).dsl();
        for (int from = 0; from < members.size(); from += 1000) {
            List<Member> part = members.subList(from, Math.min(members.size(), from + 1000));
            Map<Long, Integer> firsts = new HashMap<>();
            List<PatternNextMoves.Range> ranges = new ArrayList<>();
            for (Member m : part) {
                firsts.put(m.gameId(), m.first());
                ranges.add(new PatternNextMoves.Range(m.gameId(), 0, m.positions() - 1));
            }
            try (ResultSet rs = PatternNextMoves.query(dsl, ranges).fetchResultSet()) {
                while (rs.next()) {
                    long kind = PatternNextMoves.kind(rs.getString(3));
                    String moved = PatternNextMoves.fromOf(kind);
                    int value = PatternBitmaps.nextValue("b".equals(rs.getString(4)) ? 1 : 0, PatternNextMoves.takesOf(kind),
                            moved == null ? 0 : board.square(moved) + 1, board.square(PatternNextMoves.toOf(kind)));
                    sink.accept(firsts.get(rs.getLong(1)) + rs.getInt(2), value);
                }
            }
        }
    }

    /**
     * Adds the moves played ({@link PatternBitmaps#NEXT}) to the variant's segments built before
     * sql/V26 had them, one segment a transaction; returns how many it did. Their games' position
     * rows as they are now: a game analysed again since is pending or in a newer segment, where
     * its positions count instead.
     */
    private int addNextMoves(Connection c, Variant variant) throws SQLException {
        int done = 0;
        while (true) {
            boolean added = Transaction.on(c, tx -> {
                if (db.isPostgres()) {
                    LockKey.PATTERN_SEGMENTS.holdToCommit(tx);
                }
                Segment without = null;
                for (Segment s : segments(tx, variant)) {
                    if (!hasNextMoves(tx, variant, s.id())) {
                        without = s;
                        break;
                    }
                }
                if (without == null) return false;
                PatternBitmaps.Builder bits = new PatternBitmaps.Builder(variant.board().size());
                nextMoves(tx, variant, without.members(), bits::next);
                try (PreparedStatement st = tx.prepareStatement(
                        "INSERT INTO pattern_bits (variant, dimension, segment, bitmaps) VALUES (?, ?, ?, ?)")) {
                    st.setString(1, variant.tagName());
                    st.setInt(2, PatternBitmaps.NEXT);
                    st.setLong(3, without.id());
                    st.setBytes(4, bits.serialized().get(PatternBitmaps.NEXT));
                    st.executeUpdate();
                }
                return true;
            });
            if (!added) return done;
            done++;
        }
    }

    private static boolean hasNextMoves(Connection c, Variant variant, long segment) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "SELECT COUNT(*) FROM pattern_bits WHERE variant = ? AND dimension = ? AND segment = ?")) {
            st.setString(1, variant.tagName());
            st.setInt(2, PatternBitmaps.NEXT);
            st.setLong(3, segment);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1) > 0;
            }
        }
    }

    /**
     * Deletes the pending marks of games put in a segment, but for a game analysed again since
     * its row was read, whose row differs now: it stays pending, so its new row is what counts.
     */
    static void letGo(Connection c, List<Taken> taken) throws SQLException {
        // the game named on both sides: Citus runs it on that game's shard
        try (PreparedStatement st = c.prepareStatement("DELETE FROM pattern_pending WHERE game_id = ? AND EXISTS"
                + " (SELECT 1 FROM pattern_game g WHERE g.game_id = ? AND g.boards = ?)")) {
            for (Taken t : taken) {
                st.setLong(1, t.gameId());
                st.setLong(2, t.gameId());
                st.setBytes(3, t.boards());
                st.addBatch();
            }
            st.executeBatch();
        }
    }

    /** The variant's pending games. */
    static Set<Long> pending(Connection c, Variant variant) throws SQLException {
        Set<Long> pending = new HashSet<>();
        try (PreparedStatement st = c.prepareStatement("SELECT game_id FROM pattern_pending WHERE variant = ?")) {
            st.setString(1, variant.tagName());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) pending.add(rs.getLong(1));
            }
        }
        return pending;
    }

    /** The variant's segments, oldest first. */
    static List<Segment> segments(Connection c, Variant variant) throws SQLException {
        List<Segment> segments = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(
                "SELECT segment, positions, game_list FROM pattern_segment WHERE variant = ? ORDER BY segment")) {
            st.setString(1, variant.tagName());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) segments.add(new Segment(rs.getLong(1), rs.getInt(2), decode(rs.getBytes(3))));
            }
        }
        return segments;
    }

    /** The numbers of the variant's segments, oldest first. */
    static List<Long> ids(Connection c, Variant variant) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT segment FROM pattern_segment WHERE variant = ? ORDER BY segment")) {
            st.setString(1, variant.tagName());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    /**
     * Per segment (in the order given, oldest first), the members whose positions count: a
     * game's newest place, unless it is pending, when its row counts instead.
     */
    static List<List<Member>> live(List<Segment> segments, Set<Long> pending) {
        Map<Long, Integer> newest = new HashMap<>();
        for (int i = 0; i < segments.size(); i++) {
            for (Member m : segments.get(i).members()) newest.put(m.gameId(), i);
        }
        List<List<Member>> live = new ArrayList<>(segments.size());
        for (int i = 0; i < segments.size(); i++) {
            List<Member> here = new ArrayList<>();
            for (Member m : segments.get(i).members()) {
                if (newest.get(m.gameId()) == i && !pending.contains(m.gameId())) here.add(m);
            }
            live.add(here);
        }
        return live;
    }

    /** Drops the segments with no game left that counts (after analyze --all, all of them). */
    private static void dropUnused(Connection c, List<Segment> segments, Set<Long> pending) throws SQLException {
        List<List<Member>> live = live(segments, pending);
        for (int i = segments.size() - 1; i >= 0; i--) {
            if (live.get(i).isEmpty()) {
                drop(c, segments.get(i).id());
                segments.remove(i);
            }
        }
    }

    private static void drop(Connection c, long segment) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM pattern_bits WHERE segment = " + segment);
            st.executeUpdate("DELETE FROM pattern_segment WHERE segment = " + segment);
        }
    }

    private long nextSegment(Connection c) throws SQLException {
        String sql = db.isPostgres() ? "SELECT nextval('pattern_segment_seq')" : "SELECT NEXT VALUE FOR pattern_segment_seq";
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<Long> longs(Connection c, String sql) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) out.add(rs.getLong(1));
        }
        return out;
    }

    private static String numbers(List<Long> ids) {
        StringBuilder sb = new StringBuilder();
        for (long id : ids) sb.append(sb.length() == 0 ? "" : ",").append(id);
        return sb.toString();
    }

    /** pattern_segment.game_list: per game the difference of its id from the one before (zigzag varint) and its positions. */
    static byte[] encode(List<Member> members) {
        Varint.Writer out = new Varint.Writer(members.size() * 4);
        long before = 0;
        for (Member m : members) {
            out.varint(Varint.zigzag(m.gameId() - before));
            out.varint(m.positions());
            before = m.gameId();
        }
        return out.toByteArray();
    }

    static List<Member> decode(byte[] list) {
        ByteBuffer in = ByteBuffer.wrap(list);
        List<Member> members = new ArrayList<>();
        long id = 0;
        int first = 0;
        while (in.hasRemaining()) {
            id += Varint.unzigzag(Varint.read(in));
            int positions = Varint.readInt(in);
            members.add(new Member(id, first, positions));
            first += positions;
        }
        return members;
    }
}
