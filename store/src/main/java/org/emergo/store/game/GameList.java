package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * The games list: a page of games matching a {@link GameFilter}, and their count. Filters an
 * index answers come first ({@link IndexedGames}); when nothing else needs a game's row, the
 * page is sorted from those indexes and only its own rows are read. Never reads a position row.
 */
public final class GameList {

    /** A page of games and how many match in all. */
    public record Page(int total, List<GameSummary> games) {}

    private static final List<Field<?>> COLUMNS = List.of(GAME.ID, GAME.VARIANT, GAME.DATE, GAME.EVENT, GAME.WHITE,
            GAME.BLACK, GAME.RESULT, ANALYSIS.RESULT_BY_RULE, GAME.PLY_COUNT, ANALYSIS.FINDINGS);

    /** The most games the indexes left that go to SQL as a list of ids. */
    private static final int LISTED_IDS = 2_000;

    private final DSLContext dsl;
    private final int listedIds;

    public GameList(DSLContext dsl) {
        this(dsl, LISTED_IDS);
    }

    /** With another limit on the ids sent to SQL: the tests take both roads on a few games. */
    public GameList(DSLContext dsl, int listedIds) {
        this.dsl = dsl;
        this.listedIds = listedIds;
    }

    public Page find(GameFilter filter, int pageSize) {
        return find(filter, pageSize, null);
    }

    /**
     * The list narrowed to the games of a pattern search ({@code only}, null for no such filter):
     * they go to SQL as a list of ids.
     */
    public Page find(GameFilter filter, int pageSize, Collection<Long> only) {
        if (only != null) {
            if (only.isEmpty()) return new Page(0, List.of());
            return findInSql(filter, IndexedGames.of(dsl, filter), pageSize, only);
        }
        Optional<IndexedGames> indexed = IndexedGames.of(dsl, filter);
        if (indexed.isPresent() && indexed.get().isEmpty()) return new Page(0, List.of());
        if (indexed.isPresent() && indexed.get().listsAlone(filter)) {
            List<Long> ids = indexed.get().sorted(filter);
            int from = Math.min((filter.page() - 1) * pageSize, ids.size());
            return new Page(ids.size(), withReviews(rows(ids.subList(from, Math.min(from + pageSize, ids.size())))));
        }
        return findInSql(filter, indexed, pageSize, null);
    }

    /**
     * A page where rows must be read to filter or sort. A few games the indexes left go to SQL
     * as a list of ids; many (100,000 ids took 0.8 s to send and parse) as the conditions they
     * stand for, which the database answers with its own indexes.
     */
    private Page findInSql(GameFilter filter, Optional<IndexedGames> indexed, int pageSize, Collection<Long> only) {
        Table<?> from = GAME.leftJoin(ANALYSIS).on(ANALYSIS.GAME_ID.eq(GAME.ID));
        boolean listed = indexed.isPresent() && indexed.get().size() <= listedIds;
        Condition where = condition(filter, dsl.dialect());
        if (listed) {
            where = where.and(GAME.ID.in(indexed.get().ids().stream().map(DSL::inline).toList()));
        } else if (indexed.isPresent()) {
            where = where.and(indexedCondition(filter));
        }
        if (only != null) where = where.and(GAME.ID.in(only.stream().map(DSL::inline).toList()));
        int total;
        if (only == null && indexed.isPresent() && !filtersRows(filter)) {
            total = indexed.get().size(); // only the order needs the rows
        } else if (filter.resultByRule() == null && (listed || filter.hasFindings() == null)) {
            // without a condition on the analysis the join adds no row: H2 counts a bare table at once
            total = dsl.selectCount().from(GAME).where(where).fetchOne(0, int.class);
        } else {
            total = dsl.selectCount().from(from).where(where).fetchOne(0, int.class);
        }
        List<GameSummary> rows = dsl.select(COLUMNS)
                .from(from)
                .where(where)
                .orderBy(order(filter, listed, dsl.dialect()))
                .limit(pageSize)
                .offset((long) (filter.page() - 1) * pageSize)
                .fetch(GameList::summary);
        return new Page(total, withReviews(rows));
    }

    /** The list's rows of the given games, in the order given. */
    private List<GameSummary> rows(List<Long> ids) {
        if (ids.isEmpty()) return List.of();
        Map<Long, GameSummary> byId = dsl.select(COLUMNS)
                .from(GAME.leftJoin(ANALYSIS).on(ANALYSIS.GAME_ID.eq(GAME.ID)))
                .where(GAME.ID.in(ids))
                .fetchMap(GAME.ID, GameList::summary);
        return ids.stream().map(byId::get).toList();
    }

