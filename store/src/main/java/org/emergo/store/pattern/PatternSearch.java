package org.emergo.store.pattern;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.PatternScan;
import org.emergo.pattern.Range;
import org.emergo.pattern.SquareCondition;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.postgresql.PGStatement;
import org.roaringbitmap.RoaringBitmap;

/**
 * Answers a pattern (docs/patterns.md#the-text-form) from the pattern index: in each segment
 * the bitmaps of the squares and figures the pattern asks about, intersected
 * ({@link PatternBitmaps}); the games not in a segment yet are replayed from their pattern_game
 * rows. Reads only what the pattern asks, so a search costs about the same in a fresh process
 * (emergo find) as in the viewer.
 */
public final class PatternSearch {

    /**
     * A game with matching positions: the first of them, and how many; {@code transform} names the
     * first of the pattern's orientations and colourings ({@code sym}, {@code colours}) that
     * matches at that ply, null for a pattern without them.
     */
    public record Hit(long gameId, int firstPly, int positions, String transform) {

        public Hit(long gameId, int firstPly, int positions) {
            this(gameId, firstPly, positions, null);
        }
    }

    /**
     * The answer: matching positions and games, every matching game in id order, and the
     * analysed games the index does not cover yet (analysed by a version before it, or before its words from the rules).
     */
    public record Result(Pattern pattern, long positions, int games, List<Hit> hits, long unindexed) {

        static Result of(Pattern pattern, List<Hit> found, long unindexed) {
            long total = 0;
            for (Hit h : found) total += h.positions();
            return new Result(pattern, total, found.size(), found, unindexed);
        }

        /** The answer over the games in {@code games} only; null keeps every game. */
        public Result only(Set<Long> games) {
            if (games == null) return this;
            List<Hit> kept = new ArrayList<>();
            for (Hit h : hits) if (games.contains(h.gameId())) kept.add(h);
            return of(pattern, kept, unindexed);
        }

        /** The hits of one page, pages from 1. */
        public List<Hit> page(int page, int pageSize) {
            int from = Math.min(hits.size(), Math.max(0, (page - 1) * pageSize));
            return hits.subList(from, Math.min(hits.size(), from + pageSize));
        }
    }

    /** A segment as a search reads it: its games whose positions there count. */
    private record Segment(long id, int positions, List<PatternSegments.Member> members) {}

    private final Database db;

    public PatternSearch(Database db) {
        this.db = db;
    }

    public Result find(Pattern pattern) {
        return find(pattern, null);
    }

    /**
     * An answer with every matching position: per game (in id order) its matching plies in order;
     * and for the games of segments that hold the moves played (PatternBitmaps.NEXT), per game
     * the move played from each of those plies ({@link #NO_MOVE} where none was), in the same
     * order. The other games' moves are read from position_next_idx (PatternNextMoves).
     */
    public record WithPlies(Result result, Map<Long, int[]> plies, Map<Long, int[]> moves) {

        public WithPlies(Result result, Map<Long, int[]> plies) {
            this(result, plies, Map.of());
        }
    }

    /** In {@link WithPlies#moves}: no move was played from the position (a game's last). */
    public static final int NO_MOVE = -1;

    /** The answer and its matching plies from one search, for what was played next beside the games. */
    public WithPlies findWithPlies(Pattern pattern) {
        Map<Long, int[]> plies = new ConcurrentHashMap<>();
        Map<Long, int[]> moves = new ConcurrentHashMap<>();
        Result r = find(pattern, plies, moves);
        return new WithPlies(r, new TreeMap<>(plies), moves);
    }

    private Result find(Pattern pattern, Map<Long, int[]> plies) {
        return find(pattern, plies, null);
    }

    private Result find(Pattern pattern, Map<Long, int[]> plies, Map<Long, int[]> moves) {
        try (Connection c = db.dataSource().getConnection()) {
            List<Hit> sorted = new ArrayList<>(answer(c, pattern, plies, moves));
            sorted.sort(Comparator.comparingLong(Hit::gameId));
            return Result.of(pattern, sorted, unindexed(c));
        } catch (SQLException e) {
            throw db.failure("cannot search positions", e);
        }
    }

