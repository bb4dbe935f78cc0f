package org.emergo.store.pattern;

import static org.emergo.store.jooq.Tables.POSITION;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.emergo.pattern.Pattern;
import org.emergo.rules.Board;
import org.emergo.store.db.Database;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.sql.QueryResult;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record4;
import org.jooq.ResultQuery;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * What was played next (docs/patterns.md#what-was-played-next): the moves played from a pattern's
 * matching positions, grouped by what they did (the square moved from, the square it ended on,
 * the men it took), each with how often it was played, in how many games, and the wins, draws
 * and losses of the side that played it, counted per position as the position explorer counts them.
 */
public final class PatternNextMoves {

    /**
     * One kind of move: {@code from} null for an entry, {@code takes} the men a capture took (0
     * for entries and steps); {@code played} the matching positions it was played from, in
     * {@code games} games; {@code wins}, {@code draws}, {@code losses} of the side to move over
     * those positions.
     */
    public record NextMove(String from, String to, int takes, int played, int games, int wins, int draws, int losses) {

        /** As the move would be written with only its ends: {@code g6}, {@code f4-e4}, {@code h4xd4}. */
        public String move() {
            return from == null ? to : from + (takes > 0 ? "x" : "-") + to;
        }

        /** Percent of the points the side to move scored (a draw is half a point). */
        public int score() {
            return played == 0 ? 0 : (int) Math.round(100.0 * (wins + draws / 2.0) / played);
        }
    }

    /** The columns of {@link #rows}: what {@code emergo find --next} prints. */
    public static final List<ResultColumn> COLUMNS = List.of(new ResultColumn("move", false), new ResultColumn("from", false),
            new ResultColumn("to", false), new ResultColumn("takes", true), new ResultColumn("played", true),
            new ResultColumn("games", true), new ResultColumn("wins", true), new ResultColumn("draws", true),
            new ResultColumn("losses", true), new ResultColumn("score", true));

    /** The moves as a query result, for the table, CSV and JSON writers of {@code emergo sql}. */
    public static QueryResult rows(List<NextMove> moves) {
        List<List<Object>> rows = new ArrayList<>();
        for (NextMove m : moves) {
            rows.add(Arrays.asList(m.move(), m.from(), m.to(), (long) m.takes(), (long) m.played(), (long) m.games(),
                    (long) m.wins(), (long) m.draws(), (long) m.losses(), (long) m.score()));
        }
        return new QueryResult(COLUMNS, rows, false);
    }

    /**
     * Matching plies less than this apart are read as one range of rows, those between skipped:
     * neighbouring rows share their pages, and a pattern that holds every other ply
     * ({@code turn:b ...}) is then one range a game instead of one a position.
     */
    private static final int GAP = 8;

    /** Ranges of plies read in one statement. */
    private static final int CHUNK = 1000;

    /**
     * The moves of one kind played from matching positions: {@code counts} played, wins, draws,
     * losses, unfinished; {@code games} the game of each, repeated, until {@link #gameCount}.
     */
    private static final class Tally {
        final int[] counts = new int[5];
        long[] games = new long[8];
        int size;
        /** Games counted apart ({@link ByValue}), none of them in {@link #games}. */
        int otherGames;

        void add(long game, int outcome) {
            counts[0]++;
            counts[1 + outcome]++;
            if (size == games.length) games = Arrays.copyOf(games, size * 2);
            games[size++] = game;
        }

        void addAll(Tally other) {
            for (int i = 0; i < counts.length; i++) counts[i] += other.counts[i];
            otherGames += other.otherGames;
            if (size + other.size > games.length) games = Arrays.copyOf(games, Math.max(size + other.size, games.length * 2));
            System.arraycopy(other.games, 0, games, size, other.size);
            size += other.size;
        }

        int gameCount() {
            long[] sorted = Arrays.copyOf(games, size);
            Arrays.sort(sorted);
            int distinct = 0;
            for (int i = 0; i < sorted.length; i++) if (i == 0 || sorted[i] != sorted[i - 1]) distinct++;
            return distinct + otherGames;
        }
    }

    /**
     * The moves of the segments' games by their {@link PatternBitmaps#NEXT} value (without the
     * side), in plain arrays: a value's slot in an open-addressed table, its counts as
     * {@link Tally#counts}, and its games counted as they come, the games added one after
     * another ({@code game} their index, each game's moves together), where a map of boxed values
     * and a list of each position's game took most of the table's time.
     */
    private static final class ByValue {
        private int[] keys = new int[256];
        private int[] slots = new int[256];
        private int size;
        private int[] counts = new int[5 * 128];
        private int[] games = new int[128];
        private int[] lastGame = new int[128];

        ByValue() {
            Arrays.fill(keys, -1);
        }

        /** A move of value {@code value} (not negative) played in game {@code game}, with that outcome for its side. */
        void add(int value, int game, int outcome) {
            int slot = slot(value);
            counts[5 * slot]++;
            counts[5 * slot + 1 + outcome]++;
            if (lastGame[slot] != game) {
                lastGame[slot] = game;
                games[slot]++;
            }
        }

        private int slot(int value) {
            int mask = keys.length - 1;
            int h = value * 0x9E3779B1 >>> 16 & mask;
            while (keys[h] != value) {
                if (keys[h] == -1) return insert(h, value);
                h = h + 1 & mask;
            }
            return slots[h];
        }

        private int insert(int h, int value) {
            int slot = size++;
            keys[h] = value;
            slots[h] = slot;
            if (slot == games.length) {
                counts = Arrays.copyOf(counts, 10 * slot);
                games = Arrays.copyOf(games, 2 * slot);
                lastGame = Arrays.copyOf(lastGame, 2 * slot);
            }
            lastGame[slot] = -1;
            if (2 * size > keys.length) grow();
            return slot;
        }

        private void grow() {
            int[] oldKeys = keys;
            int[] oldSlots = slots;
            keys = new int[oldKeys.length * 2];
            slots = new int[keys.length];
            Arrays.fill(keys, -1);
            int mask = keys.length - 1;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] == -1) continue;
                int h = oldKeys[i] * 0x9E3779B1 >>> 16 & mask;
                while (keys[h] != -1) h = h + 1 & mask;
                keys[h] = oldKeys[i];
                slots[h] = oldSlots[i];
            }
        }

        /** Each value with its counts as a tally. */
        void forEach(BiConsumer<Integer, Tally> each) {
            for (int h = 0; h < keys.length; h++) {
                if (keys[h] == -1) continue;
                int slot = slots[h];
                Tally t = new Tally();
                System.arraycopy(counts, 5 * slot, t.counts, 0, 5);
                t.otherGames = games[slot];
                each.accept(keys[h], t);
            }
        }
    }

    /** Plies {@code first..last} of a game, some of which match. */
    record Range(long gameId, int first, int last) {}

    private PatternNextMoves() {
    }

    /** The kinds of move played from the pattern's matching positions, most played first. */
    public static List<NextMove> of(Database db, PatternSearch search, Pattern pattern) {
        return of(db, search, pattern, null);
    }

    /** The same over the games in {@code games} only; null for every game. */
    public static List<NextMove> of(Database db, PatternSearch search, Pattern pattern, Set<Long> games) {
        return of(db, search.findWithPlies(pattern), games);
    }

    /**
     * The same from a search's answer ({@link PatternSearch#findWithPlies}), over the games in
     * {@code games} only; null for every game. The moves of the games whose segment holds them
     * ({@link PatternSearch.WithPlies#moves}) come with the answer; only the others' are read
     * from position_next_idx, as {@link #of(Database, Map, Set)} reads them.
     */
    public static List<NextMove> of(Database db, PatternSearch.WithPlies found, Set<Long> games) {
        Map<Long, int[]> known = found.moves();
        Map<Long, int[]> rest = new TreeMap<>();
        found.plies().forEach((game, at) -> {
            if (!known.containsKey(game) && (games == null || games.contains(game))) rest.put(game, at);
        });
        Map<Long, Tally> kinds = tallies(db, rest);
        List<Long> ids = new ArrayList<>();
        for (Long game : known.keySet()) if (games == null || games.contains(game)) ids.add(game);
        ids.sort(null);
        Board board = found.result().pattern().variant().board();
        List<List<Long>> chunks = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CHUNK) chunks.add(ids.subList(from, Math.min(ids.size(), from + CHUNK)));
        Map<Long, String> results = resultsOf(db, ids);
        for (Map<Long, Tally> seen : chunks.parallelStream().map(chunk -> {
            // by the value without its side (the same kind of move by either side), made a kind once each
            ByValue byValue = new ByValue();
            for (int g = 0; g < chunk.size(); g++) {
                long game = chunk.get(g);
                String result = results.get(game);
                int white = outcome(result, "w");
                int black = outcome(result, "b");
                for (int value : known.get(game)) {
                    if (value == PatternSearch.NO_MOVE) continue;
                    byValue.add(value & 0xffffff, g, PatternBitmaps.sideOf(value) == 1 ? black : white);
                }
            }
            Map<Long, Tally> here = new HashMap<>();
            byValue.forEach((value, t) -> here.computeIfAbsent(kind(board, value), k -> new Tally()).addAll(t));
            return here;
        }).toList()) {
            seen.forEach((kind, t) -> kinds.computeIfAbsent(kind, k -> new Tally()).addAll(t));
        }
        return sorted(kinds);
    }

    /** A move played as {@link #kind(String)} makes it, from its {@link PatternBitmaps#NEXT} value. */
    static long kind(Board board, int value) {
        int from = PatternBitmaps.fromOf(value);
        String to = board.name(PatternBitmaps.toOf(value));
        long fromChars = from < 0 ? 0 : board.name(from).charAt(0) << 8 | board.name(from).charAt(1);
        return (long) PatternBitmaps.takesOf(value) << 32 | fromChars << 16 | (to.charAt(0) << 8 | to.charAt(1));
    }

    /**
     * The same from the matching plies a search found ({@link PatternSearch#findWithPlies}), over
     * the games in {@code games} only; null for every game. Reads the position rows of those plies
     * only, through the primary key (game_id, ply): a game matching at a few of its 200 plies
     * costs a few rows, not 200.
     */
    public static List<NextMove> of(Database db, Map<Long, int[]> matching, Set<Long> games) {
        Map<Long, int[]> plies = new TreeMap<>(matching);
        if (games != null) plies.keySet().retainAll(games);
        return sorted(tallies(db, plies));
    }

    /** The moves of these games' plies by {@link #kind}, read from position_next_idx. */
    private static Map<Long, Tally> tallies(Database db, Map<Long, int[]> plies) {
        List<Range> ranges = ranges(plies);
        List<List<Range>> chunks = new ArrayList<>();
        for (int from = 0; from < ranges.size(); from += CHUNK) chunks.add(ranges.subList(from, Math.min(ranges.size(), from + CHUNK)));
        // the chunks on every core (each statement on a connection of its own), then added up
        Map<Long, Tally> kinds = new HashMap<>();
        for (Map<Long, Tally> seen : chunks.parallelStream().map(chunk -> seen(db, chunk, plies)).toList()) {
            seen.forEach((kind, t) -> kinds.computeIfAbsent(kind, k -> new Tally()).addAll(t));
        }
        return kinds;
    }

    /** The kinds as rows, most played first. */
    private static List<NextMove> sorted(Map<Long, Tally> kinds) {
        List<NextMove> moves = new ArrayList<>();
        kinds.forEach((kind, t) -> moves.add(new NextMove(fromOf(kind), toOf(kind), takesOf(kind), t.counts[0], t.gameCount(),
                t.counts[1], t.counts[2], t.counts[3])));
        moves.sort(Comparator.comparingInt(NextMove::played).reversed().thenComparing(NextMove::move)
                .thenComparingInt(NextMove::takes));
        return moves;
    }

    /**
     * The moves played from the matching plies of the chunk's ranges, by {@link #kind}. The rows
     * are read from the driver's result set as they come: made into jOOQ records first, they took
     * a tenth to a seventh of the table's time (docs/performance.md#the-rows-from-the-driver).
     */
    private static Map<Long, Tally> seen(Database db, List<Range> chunk, Map<Long, int[]> plies) {
        Map<Long, String> results = results(db, chunk);
        Map<Long, Tally> seen = new HashMap<>();
        db.dsl().connection(c -> {
            try (ResultSet rs = query(db.dsl().configuration().derive(c).dsl(), chunk).fetchResultSet()) {
                while (rs.next()) {
                    long game = rs.getLong(1);
                    if (Arrays.binarySearch(plies.get(game), rs.getInt(2)) < 0) continue; // a ply between two matching ones
                    seen.computeIfAbsent(kind(rs.getString(3)), k -> new Tally()).add(game, outcome(results.get(game), rs.getString(4)));
                }
            }
        });
        return seen;
    }

    /** Each game's matching plies (in order) as ranges, those less than {@link #GAP} apart joined. */
    static List<Range> ranges(Map<Long, int[]> plies) {
        List<Range> ranges = new ArrayList<>();
        plies.forEach((game, at) -> {
            int i = 0;
            while (i < at.length) {
                int j = i;
                while (j + 1 < at.length && at[j + 1] - at[j] < GAP) j++;
                ranges.add(new Range(game, at[i], at[j]));
                i = j + 1;
            }
        });
        return ranges;
    }

    /**
     * The next moves of the ranges' plies: the ranges as three arrays (games, first plies, last
     * plies) unnested into a table and joined to position on (game_id, ply), which H2 and
     * PostgreSQL both read range by range (EXPLAIN); an OR of the ranges made H2 read every game's
     * rows. Three array parameters, where a VALUES table took three a range: rendering and binding
     * those took more than half of each statement's time (docs/performance.md#the-ranges-as-arrays).
     * Every column asked is in position_next_idx (sql/V22__next_move_index.sql), so both read that
     * narrow index only and no position row (PatternSearchTest checks the plan).
     */
    static ResultQuery<Record4<Long, Integer, String, String>> query(DSLContext dsl, List<Range> chunk) {
        Long[] games = new Long[chunk.size()];
        Integer[] firsts = new Integer[chunk.size()];
        Integer[] lasts = new Integer[chunk.size()];
        for (int i = 0; i < games.length; i++) {
            Range r = chunk.get(i);
            games[i] = r.gameId();
            firsts[i] = r.first();
            lasts[i] = r.last();
        }
        // in a derived table: Citus 13.2 fails on the unnest of arrays of two types joined to a
        // distributed table when the driver sends the arrays as text ("attribute 2 of type record
        // has wrong type"), and reads it right as a subquery (bench/citus.sh)
        Table<?> matched = DSL.select(DSL.asterisk())
                .from(DSL.table("unnest({0}, {1}, {2})", DSL.val(games), DSL.val(firsts), DSL.val(lasts))
                        .as("ranges", "game_id", "first_ply", "last_ply"))
                .asTable("matched");
        Field<Long> game = DSL.field(DSL.name("matched", "game_id"), Long.class);
        Field<Integer> first = DSL.field(DSL.name("matched", "first_ply"), Integer.class);
        Field<Integer> last = DSL.field(DSL.name("matched", "last_ply"), Integer.class);
        return dsl
                .select(POSITION.GAME_ID, POSITION.PLY, POSITION.NEXT_MOVE, POSITION.SIDE_TO_MOVE)
                .from(matched)
                .join(POSITION).on(POSITION.GAME_ID.eq(game).and(POSITION.PLY.between(first, last)))
                .where(POSITION.NEXT_MOVE.isNotNull());
    }

    /**
     * The results of the ranges' games, read apart from their rows: joined to every row,
     * PostgreSQL merged each chunk with a scan of game's whole index (e5:w4+ at 100,000 games,
     * warm: 5.3-5.9 s against 0.9-2.1 s read apart).
     */
    private static Map<Long, String> results(Database db, List<Range> chunk) {
        return resultsOf(db, chunk.stream().map(Range::gameId).distinct().toList());
    }

    /**
     * The results of these games, {@link #IDS} ids a statement as one array parameter, on one
     * connection. Plain JDBC: the 63,000 games of e5:w2+ at 100,000 games took 0.19-0.37 s
     * warm as statements of 1,000 through jOOQ (which wrote each array out as text), 0.06-0.15 s
     * so (load 9).
     */
    private static Map<Long, String> resultsOf(Database db, List<Long> games) {
        Map<Long, String> results = new HashMap<>(games.size() * 2);
        if (games.isEmpty()) return results;
        try (Connection c = db.dataSource().getConnection();
                PreparedStatement st = c.prepareStatement(
                        "SELECT g.id, g.result FROM UNNEST(?) AS wanted(id) JOIN game g ON g.id = wanted.id")) {
            for (int from = 0; from < games.size(); from += IDS) {
                st.setArray(1, c.createArrayOf("BIGINT", games.subList(from, Math.min(games.size(), from + IDS)).toArray()));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) results.put(rs.getLong(1), rs.getString(2));
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the games' results", e);
        }
        return results;
    }

    /** Game ids in one array parameter: H2 takes arrays of up to 65,536 elements. */
    private static final int IDS = 16384;

    /**
     * A canonical move's kind packed in a long: the takes (the men a capture took), then the
     * square moved from (0 for an entry) and the square it ended on, two characters each on both
     * boards (docs/formats.md#notation); a capture is written with an {@code x} before each
     * landing square.
     */
    static long kind(String move) {
        int n = move.length();
        int takes = 0;
        for (int i = 2; i < n; i++) if (move.charAt(i) == 'x') takes++;
        long from = n == 2 ? 0 : move.charAt(0) << 8 | move.charAt(1);
        long to = move.charAt(n - 2) << 8 | move.charAt(n - 1);
        return (long) takes << 32 | from << 16 | to;
    }

    static String fromOf(long kind) {
        int from = (int) (kind >>> 16 & 0xffff);
        return from == 0 ? null : "" + (char) (from >>> 8) + (char) (from & 0xff);
    }

    static String toOf(long kind) {
        return "" + (char) (kind >>> 8 & 0xff) + (char) (kind & 0xff);
    }

    static int takesOf(long kind) {
        return (int) (kind >>> 32);
    }

    /** 0 a win, 1 a draw, 2 a loss of the side to move, 3 no result (an unfinished game, {@code *}). */
    private static int outcome(String result, String side) {
        if ("1/2-1/2".equals(result)) return 1;
        boolean white = "w".equals(side);
        if ("1-0".equals(result)) return white ? 0 : 2;
        if ("0-1".equals(result)) return white ? 2 : 0;
        return 3;
    }
}
