package org.emergo.store.stats;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.CAPTURE_LENGTH;
import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.emergo.store.jooq.Tables.REVIEW_CURVE;
import static org.emergo.store.jooq.Tables.SHADOWPIECE;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.store.game.Tally;
import org.emergo.store.game.TextOrder;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.Result;
import org.jooq.impl.DSL;

/**
 * The figures of the viewer's statistics page, each a list of bars. They read the per-game
 * tables (game, analysis, capture_length, finding, shadowpiece): one small row or a few per
 * game, never a position row. Text is ordered as H2 orders it ({@link TextOrder}), so every
 * database gives the same bars in the same order.
 */
public final class GameStatistics {

    /** A bar of a chart: its label and one value a series. */
    public record Bar(String label, List<Integer> values) {
        public Bar {
            values = List.copyOf(values);
        }
    }

    /**
     * What the figures are counted over: games, analyses, findings, reviews (counting a table is
     * instant in H2), the latest analysis's time (null with none; an index's last entry), which
     * changes when games are analysed again and their figures may change with no count (a new
     * engine), and the sum of the review curves' generations, which rises when a curve is fitted
     * again (the decided games are judged by it).
     */
    public record Counts(int games, int analysed, int findings, LocalDateTime lastAnalysed, int reviews, int curves) {}

    /** The charts of the games and their analysis, each a list of bars (the methods of the same names). */
    public record Figures(List<Bar> results, List<Bar> gameLength, List<Bar> captureLength, List<Bar> firstCapture,
            List<Bar> findings, List<Bar> shadowpieces) {
        public Figures {
            results = List.copyOf(results);
            gameLength = List.copyOf(gameLength);
            captureLength = List.copyOf(captureLength);
            firstCapture = List.copyOf(firstCapture);
            findings = List.copyOf(findings);
            shadowpieces = List.copyOf(shadowpieces);
        }
    }

    /** Plies a bar of {@link #gameLength} holds. */
    public static final int LENGTH_BAR = 10;
    /** Plies a bar of {@link #firstCapture} holds. */
    public static final int FIRST_CAPTURE_BAR = 5;

    private final DSLContext dsl;

