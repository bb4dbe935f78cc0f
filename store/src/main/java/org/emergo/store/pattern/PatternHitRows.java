package org.emergo.store.pattern;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.sql.QueryResult;

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
        try (Connection c = db.dataSource().getConnection(); Statement st = c.createStatement()) {
            for (int from = 0; from < hits.size(); from += CHUNK) {
                StringBuilder ids = new StringBuilder();
                for (PatternSearch.Hit h : hits.subList(from, Math.min(hits.size(), from + CHUNK))) {
                    if (ids.length() > 0) ids.append(',');
                    ids.append(h.gameId());
                }
                try (ResultSet rs = st.executeQuery(
                        "SELECT id, white, black, result, date, event FROM game WHERE id IN (" + ids + ")")) {
                    while (rs.next()) {
                        games.put(rs.getLong(1), new Object[] {rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getString(6)});
                    }
                }
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the games found: " + e.getMessage(), e);
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