    private static GameSummary summary(Record r) {
        return new GameSummary(r.get(GAME.ID), r.get(GAME.VARIANT), r.get(GAME.DATE), r.get(GAME.EVENT), r.get(GAME.WHITE),
                r.get(GAME.BLACK), r.get(GAME.RESULT), r.get(ANALYSIS.RESULT_BY_RULE), r.get(GAME.PLY_COUNT),
                r.get(ANALYSIS.FINDINGS), null);
    }

    /** The rows with the figures of their games' latest reviews, read by the review's key for the page alone. */
    private List<GameSummary> withReviews(List<GameSummary> rows) {
        if (rows.isEmpty()) return rows;
        Map<Long, GameSummary.ReviewFigures> figures = new HashMap<>();
        dsl.select(REVIEW.GAME_ID, REVIEW.WHITE_ACCURACY, REVIEW.BLACK_ACCURACY, REVIEW.WHITE_MISTAKES,
                        REVIEW.WHITE_BLUNDERS, REVIEW.BLACK_MISTAKES, REVIEW.BLACK_BLUNDERS)
                .from(REVIEW)
                .where(REVIEW.GAME_ID.in(rows.stream().map(GameSummary::id).toList()))
                .and(LatestReview.is(REVIEW))
                .forEach(r -> figures.put(r.value1(), new GameSummary.ReviewFigures(r.value2(), r.value3(), r.value4(),
                        r.value5(), r.value6(), r.value7())));
        if (figures.isEmpty()) return rows;
        return rows.stream().map(g -> figures.containsKey(g.id()) ? g.withReview(figures.get(g.id())) : g).toList();
    }

    /** Whether a filter needs a game's row or its analysis: one no index answers. */
    static boolean filtersUnindexed(GameFilter f) {
        return f.event() != null || f.resultByRule() != null || f.variant() != null || f.text() != null
                || f.review().narrows();
    }

    /**
     * Whether a filter needs a game's row: one no index answers, or the result or dates, which
     * only a player index gives ({@link #condition} has them all).
     */
    static boolean filtersRows(GameFilter f) {
        return filtersUnindexed(f) || f.result() != null || f.dateFrom() != null || f.dateTo() != null;
    }

    /**
     * Every game the filters match, whatever the page and order, as a condition on table game
     * alone (a download of the list reads it so): the pattern aside, whose games the caller has.
     */
    public static Condition matching(GameFilter f, SQLDialect dialect) {
        Condition all = condition(f, dialect).and(indexedCondition(f));
        if (f.hasFindings() == null && f.resultByRule() == null) return all;
        return GAME.ID.in(DSL.select(ANALYSIS.GAME_ID).from(ANALYSIS).join(GAME).on(GAME.ID.eq(ANALYSIS.GAME_ID)).where(all));
    }

    /** The filters {@link IndexedGames} answers, as SQL conditions on game and analysis. */
    static Condition indexedCondition(GameFilter f) {
        Condition c = DSL.noCondition();
        if (f.player() != null) c = c.and(GAME.WHITE.eq(f.player()).or(GAME.BLACK.eq(f.player())));
        if (f.white() != null) c = c.and(GAME.WHITE.eq(f.white()));
        if (f.black() != null) c = c.and(GAME.BLACK.eq(f.black()));
        if (f.hasFindings() != null) c = c.and(f.hasFindings() ? ANALYSIS.FINDINGS.gt(0) : ANALYSIS.FINDINGS.eq(0));
        if (f.code() != null) {
            c = c.and(DSL.exists(DSL.selectOne().from(FINDING)
                    .where(FINDING.GAME_ID.eq(GAME.ID)).and(FINDING.CODE.eq(f.code().name()))));
        }
        return c.and(plies(f));
    }

    /** The length limits, if any. */
    static Condition plies(GameFilter f) {
        Condition c = DSL.noCondition();
        if (f.minPlies() != null) c = c.and(GAME.PLY_COUNT.ge(f.minPlies()));
        if (f.maxPlies() != null) c = c.and(GAME.PLY_COUNT.le(f.maxPlies()));
        return c;
    }

    /**
     * The filters that need a game's row (see {@link #filtersRows}); {@link IndexedGames} answers
     * the others. Dates compare as H2 compares them on every database ({@link TextOrder}).
     */
    public static Condition condition(GameFilter f, SQLDialect dialect) {
        Condition c = DSL.noCondition();
        if (f.event() != null) c = c.and(GAME.EVENT.containsIgnoreCase(f.event()));
        if (f.result() != null) c = c.and(GAME.RESULT.eq(f.result()));
        if (f.resultByRule() != null) c = c.and(ANALYSIS.RESULT_BY_RULE.eq(f.resultByRule()));
        if (f.variant() != null) c = c.and(GAME.VARIANT.eq(f.variant().tagName()));
        c = c.and(dates(f.dateFrom(), f.dateTo(), dialect));
        c = c.and(review(f.review()));
        if (f.text() != null) {
            String t = f.text();
            c = c.and(GAME.WHITE.containsIgnoreCase(t)
                    .or(GAME.BLACK.containsIgnoreCase(t))
                    .or(GAME.EVENT.containsIgnoreCase(t))
                    .or(GAME.SITE.containsIgnoreCase(t))
                    .or(GAME.ROUND.containsIgnoreCase(t)));
        }
        return c;
    }

