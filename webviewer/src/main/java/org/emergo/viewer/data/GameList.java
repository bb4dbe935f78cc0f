package org.emergo.viewer.data;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.GAME;

import java.util.List;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * The games list: a page of games matching a {@link GameFilter}, and their count. Reads game,
 * analysis and finding (through its code index), never a position row.
 */
public final class GameList {

    /** A page of games and how many match in all. */
    public record Page(int total, List<GameSummary> games) {}

    private final DSLContext dsl;

    public GameList(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Page find(GameFilter filter, int pageSize) {
        Table<?> from = GAME.leftJoin(ANALYSIS).on(ANALYSIS.GAME_ID.eq(GAME.ID));
        Condition where = condition(filter);
        if (filter.player() != null) {
            List<Long> ids = playerGames(filter.player());
            if (ids.isEmpty()) return new Page(0, List.of());
            where = where.and(GAME.ID.in(ids.stream().map(DSL::inline).toList()));
        }
        // without a condition on the analysis the join adds no row: H2 counts a bare table at once
        int total = filter.resultByRule() == null && filter.hasFindings() == null
                ? dsl.selectCount().from(GAME).where(where).fetchOne(0, int.class)
                : dsl.selectCount().from(from).where(where).fetchOne(0, int.class);
        List<GameSummary> rows = dsl.select(GAME.ID, GAME.VARIANT, GAME.DATE, GAME.EVENT, GAME.WHITE, GAME.BLACK,
                        GAME.RESULT, ANALYSIS.RESULT_BY_RULE, GAME.PLY_COUNT, ANALYSIS.FINDINGS)
                .from(from)
                .where(where)
                .orderBy(order(filter, filter.player() != null))
                .limit(pageSize)
                .offset((long) (filter.page() - 1) * pageSize)
                .fetch(GameList::summary);
        return new Page(total, rows);
    }

    /**
     * The ids of a player's games with either colour, from the hash indexes on white and black,
     * given to the query as a list of numbers: H2 2.3 planned the same ids as a subquery badly
     * (the union again for every game), and as {@code id IN (subquery)} returned a descending
     * order ascending.
     */
    private List<Long> playerGames(String player) {
        return dsl.select(GAME.ID).from(GAME).where(GAME.WHITE.eq(player))
                .union(DSL.select(GAME.ID).from(GAME).where(GAME.BLACK.eq(player)))
                .fetch(GAME.ID);
    }

    private static GameSummary summary(Record r) {
        return new GameSummary(r.get(GAME.ID), r.get(GAME.VARIANT), r.get(GAME.DATE), r.get(GAME.EVENT), r.get(GAME.WHITE),
                r.get(GAME.BLACK), r.get(GAME.RESULT), r.get(ANALYSIS.RESULT_BY_RULE), r.get(GAME.PLY_COUNT),
                r.get(ANALYSIS.FINDINGS));
    }

    static Condition condition(GameFilter f) {
        Condition c = DSL.noCondition();
        if (f.white() != null) c = c.and(GAME.WHITE.eq(f.white()));
        if (f.black() != null) c = c.and(GAME.BLACK.eq(f.black()));
        if (f.event() != null) c = c.and(GAME.EVENT.containsIgnoreCase(f.event()));
        if (f.result() != null) c = c.and(GAME.RESULT.eq(f.result()));
        if (f.resultByRule() != null) c = c.and(ANALYSIS.RESULT_BY_RULE.eq(f.resultByRule()));
        if (f.variant() != null) c = c.and(GAME.VARIANT.eq(f.variant().tagName()));
        // dates are YYYY.MM.DD text, so text order is date order; a bare year or month covers all its days
        // an unknown year (????) sorts after every digit: the upper bound keeps it out
        if (f.dateFrom() != null) c = c.and(GAME.DATE.ge(f.dateFrom())).and(GAME.DATE.le("9999.99.99"));
        if (f.dateTo() != null) c = c.and(GAME.DATE.le(f.dateTo() + ".99"));
        if (f.hasFindings() != null) c = c.and(f.hasFindings() ? ANALYSIS.FINDINGS.gt(0) : ANALYSIS.FINDINGS.eq(0));
        if (f.code() != null) {
            c = c.and(DSL.exists(DSL.selectOne().from(FINDING)
                    .where(FINDING.GAME_ID.eq(GAME.ID))
                    .and(FINDING.CODE.eq(f.code().name()))));
        }
        if (f.minPlies() != null) c = c.and(GAME.PLY_COUNT.ge(f.minPlies()));
        if (f.maxPlies() != null) c = c.and(GAME.PLY_COUNT.le(f.maxPlies()));
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

    /**
     * The order of the list, then by id. Given ids ({@code inList}), H2 2.3 reads them through
     * the primary key in ascending order and takes that for a descending one too: sorting by
     * {@code id + 0} makes it sort for itself.
     */
    private static List<SortField<?>> order(GameFilter f, boolean inList) {
        Field<?> field = switch (f.sort()) {
            case "date" -> GAME.DATE;
            case "white" -> GAME.WHITE;
            case "black" -> GAME.BLACK;
            case "event" -> GAME.EVENT;
            case "result" -> GAME.RESULT;
            case "plies" -> GAME.PLY_COUNT;
            case "findings" -> ANALYSIS.FINDINGS;
            default -> inList ? GAME.ID.plus(DSL.inline(0L)) : GAME.ID;
        };
        SortField<?> first = f.descending() ? field.desc().nullsLast() : field.asc().nullsLast();
        if (f.sort().equals("id")) return List.of(first);
        Field<Long> id = inList ? GAME.ID.plus(DSL.inline(0L)) : GAME.ID;
        return List.of(first, f.descending() ? id.desc() : id.asc());
    }
}
