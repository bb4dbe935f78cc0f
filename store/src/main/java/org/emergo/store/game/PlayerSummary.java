package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.SHADOWPIECE;

import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;

/**
 * A player's record: games and results by colour, findings by code, shadowpieces. Reads game
 * through its player indexes (on H2 they hold the results too, {@link PlayerGames}), and finding
 * and shadowpiece by game.
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
        List<ByColour> colours = List.of(colour(name, GAME.WHITE, "white", "1-0", "0-1"), colour(name, GAME.BLACK, "black", "0-1", "1-0"));
        PlayerGames p = new PlayerGames(name);
        List<CodeCount> findings = dsl.select(FINDING.CODE, DSL.count())
                .from(p.table())
                .join(FINDING).on(FINDING.GAME_ID.eq(p.id())).and(FINDING.PLAYER.eq(p.colour()))
                .groupBy(FINDING.CODE)
                .orderBy(DSL.count().desc(), TextOrder.of(dsl, FINDING.CODE))
                .fetch(r -> new CodeCount(r.value1(), r.value2()));
        List<ShadowCount> shadows = dsl.select(SHADOWPIECE.SIZE, DSL.count(), Tally.where(SHADOWPIECE.FATE.eq("standing")),
                        Tally.where(SHADOWPIECE.FATE.eq("taken")), Tally.where(SHADOWPIECE.FATE.eq("freed")))
                .from(p.table())
                .join(SHADOWPIECE).on(SHADOWPIECE.GAME_ID.eq(p.id())).and(SHADOWPIECE.PLAYER.eq(p.colour()))
                .groupBy(SHADOWPIECE.SIZE)
                .orderBy(SHADOWPIECE.SIZE)
                .fetch(r -> new ShadowCount(r.get(0, int.class), r.get(1, int.class), r.get(2, int.class), r.get(3, int.class),
                        r.get(4, int.class)));
        GameFilter filter = new GameFilter(name, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, GameFilter.ReviewFilter.NONE, "id", true, 1);
        List<GameSummary> recent = new GameList(dsl).find(filter, 20).games();
        return new Summary(name, colours, findings, shadows, recent);
    }

    private ByColour colour(String name, Field<String> column, String label, String win, String loss) {
        var r = dsl.select(DSL.count(), Tally.where(GAME.RESULT.eq(win)), Tally.where(GAME.RESULT.eq("1/2-1/2")),
                        Tally.where(GAME.RESULT.eq(loss)))
                .from(GAME)
                .where(column.eq(name))
                .fetchOne();
        int games = r.get(0, int.class);
        int wins = nz(r.get(1, Integer.class));
        int draws = nz(r.get(2, Integer.class));
        int losses = nz(r.get(3, Integer.class));
        return new ByColour(label, games, wins, draws, losses, games - wins - draws - losses);
    }

    private static int nz(Integer i) {
        return i == null ? 0 : i;
    }
}