    /** What a game's latest review must say ({@link GameFilter.ReviewFilter}), as a condition on game. */
    static Condition review(GameFilter.ReviewFilter r) {
        if (!r.narrows()) return DSL.noCondition();
        var reviews = DSL.selectOne().from(REVIEW).where(REVIEW.GAME_ID.eq(GAME.ID));
        if (Boolean.FALSE.equals(r.reviewed())) {
            // a game without a review has no figures to meet a limit
            return r.limitsFigures() ? DSL.falseCondition() : DSL.notExists(reviews);
        }
        if (!r.limitsFigures()) return DSL.exists(reviews);
        Condition figures = switch (r.side()) {
            case 'w' -> side(r, REVIEW.WHITE_ACCURACY, REVIEW.WHITE_MISTAKES, REVIEW.WHITE_BLUNDERS);
            case 'b' -> side(r, REVIEW.BLACK_ACCURACY, REVIEW.BLACK_MISTAKES, REVIEW.BLACK_BLUNDERS);
            // either side: one side meets every limit
            default -> side(r, REVIEW.WHITE_ACCURACY, REVIEW.WHITE_MISTAKES, REVIEW.WHITE_BLUNDERS)
                    .or(side(r, REVIEW.BLACK_ACCURACY, REVIEW.BLACK_MISTAKES, REVIEW.BLACK_BLUNDERS));
        };
        return DSL.exists(reviews.and(figures).and(LatestReview.is(REVIEW)));
    }

    private static Condition side(GameFilter.ReviewFilter r, Field<Float> accuracy, Field<Short> mistakes, Field<Short> blunders) {
        Condition c = DSL.noCondition();
        if (r.maxAccuracy() != null) c = c.and(accuracy.le(r.maxAccuracy().floatValue()));
        if (r.minMistakes() != null) c = c.and(mistakes.ge(count(r.minMistakes())));
        if (r.minBlunders() != null) c = c.and(blunders.ge(count(r.minBlunders())));
        return c;
    }

    /** A count to compare with a SMALLINT column: one over its range is met by none, as its largest value is. */
    private static short count(int n) {
        return (short) Math.min(n, Short.MAX_VALUE);
    }

    /**
     * The order of the list, then by id. A game without the value (no date, say) counts as the
     * lowest: first going up, last going down, which is the order of H2's indexes either way,
     * so that a page of the whole list is read from an index. Given ids ({@code inList}), H2 2.3 reads them through
     * the primary key in ascending order and takes that for a descending one too: sorting by
     * {@code id + 0} makes it sort for itself.
     */
    private static List<SortField<?>> order(GameFilter f, boolean inList, SQLDialect dialect) {
        Field<Long> id = inList ? GAME.ID.plus(DSL.inline(0L)) : GAME.ID;
        Field<?> field = f.sort().equals("id") ? id : sortColumn(f.sort(), dialect);
        SortField<?> first = f.descending() ? field.desc().nullsLast() : field.asc().nullsFirst();
        if (f.sort().equals("id")) return List.of(first);
        return List.of(first, f.descending() ? id.desc() : id.asc());
    }

    /** The column a sort of the list ({@link GameFilter#SORTS}) is by, text in H2's order ({@link TextOrder}). */
    /**
     * Games dated from {@code from} to {@code to} (either null for no bound), compared as H2
     * compares them on every database ({@link TextOrder}): dates are YYYY.MM.DD text, so text
     * order is date order, and a bare year or month covers all its days. An unknown year (????)
     * sorts after every digit: the upper bound keeps it out of every range.
     */
    public static Condition dates(String from, String to, SQLDialect dialect) {
        Field<String> date = TextOrder.of(dialect, GAME.DATE);
        Condition c = DSL.noCondition();
        if (from != null) c = c.and(date.ge(from)).and(date.le("9999.99.99"));
        if (to != null) c = c.and(date.le(to + ".99"));
        return c;
    }

    public static Field<?> sortColumn(String sort, SQLDialect dialect) {
        return switch (sort) {
            case "date" -> TextOrder.of(dialect, GAME.DATE);
            case "white" -> TextOrder.of(dialect, GAME.WHITE);
            case "black" -> TextOrder.of(dialect, GAME.BLACK);
            case "event" -> TextOrder.of(dialect, GAME.EVENT);
            case "result" -> TextOrder.of(dialect, GAME.RESULT);
            case "plies" -> GAME.PLY_COUNT;
            case "findings" -> ANALYSIS.FINDINGS;
            default -> GAME.ID;
        };
    }
}