    public GameStatistics(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Counts counts() {
        int curves = dsl.select(DSL.coalesce(DSL.sum(REVIEW_CURVE.CURVE_GENERATION), DSL.inline(BigDecimal.ZERO)))
                .from(REVIEW_CURVE)
                .fetchSingle(0, int.class);
        LocalDateTime lastAnalysed = dsl.select(DSL.max(ANALYSIS.ANALYSED_AT)).from(ANALYSIS).fetchSingle(0, LocalDateTime.class);
        return new Counts(dsl.fetchCount(GAME), dsl.fetchCount(ANALYSIS), dsl.fetchCount(FINDING), lastAnalysed,
                dsl.fetchCount(REVIEW), curves);
    }

    /** Every chart at once. */
    public Figures figures() {
        return new Figures(results(), gameLength(), captureLength(), firstCapture(), findings(), shadowpieces());
    }

    /** Games by board: White wins, draws, Black wins, no result. */
    public List<Bar> results() {
        Map<String, int[]> byVariant = new LinkedHashMap<>();
        for (Record r : dsl.select(GAME.VARIANT, GAME.RESULT, DSL.count())
                .from(GAME)
                .groupBy(GAME.VARIANT, GAME.RESULT)
                .orderBy(TextOrder.of(dsl, GAME.VARIANT))
                .fetch()) {
            int[] counts = byVariant.computeIfAbsent(r.get(GAME.VARIANT), v -> new int[4]);
            String result = r.get(GAME.RESULT);
            int slot = "1-0".equals(result) ? 0 : "1/2-1/2".equals(result) ? 1 : "0-1".equals(result) ? 2 : 3;
            counts[slot] += r.get(2, int.class);
        }
        List<Bar> bars = new ArrayList<>();
        byVariant.forEach((v, c) -> bars.add(new Bar(v, List.of(c[0], c[1], c[2], c[3]))));
        return bars;
    }

    /** Analysed games by plies replayed, in bars of {@link #LENGTH_BAR}. */
    public List<Bar> gameLength() {
        return histogram(ANALYSIS.PLIES_REPLAYED, DSL.noCondition(), LENGTH_BAR);
    }

    /** Captures by the men they took. */
    public List<Bar> captureLength() {
        return dsl.select(CAPTURE_LENGTH.MEN, DSL.sum(CAPTURE_LENGTH.CAPTURES))
                .from(CAPTURE_LENGTH)
                .groupBy(CAPTURE_LENGTH.MEN)
                .orderBy(CAPTURE_LENGTH.MEN)
                .fetch(r -> new Bar(String.valueOf(r.value1()), List.of(r.get(1, int.class))));
    }

    /** Analysed games with a capture by the ply of their first, in bars of {@link #FIRST_CAPTURE_BAR}. */
    public List<Bar> firstCapture() {
        return histogram(ANALYSIS.FIRST_CAPTURE_PLY, ANALYSIS.FIRST_CAPTURE_PLY.isNotNull(), FIRST_CAPTURE_BAR);
    }

    /** Findings by code, the most frequent first. */
    public List<Bar> findings() {
        return dsl.select(FINDING.CODE, DSL.count())
                .from(FINDING)
                .groupBy(FINDING.CODE)
                .orderBy(DSL.count().desc(), TextOrder.of(dsl, FINDING.CODE))
                .fetch(r -> new Bar(r.value1(), List.of(r.value2())));
    }

    /** Shadowpieces by size (labelled "N men"): their owner won, a draw, their owner lost, no result. */
    public List<Bar> shadowpieces() {
        Condition white = SHADOWPIECE.PLAYER.eq("w");
        Condition black = SHADOWPIECE.PLAYER.eq("b");
        Condition whiteWon = GAME.RESULT.eq("1-0");
        Condition blackWon = GAME.RESULT.eq("0-1");
        return dsl.select(SHADOWPIECE.SIZE,
                        Tally.where(whiteWon.and(white).or(blackWon.and(black))),
                        Tally.where(GAME.RESULT.eq("1/2-1/2")),
                        Tally.where(blackWon.and(white).or(whiteWon.and(black))),
                        Tally.where(GAME.RESULT.isNull().or(GAME.RESULT.eq("*"))))
                .from(SHADOWPIECE)
                .join(GAME).on(GAME.ID.eq(SHADOWPIECE.GAME_ID))
                .groupBy(SHADOWPIECE.SIZE)
                .orderBy(SHADOWPIECE.SIZE)
                .fetch(r -> new Bar(r.value1() + " men",
                        List.of(r.get(1, int.class), r.get(2, int.class), r.get(3, int.class), r.get(4, int.class))));
    }

    /** Counts per bucket, with empty buckets between filled in, labelled by their first value. */
    private List<Bar> histogram(Field<Integer> value, Condition where, int width) {
        // the width inline: grouped by a parameter, PostgreSQL would not know the select's expression for the group's
        Field<Integer> bucket = value.div(DSL.inline(width));
        Map<Integer, Integer> counts = new LinkedHashMap<>();
        Result<Record2<Integer, Integer>> rows = dsl.select(bucket, DSL.count())
                .from(ANALYSIS)
                .where(where)
                .groupBy(bucket)
                .orderBy(bucket)
                .fetch();
        for (Record2<Integer, Integer> r : rows) counts.put(r.value1(), r.value2());
        List<Bar> bars = new ArrayList<>();
        if (!counts.isEmpty()) {
            int lo = counts.keySet().stream().mapToInt(Integer::intValue).min().getAsInt();
            int hi = counts.keySet().stream().mapToInt(Integer::intValue).max().getAsInt();
            for (int b = lo; b <= hi; b++) bars.add(new Bar(Integer.toString(b * width), List.of(counts.getOrDefault(b, 0))));
        }
        return bars;
    }
}