    /** Every matching position: per game (in id order) its matching plies in order. */
    public Map<Long, int[]> plies(Pattern pattern) {
        return findWithPlies(pattern).plies();
    }

    /**
     * The hits; every matching ply also put into {@code plies} by game when it is not null, and
     * the moves played from them into {@code moves} when it is not null, for the games of
     * segments that hold them.
     */
    private List<Hit> answer(Connection c, Pattern pattern, Map<Long, int[]> plies, Map<Long, int[]> moves)
            throws SQLException {
        Variant variant = pattern.variant();
        while (true) {
            // read in this order, each statement seeing what is committed by then, so that a
            // segment built meanwhile is neither missed nor counted twice: the pending games
            // first (a game let go since is still read from its row), the segments, their
            // bitmaps; then again if a segment was dropped or added meanwhile, or a game became
            // pending meanwhile (analysed again: a build may have dropped the segment it was in
            // before the segments were read, and it is in neither then)
            Pending pending = pending(c, pattern);
            List<PatternSegments.Segment> all = PatternSegments.segments(c, variant);
            Map<Integer, Map<Long, byte[]>> bits = bitmaps(c, variant, pattern, moves != null);
            if (!ids(all).equals(PatternSegments.ids(c, variant))
                    || !pending.ids().containsAll(PatternSegments.pending(c, variant))) {
                if (plies != null) plies.clear();
                if (moves != null) moves.clear();
                continue; // a build ends: a search never waits long
            }
            List<List<PatternSegments.Member>> live = PatternSegments.live(all, pending.ids());
            List<Hit> hits = Collections.synchronizedList(new ArrayList<>(pending.scan(pattern, plies)));
            IntStream.range(0, all.size()).parallel().forEach(i -> hits.addAll(
                    inSegment(new Segment(all.get(i).id(), all.get(i).positions(), live.get(i)), pattern, bits, plies, moves)));
            return hits;
        }
    }

    private static List<Long> ids(List<PatternSegments.Segment> segments) {
        return segments.stream().map(PatternSegments.Segment::id).toList();
    }

