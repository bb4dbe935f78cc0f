package org.emergo.store.analysis;

import static org.emergo.store.jooq.Tables.GAME;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.emergo.rules.Side;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * Which games the position explorer counts (docs/viewer.md#a-players-explorer): one player's
 * ({@code player}), with one colour ({@code color} w or b: the player's colour, or with no player
 * the games' colour does not matter), dated from and to (as the games list reads {@code from} and
 * {@code to}) and with one result. Every part is optional; {@link #NONE} counts every game.
 */
public record ExplorerFilter(String player, Side colour, String from, String to, String result) {

    public static final ExplorerFilter NONE = new ExplorerFilter(null, null, null, null, null);

    /** Reads the query parameters player, color, from, to and result; a bad value throws {@link GameFilter.Invalid}. */
    public static ExplorerFilter parse(Function<String, String> param) {
        String player = param.apply("player");
        player = player == null || player.isBlank() ? null : player.strip();
        String c = param.apply("color");
        Side colour = null;
        if (c != null && !c.isBlank()) {
            colour = switch (c.strip()) {
                case "w", "white" -> Side.WHITE;
                case "b", "black" -> Side.BLACK;
                default -> throw GameFilter.invalid("color must be w or b");
            };
            if (player == null) throw GameFilter.invalid("color needs a player: the colour the player had");
        }
        return new ExplorerFilter(player, colour, GameFilter.date(param, "from"), GameFilter.date(param, "to"),
                GameFilter.result(param, "result"));
    }

    public boolean isNone() {
        return equals(NONE);
    }

    /** The filter as a condition on game; dates as the games list compares them ({@link GameList#dates}). */
    Condition condition(SQLDialect dialect) {
        Condition c = DSL.noCondition();
        if (player != null) {
            c = c.and(colour == Side.WHITE ? GAME.WHITE.eq(player)
                    : colour == Side.BLACK ? GAME.BLACK.eq(player)
                    : GAME.WHITE.eq(player).or(GAME.BLACK.eq(player)));
        }
        c = c.and(GameList.dates(from, to, dialect));
        if (result != null) c = c.and(GAME.RESULT.eq(result));
        return c;
    }

    /** The ids of the games the filter lets through (for a pattern's hits), or null for {@link #NONE}: every game. */
    public Set<Long> games(DSLContext dsl) {
        if (isNone()) return null;
        return new HashSet<>(dsl.select(GAME.ID).from(GAME).where(condition(dsl.dialect())).fetch(GAME.ID));
    }

    /** The query parameters that say this filter, in a fixed order, for links. */
    public Map<String, String> params() {
        Map<String, String> p = new LinkedHashMap<>();
        if (player != null) p.put("player", player);
        if (colour != null) p.put("color", String.valueOf(colour.letter()));
        if (from != null) p.put("from", from);
        if (to != null) p.put("to", to);
        if (result != null) p.put("result", result);
        return p;
    }

    /** In words, for a page's heading: "Groen, Greta with White, from 2020, 1-0". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (player != null) parts.add(player + (colour == null ? "" : colour == Side.WHITE ? " with White" : " with Black"));
        if (from != null) parts.add("from " + from);
        if (to != null) parts.add("to " + to);
        if (result != null) parts.add("result " + result);
        return String.join(", ", parts);
    }
}
