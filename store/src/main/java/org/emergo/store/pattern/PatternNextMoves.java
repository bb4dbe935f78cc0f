package org.emergo.store.pattern;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.POSITION;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.emergo.pattern.Pattern;
import org.emergo.store.db.Database;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.sql.QueryResult;
import org.jooq.Record5;

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
            rows.add(java.util.Arrays.asList(m.move(), m.from(), m.to(), (long) m.takes(), (long) m.played(), (long) m.games(),
                    (long) m.wins(), (long) m.draws(), (long) m.losses(), (long) m.score()));
        }
        return new QueryResult(COLUMNS, rows, false);
    }

    /** Games whose positions are read in one statement. */
    private static final int CHUNK = 500;

    private PatternNextMoves() {
    }

    /** The kinds of move played from the pattern's matching positions, most played first. */
    public static List<NextMove> of(Database db, PatternSearch search, Pattern pattern) {
        return of(db, search, pattern, null);
    }

    /** The same over the games in {@code games} only; null for every game. */
    public static List<NextMove> of(Database db, PatternSearch search, Pattern pattern, Set<Long> games) {
        Map<Long, int[]> plies = search.plies(pattern);
        if (games != null) plies.keySet().retainAll(games);
        Map<String, int[]> counts = new LinkedHashMap<>();
        Map<String, Set<Long>> gamesOf = new LinkedHashMap<>();
        List<Long> ids = new ArrayList<>(plies.keySet());
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            for (Record5<Long, Integer, String, String, String> r : db.dsl()
                    .select(POSITION.GAME_ID, POSITION.PLY, POSITION.NEXT_MOVE, POSITION.SIDE_TO_MOVE, GAME.RESULT)
                    .from(POSITION)
                    .join(GAME).on(GAME.ID.eq(POSITION.GAME_ID))
                    .where(POSITION.GAME_ID.in(chunk))
                    .and(POSITION.NEXT_MOVE.isNotNull())
                    .fetch()) {
                int[] at = plies.get(r.value1());
                if (java.util.Arrays.binarySearch(at, r.value2()) < 0) continue;
                String key = kind(r.value3());
                // played, wins, draws, losses, and positions of unfinished games (counted as played only)
                int[] c = counts.computeIfAbsent(key, k -> new int[5]);
                c[0]++;
                c[1 + outcome(r.value5(), r.value4())]++;
                gamesOf.computeIfAbsent(key, k -> new HashSet<>()).add(r.value1());
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