    /**
     * The rows of pattern_bits the pattern (and its second part) asks about, and with {@code next}
     * the moves played: dimension, then segment.
     */
    private static Map<Integer, Map<Long, byte[]>> bitmaps(Connection c, Variant variant, Pattern pattern, boolean next)
            throws SQLException {
        Set<Integer> dimensions = new TreeSet<>();
        for (Pattern.Expansion e : pattern.expansions()) {
            for (Pattern a : e.pattern().alternatives()) dimensions.addAll(dimensions(a));
        }
        if (next) dimensions.add(PatternBitmaps.NEXT);
        Map<Integer, Map<Long, byte[]>> rows = new HashMap<>();
        try (PreparedStatement st = c.prepareStatement(
                "SELECT segment, bitmaps FROM pattern_bits WHERE variant = ? AND dimension = ?")) {
            // PostgreSQL's driver asks for bytea as text (hex, twice the bytes, encoded by the
            // server and decoded here) until a statement has run prepareThreshold times on the
            // connection: binary from the first, for the first request's sake (the move rows of
            // e5:w2+'s what was played next are 40 MB at 100,000 games)
            if (st.isWrapperFor(PGStatement.class)) st.unwrap(PGStatement.class).setPrepareThreshold(-1);
            for (int d : dimensions) {
                Map<Long, byte[]> bySegment = new HashMap<>();
                st.setString(1, variant.tagName());
                st.setInt(2, d);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) bySegment.put(rs.getLong(1), rs.getBytes(2));
                }
                rows.put(d, bySegment);
            }
        }
        return rows;
    }

    /** The dimensions a part asks about, with its excluded parts and its second pattern. */
    private static List<Integer> dimensions(Pattern p) {
        List<Integer> d = new ArrayList<>();
        for (Pattern x : p.excluded()) d.addAll(dimensions(x));
        if (p.then() != null) d.addAll(dimensions(p.then()));
        for (int sq : p.constrainedSquares()) d.add(p.squares()[sq].kind() == SquareCondition.Kind.HIT ? PatternBitmaps.HIT + sq : sq);
        Pattern.More m = p.more();
        if (m.takes() != null) d.add(PatternBitmaps.MAX_CAPTURE);
        if (m.whiteMaterial() != null) d.add(PatternBitmaps.WHITE_MATERIAL);
        if (m.blackMaterial() != null) d.add(PatternBitmaps.BLACK_MATERIAL);
        if (m.lead() != null) d.add(PatternBitmaps.WHITE_LEAD);
        if (p.toMove() != null) d.add(PatternBitmaps.TURN);
        if (p.whiteHand() != null) d.add(PatternBitmaps.WHITE_HAND);
        if (p.blackHand() != null) d.add(PatternBitmaps.BLACK_HAND);
        if (p.capture() != null) d.add(PatternBitmaps.CAPTURE);
        if (p.entry()) d.add(PatternBitmaps.ENTRY);
        if (p.finding()) d.add(PatternBitmaps.FINDING);
        return d;
    }

    private static List<Hit> inSegment(Segment s, Pattern pattern, Map<Integer, Map<Long, byte[]>> bits,
            Map<Long, int[]> plies, Map<Long, int[]> moves) {
        List<Pattern.Expansion> expansions = pattern.expansions();
        RoaringBitmap[] byExpansion = new RoaringBitmap[expansions.size()];
        RoaringBitmap matching = new RoaringBitmap();
        for (int e = 0; e < byExpansion.length; e++) {
            RoaringBitmap found = new RoaringBitmap();
            for (Pattern a : expansions.get(e).pattern().alternatives()) {
                RoaringBitmap first = matching(s, a, bits);
                found = RoaringBitmap.or(found, a.then() == null ? first : followed(s, first, matching(s, a.then(), bits), a.within()));
            }
            byExpansion[e] = found;
            matching = RoaringBitmap.or(matching, found);
        }
        // the matching positions in order, walked once beside the members (in the same order):
        // per member a range of them, where asking the bitmap each member's count and each of its
        // positions searched its containers again and again
        int[] matched = matching.toArray();
        // the moves played from them, where the segment holds them: next[i] from matched[i]
        byte[] nextRow = plies == null || moves == null ? null : bits.getOrDefault(PatternBitmaps.NEXT, Map.of()).get(s.id());
        int[] next = null;
        if (nextRow != null) {
            next = new int[matched.length];
            Arrays.fill(next, NO_MOVE);
            PatternBitmaps.values(nextRow, new PatternBitmaps.Dense(matched, matched.length), next);
        }
        List<Hit> hits = new ArrayList<>();
        int i = 0;
        for (PatternSegments.Member m : s.members()) {
            int end = m.first() + m.positions();
            while (i < matched.length && matched[i] < m.first()) i++; // positions of games that count elsewhere
            int j = i;
            while (j < matched.length && matched[j] < end) j++;
            if (j == i) continue;
            int first = matched[i];
            int e = 0;
            while (!byExpansion[e].contains(first)) e++;
            hits.add(new Hit(m.gameId(), first - m.first(), j - i, expansions.get(e).transform()));
            if (plies != null) {
                int[] at = new int[j - i];
                for (int k = 0; k < at.length; k++) at[k] = matched[i + k] - m.first();
                plies.put(m.gameId(), at);
                if (next != null) moves.put(m.gameId(), Arrays.copyOfRange(next, i, j));
            }
            i = j;
        }
        return hits;
    }

    /**
     * A manoeuvre: the positions of the first pattern, in the segment's counted games, that one of
     * the second follows within {@code within} plies of the same game.
     */
    private static RoaringBitmap followed(Segment s, RoaringBitmap first, RoaringBitmap second, int within) {
        RoaringBitmap out = new RoaringBitmap();
        for (PatternSegments.Member m : s.members()) {
            int end = m.first() + m.positions();
            long p = first.nextValue(m.first());
            while (p >= 0 && p < end) {
                long q = second.nextValue((int) p + 1);
                if (q >= 0 && q < end && q <= p + within) out.add((int) p);
                p = p + 1 < end ? first.nextValue((int) p + 1) : -1;
            }
        }
        return out;
    }

    /** The segment's positions that match one part (not its second pattern): its conditions, less its excluded parts. */
    private static RoaringBitmap matching(Segment s, Pattern p, Map<Integer, Map<Long, byte[]>> bits) {
        RoaringBitmap all = new RoaringBitmap();
        all.add(0L, (long) s.positions());
        RoaringBitmap result = all;
        for (int sq : p.constrainedSquares()) {
            result = RoaringBitmap.and(result, square(bits, sq, s, p.squares()[sq], all));
        }
        if (p.toMove() != null) {
            int side = p.toMove().ordinal();
            result = RoaringBitmap.and(result, union(bits, PatternBitmaps.TURN, s, v -> v == side));
        }
        if (p.whiteHand() != null) result = RoaringBitmap.and(result, union(bits, PatternBitmaps.WHITE_HAND, s, p.whiteHand()::contains));
        if (p.blackHand() != null) result = RoaringBitmap.and(result, union(bits, PatternBitmaps.BLACK_HAND, s, p.blackHand()::contains));
        if (p.capture() != null) result = RoaringBitmap.and(result, union(bits, PatternBitmaps.CAPTURE, s, p.capture()::contains));
        if (p.entry()) result = RoaringBitmap.and(result, union(bits, PatternBitmaps.ENTRY, s, v -> true));
        if (p.finding()) result = RoaringBitmap.and(result, union(bits, PatternBitmaps.FINDING, s, v -> true));
        Pattern.More m = p.more();
        if (m.takes() != null) {
            // a position with no capture available has no value here: takes:0 is every other position
            Range t = m.takes();
            result = RoaringBitmap.and(result, t.contains(0)
                    ? RoaringBitmap.andNot(all, union(bits, PatternBitmaps.MAX_CAPTURE, s, v -> !t.contains(v)))
                    : union(bits, PatternBitmaps.MAX_CAPTURE, s, t::contains));
        }
        if (m.whiteMaterial() != null) result = RoaringBitmap.and(result, union(bits, PatternBitmaps.WHITE_MATERIAL, s, m.whiteMaterial()::contains));
        if (m.blackMaterial() != null) result = RoaringBitmap.and(result, union(bits, PatternBitmaps.BLACK_MATERIAL, s, m.blackMaterial()::contains));
        if (m.lead() != null) {
            int sign = m.leader() == Side.WHITE ? 1 : -1;
            result = RoaringBitmap.and(result, union(bits, PatternBitmaps.WHITE_LEAD, s, v -> m.lead().contains(sign * v)));
        }
        for (Pattern x : p.excluded()) result = RoaringBitmap.andNot(result, matching(s, x, bits));
        return streaks(s, result, m.streak());
    }

    /**
     * The positions that begin {@code length} consecutive positions of {@code found} in the same
     * game ({@code for:N}): those whose next {@code length - 1} are in it too, less each counted
     * game's last {@code length - 1} (whose next positions are another game's).
     */
    private static RoaringBitmap streaks(Segment s, RoaringBitmap found, int length) {
        if (length <= 1) return found;
        RoaringBitmap out = found.clone();
        for (int k = 1; k < length && !out.isEmpty(); k++) out.and(RoaringBitmap.addOffset(found, -k));
        for (PatternSegments.Member m : s.members()) {
            long end = (long) m.first() + m.positions();
            out.remove(Math.max(m.first(), end - length + 1), end);
        }
        return out;
    }

    /**
     * The segment's positions where the square holds what the condition asks: the union of the
     * columns it takes, or for {@code empty} every position but those of any column (measured
     * against a kept union of each square's columns: reading them all was as quick, and that
     * union took 70% more room).
     */
    private static RoaringBitmap square(Map<Integer, Map<Long, byte[]>> bits, int sq, Segment s, SquareCondition c,
            RoaringBitmap all) {
        if (c.negated()) return RoaringBitmap.andNot(all, square(bits, sq, s, c.negate(), all));
        if (c.kind() == SquareCondition.Kind.EMPTY) return RoaringBitmap.andNot(all, union(bits, sq, s, v -> true));
        if (c.kind() == SquareCondition.Kind.HIT) return union(bits, PatternBitmaps.HIT + sq, s, v -> true);
        return union(bits, sq, s, v -> c.test(PatternBitmaps.jailersOf(v), PatternBitmaps.prisonersOf(v)));
    }

    private static RoaringBitmap union(Map<Integer, Map<Long, byte[]>> bits, int dimension, Segment s,
            IntPredicate wanted) {
        byte[] row = bits.getOrDefault(dimension, Map.of()).get(s.id());
        return row == null ? new RoaringBitmap() : PatternBitmaps.union(row, wanted);
    }

    /** The pending games (analysed since the last segment was built) with their rows. */
    private record Pending(List<Long> games, List<Integer> positions, List<byte[]> boards) {

        Set<Long> ids() {
            return new HashSet<>(games);
        }

        /** Their hits, replaying their rows on every core. */
        List<Hit> scan(Pattern pattern, Map<Long, int[]> matched) {
            ThreadLocal<PatternScan> scans = ThreadLocal.withInitial(() -> new PatternScan(pattern));
            List<Pattern.Expansion> expansions = pattern.expansions();
            Hit[] found = new Hit[games.size()];
            IntStream.range(0, games.size()).parallel().forEach(i -> {
                int[][] byExpansion = scans.get().byExpansion(boards.get(i), positions.get(i));
                int[] plies = new int[0];
                for (int[] e : byExpansion) plies = PatternScan.union(plies, e);
                if (plies.length == 0) return;
                int e = 0;
                while (Arrays.binarySearch(byExpansion[e], plies[0]) < 0) e++;
                found[i] = new Hit(games.get(i), plies[0], plies.length, expansions.get(e).transform());
                if (matched != null) matched.put(games.get(i), plies);
            });
            List<Hit> hits = new ArrayList<>();
            for (Hit h : found) if (h != null) hits.add(h);
            return hits;
        }
    }

    private static Pending pending(Connection c, Pattern pattern) throws SQLException {
        Pending pending = new Pending(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        try (PreparedStatement st = c.prepareStatement(
                "SELECT g.game_id, g.positions, g.boards FROM pattern_pending p JOIN pattern_game g ON g.game_id = p.game_id"
                        + " WHERE p.variant = ?")) {
            st.setString(1, pattern.variant().tagName());
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    pending.games().add(rs.getLong(1));
                    pending.positions().add(rs.getInt(2));
                    pending.boards().add(rs.getBytes(3));
                }
            }
        }
        return pending;
    }

    /**
     * Analysed games without a pattern_game row: analysed before the index existed. Every
     * analysed game has one but a game whose replay failed (AnalysedGame.failed), which only the
     * slow count tells apart (a second at 100,000 games, cold), so it runs only when H2's and
     * PostgreSQL's quick row counts leave room for such games.
     */
    private static long unindexed(Connection c) throws SQLException {
        long analysed = count(c, "SELECT COUNT(*) FROM analysis");
        long indexed = count(c, "SELECT COUNT(*) FROM pattern_game");
        if (indexed >= analysed) return 0;
        return Math.max(0, count(c, "SELECT COUNT(*) FROM analysis WHERE termination <> 'replay error'") - indexed);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
