package org.emergo.store.analysis;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.POSITION;

import java.util.List;
import org.emergo.rules.Position;
import org.emergo.store.game.Tally;
import org.emergo.store.game.TextOrder;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;

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
        Condition here = POSITION.HASH.eq(position.hash())
                .and(GAME.VARIANT.eq(position.variant().tagName()))
                .and(filter.condition(dsl.dialect()));
        Condition whiteToMove = POSITION.SIDE_TO_MOVE.eq("w");
        Condition blackToMove = POSITION.SIDE_TO_MOVE.eq("b");
        Condition won = GAME.RESULT.eq("1-0").and(whiteToMove).or(GAME.RESULT.eq("0-1").and(blackToMove));
        Condition lost = GAME.RESULT.eq("0-1").and(whiteToMove).or(GAME.RESULT.eq("1-0").and(blackToMove));
        List<NextMove> moves = dsl.select(POSITION.NEXT_MOVE, DSL.count(), Tally.where(won), Tally.where(GAME.RESULT.eq("1/2-1/2")),
                        Tally.where(lost))
                .from(POSITION)
                .join(GAME).on(GAME.ID.eq(POSITION.GAME_ID))
                .where(here)
                .and(POSITION.NEXT_MOVE.isNotNull())
                .groupBy(POSITION.NEXT_MOVE)
                .orderBy(DSL.count().desc(), TextOrder.of(dsl, POSITION.NEXT_MOVE))
                .fetch(r -> new NextMove(r.value1(), r.value2(), r.get(2, int.class), r.get(3, int.class), r.get(4, int.class)));
        int total = dsl.selectCount()
                .from(POSITION)
                .join(GAME).on(GAME.ID.eq(POSITION.GAME_ID))
                .where(here)
                .fetchOne(0, int.class);
        List<GameAt> games = dsl.select(POSITION.GAME_ID, POSITION.PLY, POSITION.NEXT_MOVE, GAME.WHITE, GAME.BLACK, GAME.RESULT,
                        GAME.DATE, GAME.EVENT)
                .from(POSITION)
                .join(GAME).on(GAME.ID.eq(POSITION.GAME_ID))
                .where(here)
                .orderBy(POSITION.GAME_ID, POSITION.PLY)
                .limit(GAME_LIMIT)
                .fetch(r -> new GameAt(r.value1(), r.value2(), r.value3(), r.value4(), r.value5(), r.value6(), r.value7(),
                        r.value8()));
        return new Result(moves, total, games);
    }
}
