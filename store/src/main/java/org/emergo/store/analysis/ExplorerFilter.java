package org.emergo.store.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.emergo.rules.Side;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.TextOrder;
import org.jooq.DSLContext;

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

    /**
     * The filter as SQL on the game table {@code g}, " AND ..." with its binds added to {@code binds};
     * dates compared as H2 compares them on every database ({@link TextOrder}).
     */
    String sql(DSLContext dsl, List<Object> binds) {
        String date = TextOrder.of(dsl, "g.date");
        StringBuilder sb = new StringBuilder();
        if (player != null) {
            if (colour == Side.WHITE) sb.append(" AND g.white = ?");
            else if (colour == Side.BLACK) sb.append(" AND g.black = ?");
            else {
                sb.append(" AND (g.white = ? OR g.black = ?)");
                binds.add(player);
            }
            binds.add(player);
        }
        // as the games list: a date from a year on, and unknown dates (????) never in a range
        if (from != null) {
            sb.append(" AND " + date + " >= ? AND " + date + " <= '9999.99.99'");
            binds.add(from);
        }
        if (to != null) {
            sb.append(" AND " + date + " <= ?");
            binds.add(to + ".99");
        }
        if (result != null) {
            sb.append(" AND g.result = ?");
            binds.add(result);
        }
        return sb.toString();
    }

    /** The ids of the games the filter lets through (for a pattern's hits), or null for {@link #NONE}: every game. */
    public Set<Long> games(DSLContext dsl) {
        if (isNone()) return null;
        List<Object> binds = new ArrayList<>();
        String where = sql(dsl, binds);
        return new HashSet<>(dsl.fetch("SELECT g.id FROM game g WHERE 1 = 1" + where, binds.toArray()).getValues(0, Long.class));
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
