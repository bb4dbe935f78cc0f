package org.emergo.store.game;

import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;

/**
 * A player's record: games and results by colour, findings by code, shadowpieces. Reads game
 * through its player indexes (on H2 they hold the results too), and finding and shadowpiece by game.
 */
public final class PlayerSummary {

    /** Results with one colour: wins, draws, losses, and games without a decided result. */
    public record ByColour(String colour, int games, int wins, int draws, int losses, int other) {}

    public record CodeCount(String code, int count) {}

    /** Shadowpieces of one size the player entered, and what became of them. */
    public record ShadowCount(int size, int count, int standing, int taken, int freed) {}

    public record Summary(String name, List<ByColour> colours, List<CodeCount> findings, List<ShadowCount> shadowpieces,
            List<GameSummary> recent) {
        public int games() {
            return colours.stream().mapToInt(ByColour::games).sum();
        }
    }

    private final DSLContext dsl;

    public PlayerSummary(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Summary of(String name) {
        List<ByColour> colours = List.of(colour(name, "white", "1-0", "0-1"), colour(name, "black", "0-1", "1-0"));
        // The player's games with his colour, as a table: the two hash indexes give the ids. The
        // name goes in as a literal (jOOQ escapes it): with a bind parameter H2 ran the union
        // again for every row.
        Field<String> player = DSL.inline(name);
        List<CodeCount> findings = dsl.fetch("""
                SELECT f.code, COUNT(*)
                FROM (SELECT id, 'w' AS colour FROM game WHERE white = {0}
                      UNION ALL
                      SELECT id, 'b' AS colour FROM game WHERE black = {0}) p
                JOIN finding f ON f.game_id = p.id AND f.player = p.colour
                GROUP BY f.code
                ORDER BY 2 DESC, {1}""", player, DSL.field(TextOrder.of(dsl, "f.code")))
                .map(r -> new CodeCount(r.get(0, String.class), r.get(1, int.class)));
        List<ShadowCount> shadows = dsl.fetch("""
                SELECT s.size,
                       COUNT(*),
                       SUM(CASE WHEN s.fate = 'standing' THEN 1 ELSE 0 END),
                       SUM(CASE WHEN s.fate = 'taken' THEN 1 ELSE 0 END),
                       SUM(CASE WHEN s.fate = 'freed' THEN 1 ELSE 0 END)
                FROM (SELECT id, 'w' AS colour FROM game WHERE white = {0}
                      UNION ALL
                      SELECT id, 'b' AS colour FROM game WHERE black = {0}) p
                JOIN shadowpiece s ON s.game_id = p.id AND s.player = p.colour
                GROUP BY s.size
                ORDER BY s.size""", player)
                .map(r -> new ShadowCount(r.get(0, int.class), r.get(1, int.class), r.get(2, int.class), r.get(3, int.class),
                        r.get(4, int.class)));
        GameFilter filter = new GameFilter(name, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, "id", true, 1);
        List<GameSummary> recent = new GameList(dsl).find(filter, 20).games();
        return new Summary(name, colours, findings, shadows, recent);
    }

    private ByColour colour(String name, String column, String win, String loss) {
        var r = dsl.fetchOne("SELECT COUNT(*),"
                + " SUM(CASE WHEN result = ? THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END),"
                + " SUM(CASE WHEN result = ? THEN 1 ELSE 0 END)"
                + " FROM game WHERE " + column + " = ?", win, loss, name);
        int games = r.get(0, int.class);
        int wins = nz(r.get(1, Integer.class));
        int draws = nz(r.get(2, Integer.class));
        int losses = nz(r.get(3, Integer.class));
        return new ByColour(column, games, wins, draws, losses, games - wins - draws - losses);
    }

    private static int nz(Integer i) {
        return i == null ? 0 : i;
    }
}
