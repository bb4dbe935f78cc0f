package org.emergo.store.pattern;

import static org.emergo.store.jooq.Tables.GAME;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.sql.QueryResult;
import org.jooq.Field;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

/**
 * The games of a pattern search's hits as a query result (game, first matching ply, matching
 * positions, players, result, date, event), so that {@code emergo find} prints them through
 * the same table, CSV and JSON writers as {@code emergo sql}.
 */
public final class PatternHitRows {

    public static final List<ResultColumn> COLUMNS = List.of(new ResultColumn("game", true),
            new ResultColumn("ply", true), new ResultColumn("positions", true), new ResultColumn("white", false),
            new ResultColumn("black", false), new ResultColumn("result", false), new ResultColumn("date", false),
            new ResultColumn("event", false));

    /** Game ids looked up in one statement: numbers only, so they are written into the SQL. */
    private static final int CHUNK = 1000;

    private PatternHitRows() {
    }

    /** The same with a last column {@code transform}: the orientation that matched, for a pattern with sym or colours. */
    public static final List<ResultColumn> WITH_TRANSFORM;

    static {
        List<ResultColumn> c = new ArrayList<>(COLUMNS);
        c.add(new ResultColumn("transform", false));
        WITH_TRANSFORM = List.copyOf(c);
    }

    public static QueryResult of(Database db, List<PatternSearch.Hit> hits) {
        return of(db, hits, false);
    }

    /** The rows, with the column {@code transform} when {@code withTransform}. */
    public static QueryResult of(Database db, List<PatternSearch.Hit> hits, boolean withTransform) {
        Map<Long, Object[]> games = new HashMap<>();
        try {
            for (int from = 0; from < hits.size(); from += CHUNK) {
                List<Field<Long>> ids = hits.subList(from, Math.min(hits.size(), from + CHUNK)).stream()
                        .map(h -> (Field<Long>) DSL.inline(h.gameId()))
                        .toList();
                db.dsl().select(GAME.ID, GAME.WHITE, GAME.BLACK, GAME.RESULT, GAME.DATE, GAME.EVENT)
                        .from(GAME)
                        .where(GAME.ID.in(ids))
                        .forEach(g -> games.put(g.value1(), new Object[] {g.value2(), g.value3(), g.value4(), g.value5(),
                            g.value6()}));
            }
        } catch (DataAccessException e) {
            SQLException cause = e.getCause(SQLException.class);
            throw new StoreException("cannot read the games found: " + (cause == null ? e : cause).getMessage(), e);
        }
        List<List<Object>> rows = new ArrayList<>(hits.size());
        for (PatternSearch.Hit h : hits) {
            Object[] g = games.getOrDefault(h.gameId(), new Object[5]);
            List<Object> row = new ArrayList<>(8);
            row.add(h.gameId());
            row.add((long) h.firstPly());
            row.add((long) h.positions());
            for (Object v : g) row.add(v);
            if (withTransform) row.add(h.transform());
            rows.add(row);
        }
        return new QueryResult(withTransform ? WITH_TRANSFORM : COLUMNS, rows, false);
    }
}
