package org.emergo.store.analysis;

import java.util.ArrayList;
import java.util.List;
import org.emergo.rules.Position;
import org.emergo.store.game.TextOrder;
import org.jooq.DSLContext;

/**
 * The opening explorer: the moves played from a position with their scores, and the games
 * through it. Both come from the covering index position_hash_idx (hash, game_id, ply,
 * side_to_move, next_move) and game's small result index, as sql/queries/01_*.sql do.
 */
public final class PositionExplorer {

    /** Games listed through one position at most. */
    public static final int GAME_LIMIT = 200;

    /** A move played from the position: games, and wins, draws and losses of the side that played it. */
    public record NextMove(String move, int games, int wins, int draws, int losses) {
        /** Percent of the points the side to move scored with the move (a draw is half a point). */
        public int score() {
            return games == 0 ? 0 : (int) Math.round(100.0 * (wins + draws / 2.0) / games);
        }
    }

    /** A game through the position, at the ply where it stood there. */
    public record GameAt(long id, int ply, String nextMove, String white, String black, String result, String date, String event) {}

    public record Result(List<NextMove> moves, int total, List<GameAt> games) {}

    private final DSLContext dsl;

    public PositionExplorer(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Result explore(Position position) {
        return explore(position, ExplorerFilter.NONE);
    }

    /** The same over the games the filter lets through (a player's own explorer). */
    public Result explore(Position position, ExplorerFilter filter) {
        long hash = position.hash();
        String variant = position.variant().tagName();
        List<Object> binds = new ArrayList<>();
        String filtered = filter.sql(dsl, binds);
        List<NextMove> moves = dsl.fetch("""
                SELECT p.next_move,
                       COUNT(*),
                       SUM(CASE WHEN (g.result = '1-0' AND p.side_to_move = 'w') OR (g.result = '0-1' AND p.side_to_move = 'b') THEN 1 ELSE 0 END),
                       SUM(CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END),
                       SUM(CASE WHEN (g.result = '0-1' AND p.side_to_move = 'w') OR (g.result = '1-0' AND p.side_to_move = 'b') THEN 1 ELSE 0 END)
                FROM position p
                JOIN game g ON g.id = p.game_id
                WHERE p.hash = ?
                  AND g.variant = ?
                  AND p.next_move IS NOT NULL""" + filtered + """

                GROUP BY p.next_move
                ORDER BY 2 DESC, """ + TextOrder.of(dsl, "p.next_move"), withBinds(binds, hash, variant))
                .map(r -> new NextMove(r.get(0, String.class), r.get(1, int.class), r.get(2, int.class), r.get(3, int.class),
                        r.get(4, int.class)));
        int total = dsl.fetchOne("""
                SELECT COUNT(*)
                FROM position p
                JOIN game g ON g.id = p.game_id
                WHERE p.hash = ?
                  AND g.variant = ?""" + filtered, withBinds(binds, hash, variant)).get(0, int.class);
        List<GameAt> games = dsl.fetch("""
                SELECT p.game_id, p.ply, p.next_move, g.white, g.black, g.result, g.date, g.event
                FROM position p
                JOIN game g ON g.id = p.game_id
                WHERE p.hash = ?
                  AND g.variant = ?""" + filtered + """

                ORDER BY p.game_id, p.ply
                LIMIT ?""", withBinds(binds, hash, variant, GAME_LIMIT))
                .map(r -> new GameAt(r.get(0, long.class), r.get(1, int.class), r.get(2, String.class), r.get(3, String.class),
                        r.get(4, String.class), r.get(5, String.class), r.get(6, String.class), r.get(7, String.class)));
        return new Result(moves, total, games);
    }

    /** The query's own binds around the filter's: those before it, the filter's, those after it. */
    private static Object[] withBinds(List<Object> filter, Object hash, Object variant, Object... after) {
        List<Object> all = new ArrayList<>();
        all.add(hash);
        all.add(variant);
        all.addAll(filter);
        all.addAll(List.of(after));
        return all.toArray();
    }
}
