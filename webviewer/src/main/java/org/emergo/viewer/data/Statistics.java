package org.emergo.viewer.data;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.store.game.TextOrder;
import org.emergo.viewer.chart.Chart;
import org.jooq.DSLContext;
import org.jooq.Record;

/**
 * The figures of /stats, each a chart. They read the per-game tables (game, analysis,
 * capture_length, finding, shadowpiece): one small row or a few per game, never a position row.
 */
public final class Statistics {

    private final DSLContext dsl;

    public Statistics(DSLContext dsl) {
        this.dsl = dsl;
    }

    public List<Chart> charts() {
        return List.of(results(), gameLength(), captureLength(), firstCapture(), findings(), shadowpieces());
    }

    Chart results() {
        Map<String, int[]> byVariant = new LinkedHashMap<>();
        for (Record r : dsl.fetch("SELECT variant, result, COUNT(*) FROM game GROUP BY variant, result ORDER BY "
                + TextOrder.of(dsl, "variant"))) {
            int[] counts = byVariant.computeIfAbsent(r.get(0, String.class), v -> new int[4]);
            String result = r.get(1, String.class);
            int slot = "1-0".equals(result) ? 0 : "1/2-1/2".equals(result) ? 1 : "0-1".equals(result) ? 2 : 3;
            counts[slot] += r.get(2, int.class);
        }
        List<Chart.Bar> bars = new ArrayList<>();
        byVariant.forEach((v, c) -> bars.add(new Chart.Bar(v, List.of(c[0], c[1], c[2], c[3]))));
        return new Chart("results", "Results by colour and variant", "games",
                List.of("White wins", "Draws", "Black wins", "No result"), bars, true);
    }

    Chart gameLength() {
        return histogram("length", "Game length", "plies replayed (bars of 10)",
                "SELECT plies_replayed / 10, COUNT(*) FROM analysis GROUP BY plies_replayed / 10 ORDER BY 1", 10);
    }

    Chart captureLength() {
        List<Chart.Bar> bars = dsl.fetch("SELECT men, SUM(captures) FROM capture_length GROUP BY men ORDER BY men")
                .map(r -> new Chart.Bar(r.get(0, String.class), List.of(r.get(1, int.class))));
        return new Chart("captures", "Captures by length", "men taken by one capture", List.of("captures"), bars, false);
    }

    Chart firstCapture() {
        return histogram("first-capture", "Ply of the first capture", "ply (bars of 5)",
                "SELECT first_capture_ply / 5, COUNT(*) FROM analysis WHERE first_capture_ply IS NOT NULL"
                        + " GROUP BY first_capture_ply / 5 ORDER BY 1", 5);
    }

    Chart findings() {
        List<Chart.Bar> bars = dsl.fetch("SELECT code, COUNT(*) FROM finding GROUP BY code ORDER BY 2 DESC, " + TextOrder.of(dsl, "code"))
                .map(r -> new Chart.Bar(r.get(0, String.class), List.of(r.get(1, int.class))));
        return new Chart("findings", "Findings by code", "findings", List.of("findings"), bars, true);
    }

    Chart shadowpieces() {
        List<Chart.Bar> bars = dsl.fetch("""
                SELECT s.size,
                       SUM(CASE WHEN (g.result = '1-0' AND s.player = 'w') OR (g.result = '0-1' AND s.player = 'b') THEN 1 ELSE 0 END),
                       SUM(CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END),
                       SUM(CASE WHEN (g.result = '0-1' AND s.player = 'w') OR (g.result = '1-0' AND s.player = 'b') THEN 1 ELSE 0 END),
                       SUM(CASE WHEN g.result IS NULL OR g.result = '*' THEN 1 ELSE 0 END)
                FROM shadowpiece s
                JOIN game g ON g.id = s.game_id
                GROUP BY s.size
                ORDER BY s.size""")
                .map(r -> new Chart.Bar(r.get(0, String.class) + " men",
                        List.of(r.get(1, int.class), r.get(2, int.class), r.get(3, int.class), r.get(4, int.class))));
        return new Chart("shadowpieces", "Shadowpieces by size, and how their owners scored", "shadowpieces",
                List.of("owner won", "draw", "owner lost", "no result"), bars, true);
    }

    /** Counts per bucket, with empty buckets between filled in, labelled by their first value. */
    private Chart histogram(String id, String title, String xLabel, String sql, int width) {
        Map<Integer, Integer> counts = new LinkedHashMap<>();
        for (Record r : dsl.fetch(sql)) counts.put(r.get(0, int.class), r.get(1, int.class));
        List<Chart.Bar> bars = new ArrayList<>();
        if (!counts.isEmpty()) {
            int lo = counts.keySet().stream().mapToInt(Integer::intValue).min().getAsInt();
            int hi = counts.keySet().stream().mapToInt(Integer::intValue).max().getAsInt();
            for (int b = lo; b <= hi; b++) bars.add(new Chart.Bar(Integer.toString(b * width), List.of(counts.getOrDefault(b, 0))));
        }
        return new Chart(id, title, xLabel, List.of("games"), bars, false);
    }
}
