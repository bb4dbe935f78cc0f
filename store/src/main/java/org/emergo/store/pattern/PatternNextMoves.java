package org.emergo.store.pattern;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.POSITION;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.emergo.pattern.Pattern;
import org.emergo.store.db.Database;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.sql.QueryResult;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record4;
import org.jooq.Result;
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

    /** A move played from a matching position: its {@link #kind}, game and {@link #outcome}. */
    private record Seen(String kind, long gameId, int outcome) {}

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
        return of(db, search.plies(pattern), games);
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
        List<Range> ranges = ranges(plies);
        List<List<Range>> chunks = new ArrayList<>();
        for (int from = 0; from < ranges.size(); from += CHUNK) chunks.add(ranges.subList(from, Math.min(ranges.size(), from + CHUNK)));
        Map<String, int[]> counts = new LinkedHashMap<>();
        Map<String, Set<Long>> gamesOf = new LinkedHashMap<>();
        // the chunks on every core (each statement on a connection of its own), counted in order
        for (List<Seen> seen : chunks.parallelStream().map(chunk -> seen(db, chunk, plies)).toList()) {
            for (Seen s : seen) {
                // played, wins, draws, losses, and positions of unfinished games (counted as played only)
                int[] c = counts.computeIfAbsent(s.kind(), k -> new int[5]);
                c[0]++;
                c[1 + s.outcome()]++;
                gamesOf.computeIfAbsent(s.kind(), k -> new HashSet<>()).add(s.gameId());
            }
        }
        List<NextMove> moves = new ArrayList<>();
        counts.forEach((key, c) -> {
            String[] k = key.split(" ", -1);
            moves.add(new NextMove(k[0].isEmpty() ? null : k[0], k[1], Integer.parseInt(k[2]), c[0], gamesOf.get(key).size(),
                    c[1], c[2], c[3]));
        });
        moves.sort(Comparator.comparingInt(NextMove::played).reversed().thenComparing(NextMove::move)
                .thenComparingInt(NextMove::takes));
        return moves;
    }

    /** The moves played from the matching plies of the chunk's ranges. */
    private static List<Seen> seen(Database db, List<Range> chunk, Map<Long, int[]> plies) {
        Map<Long, String> results = results(db, chunk);
        List<Seen> seen = new ArrayList<>();
        for (Record4<Long, Integer, String, String> r : rows(db, chunk)) {
            if (Arrays.binarySearch(plies.get(r.value1()), r.value2()) < 0) continue; // a ply between two matching ones
            seen.add(new Seen(kind(r.value3()), r.value1(), outcome(results.get(r.value1()), r.value4())));
        }
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

    /** The rows of {@link #query} for the chunk's ranges. */
    private static Result<Record4<Long, Integer, String, String>> rows(Database db, List<Range> chunk) {
        return query(db.dsl(), chunk).fetch();
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
     * warm: 5.3-5.9 s against 0.9-2.1 s read apart). The ids go as one array, not an IN list of
     * up to 1,000 parameters.
     */
    private static Map<Long, String> results(Database db, List<Range> chunk) {
        Long[] ids = chunk.stream().map(Range::gameId).distinct().toArray(Long[]::new);
        Table<?> wanted = DSL.table("unnest({0})", DSL.val(ids)).as("wanted", "id");
        return db.dsl()
                .select(GAME.ID, GAME.RESULT)
                .from(wanted)
                .join(GAME).on(GAME.ID.eq(DSL.field(DSL.name("wanted", "id"), Long.class)))
                .fetchMap(GAME.ID, GAME.RESULT);
    }

    /**
     * "from to takes" of a canonical move: squares are two characters on both boards, a capture
     * is written with an {@code x} before each landing square (docs/formats.md#notation).
     */
    static String kind(String move) {
        String to = move.substring(move.length() - 2);
        if (move.length() == 2) return " " + to + " 0";
        int takes = move.length() - move.replace("x", "").length();
        return move.substring(0, 2) + " " + to + " " + takes;
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
