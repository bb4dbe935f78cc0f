package org.emergo.store.rating;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.PLAYER;
import static org.emergo.store.jooq.Tables.PLAYER_RATING;
import static org.emergo.store.jooq.Tables.RATING;
import static org.emergo.store.jooq.Tables.RATING_QUALITY;
import static org.emergo.store.jooq.Tables.RATING_RUN;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.emergo.rules.Variant;
import org.emergo.store.jooq.tables.PlayerRating;
import org.emergo.store.jooq.tables.RatingQuality;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;

/** Reads the ratings {@link RatingJob} stored: the ranking, a player's history, a game's ratings. */
public final class RatingRepository {

    /** The last computation: when, how many games it rated, and the system the viewer shows. */
    public record Run(LocalDateTime computedAt, int ratedGames, String shownSystem) {}

    /** A player's place in a variant's ranking. */
    public record Leader(int rank, String player, double rating, Double deviation, int games, int wins, int draws, int losses,
            long lastGameId, String lastDate) {}

    /** A player's rating now in one variant, with his rank among its players. */
    public record Current(Variant variant, int rank, int players, double rating, Double deviation, Double volatility, int games,
            int wins, int draws, int losses, long lastGameId) {}

    /** A player's rating after one game. */
    public record Point(int seq, long gameId, String date, double rating, Double deviation) {}

    /** A player's rating when a game began (and after it), and the score he was expected to make. */
    public record AtGame(String side, String player, double rating, Double deviation, double expected, double ratingAfter,
            Double deviationAfter) {}

    private final DSLContext dsl;

    public RatingRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The last computation, empty before the first. */
    public Optional<Run> run() {
        return dsl.select(RATING_RUN.COMPUTED_AT, RATING_RUN.RATED_GAMES, RATING_RUN.SHOWN_SYSTEM)
                .from(RATING_RUN)
                .where(RATING_RUN.ID.eq(1))
                .fetchOptional(r -> new Run(r.value1(), r.value2(), r.value3()));
    }

    /** How each system forecast each variant, the best first within a variant. */
    public List<RatingJob.Quality> quality() {
        RatingQuality q = RATING_QUALITY;
        return dsl.select(q.SYSTEM, q.VARIANT, q.GAMES, q.LOG_LOSS, q.FAVOURITE_GAMES, q.FAVOURITE_WON)
                .from(q)
                .orderBy(q.VARIANT, q.LOG_LOSS, q.SYSTEM)
                .fetch(r -> new RatingJob.Quality(r.value1(), Variant.parse(r.value2()), r.value3(), r.value4(), r.value5(),
                        r.value6() == null ? Double.NaN : r.value6()));
    }

    /** The variants with rated players in a system, Emergo first. */
    public List<Variant> variants(String system) {
        return dsl.selectDistinct(PLAYER_RATING.VARIANT)
                .from(PLAYER_RATING)
                .where(PLAYER_RATING.SYSTEM.eq(system))
                .fetch(r -> Variant.parse(r.value1())).stream().sorted().toList();
    }

    /** Rated players of a variant. */
    public int players(String system, Variant variant) {
        return dsl.fetchCount(PLAYER_RATING, PLAYER_RATING.SYSTEM.eq(system).and(PLAYER_RATING.VARIANT.eq(variant.tagName())));
    }

    /** The ranking of a variant from rank {@code offset + 1}, at most {@code limit} players. */
    public List<Leader> leaders(String system, Variant variant, int offset, int limit) {
        PlayerRating r = PLAYER_RATING;
        return dsl.select(r.RANK, PLAYER.NAME, r.RATING, r.DEVIATION, r.GAMES, r.WINS, r.DRAWS, r.LOSSES, r.LAST_GAME_ID, GAME.DATE)
                .from(r)
                .join(PLAYER).on(PLAYER.ID.eq(r.PLAYER_ID))
                .leftJoin(GAME).on(GAME.ID.eq(r.LAST_GAME_ID))
                .where(r.SYSTEM.eq(system))
                .and(r.VARIANT.eq(variant.tagName()))
                .and(r.RANK.gt(offset))
                .and(r.RANK.le(offset + limit))
                .orderBy(r.RANK)
                .fetch(x -> new Leader(x.value1(), x.value2(), x.value3(), x.value4(), x.value5(), x.value6(), x.value7(),
                        x.value8(), x.value9(), x.value10()));
    }

    /** A player's current rating in each variant he is rated in (the name after aliases). */
    public List<Current> player(String name, String system) {
        PlayerRating r = PLAYER_RATING;
        PlayerRating o = PLAYER_RATING.as("o");
        Field<Integer> players = DSL.field(DSL.selectCount().from(o).where(o.SYSTEM.eq(r.SYSTEM)).and(o.VARIANT.eq(r.VARIANT)));
        return dsl.select(r.VARIANT, r.RANK, players, r.RATING, r.DEVIATION, r.VOLATILITY, r.GAMES, r.WINS, r.DRAWS, r.LOSSES,
                        r.LAST_GAME_ID)
                .from(PLAYER)
                .join(r).on(r.PLAYER_ID.eq(PLAYER.ID))
                .where(PLAYER.NAME.eq(name))
                .and(r.SYSTEM.eq(system))
                .orderBy(r.VARIANT)
                .fetch(x -> new Current(Variant.parse(x.value1()), x.value2(), x.value3(), x.value4(), x.value5(), x.value6(),
                        x.value7(), x.value8(), x.value9(), x.value10(), x.value11()));
    }

    /** A player's rating after each of his rated games of a variant, in rating order. */
    public List<Point> history(String name, String system, Variant variant) {
        return dsl.select(RATING.SEQ, RATING.GAME_ID, GAME.DATE, RATING.RATING_, RATING.DEVIATION)
                .from(PLAYER)
                .join(RATING).on(RATING.PLAYER_ID.eq(PLAYER.ID))
                .leftJoin(GAME).on(GAME.ID.eq(RATING.GAME_ID))
                .where(PLAYER.NAME.eq(name))
                .and(RATING.SYSTEM.eq(system))
                .and(RATING.VARIANT.eq(variant.tagName()))
                .orderBy(RATING.SEQ)
                .fetch(x -> new Point(x.value1(), x.value2(), x.value3(), x.value4(), x.value5()));
    }

    /** Both players' ratings when a game began, White first; empty for a game that was not rated. */
    public List<AtGame> atGame(long gameId, String system) {
        return dsl.select(RATING.SIDE, PLAYER.NAME, RATING.RATING_BEFORE, RATING.DEVIATION_BEFORE, RATING.EXPECTED, RATING.RATING_,
                        RATING.DEVIATION)
                .from(RATING)
                .join(PLAYER).on(PLAYER.ID.eq(RATING.PLAYER_ID))
                .where(RATING.SYSTEM.eq(system))
                .and(RATING.GAME_ID.eq(gameId))
                .orderBy(RATING.SIDE.desc())
                .fetch(x -> new AtGame(x.value1(), x.value2(), x.value3(), x.value4(), x.value5(), x.value6(), x.value7()));
    }
}
