package org.emergo.store.rating;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.emergo.rules.Variant;
import org.jooq.DSLContext;
import org.jooq.Record;

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
        return dsl.fetchOptional("SELECT computed_at, rated_games, shown_system FROM rating_run WHERE id = 1")
                .map(r -> new Run(r.get(0, LocalDateTime.class), r.get(1, int.class), r.get(2, String.class)));
    }

    /** How each system forecast each variant, the best first within a variant. */
    public List<RatingJob.Quality> quality() {
        return dsl.fetch("SELECT system, variant, games, log_loss, favourite_games, favourite_won FROM rating_quality"
                        + " ORDER BY variant, log_loss, system")
                .map(r -> new RatingJob.Quality(r.get(0, String.class), Variant.parse(r.get(1, String.class)), r.get(2, int.class),
                        r.get(3, double.class), r.get(4, int.class), r.get(5, Double.class) == null ? Double.NaN : r.get(5, double.class)));
    }

    /** The variants with rated players in a system, Emergo first. */
    public List<Variant> variants(String system) {
        return dsl.fetch("SELECT DISTINCT variant FROM player_rating WHERE system = ?", system)
                .map(r -> Variant.parse(r.get(0, String.class))).stream().sorted().toList();
    }

    /** Rated players of a variant. */
    public int players(String system, Variant variant) {
        return dsl.fetchOne("SELECT COUNT(*) FROM player_rating WHERE system = ? AND variant = ?", system, variant.tagName())
                .get(0, int.class);
    }

    /** The ranking of a variant from rank {@code offset + 1}, at most {@code limit} players. */
    public List<Leader> leaders(String system, Variant variant, int offset, int limit) {
        return dsl.fetch("""
                SELECT r.rank, p.name, r.rating, r.deviation, r.games, r.wins, r.draws, r.losses, r.last_game_id, g.date
                FROM player_rating r
                JOIN player p ON p.id = r.player_id
                LEFT JOIN game g ON g.id = r.last_game_id
                WHERE r.system = ? AND r.variant = ? AND r.rank > ? AND r.rank <= ?
                ORDER BY r.rank""", system, variant.tagName(), offset, offset + limit)
                .map(r -> new Leader(r.get(0, int.class), r.get(1, String.class), r.get(2, double.class), r.get(3, Double.class),
                        r.get(4, int.class), r.get(5, int.class), r.get(6, int.class), r.get(7, int.class), r.get(8, long.class),
                        r.get(9, String.class)));
    }

    /** A player's current rating in each variant he is rated in (the name after aliases). */
    public List<Current> player(String name, String system) {
        return dsl.fetch("""
                SELECT r.variant, r.rank, (SELECT COUNT(*) FROM player_rating o WHERE o.system = r.system AND o.variant = r.variant),
                       r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses, r.last_game_id
                FROM player p
                JOIN player_rating r ON r.player_id = p.id
                WHERE p.name = ? AND r.system = ?
                ORDER BY r.variant""", name, system)
                .map(r -> new Current(Variant.parse(r.get(0, String.class)), r.get(1, int.class), r.get(2, int.class),
                        r.get(3, double.class), r.get(4, Double.class), r.get(5, Double.class), r.get(6, int.class),
                        r.get(7, int.class), r.get(8, int.class), r.get(9, int.class), r.get(10, long.class)));
    }

    /** A player's rating after each of his rated games of a variant, in rating order. */
    public List<Point> history(String name, String system, Variant variant) {
        return dsl.fetch("""
                SELECT r.seq, r.game_id, g.date, r.rating, r.deviation
                FROM player p
                JOIN rating r ON r.player_id = p.id
                LEFT JOIN game g ON g.id = r.game_id
                WHERE p.name = ? AND r.system = ? AND r.variant = ?
                ORDER BY r.seq""", name, system, variant.tagName())
                .map(r -> new Point(r.get(0, int.class), r.get(1, long.class), r.get(2, String.class), r.get(3, double.class),
                        r.get(4, Double.class)));
    }

    /** Both players' ratings when a game began, White first; empty for a game that was not rated. */
    public List<AtGame> atGame(long gameId, String system) {
        return dsl.fetch("""
                SELECT r.side, p.name, r.rating_before, r.deviation_before, r.expected, r.rating, r.deviation
                FROM rating r
                JOIN player p ON p.id = r.player_id
                WHERE r.system = ? AND r.game_id = ?
                ORDER BY r.side DESC""", system, gameId)
                .map(RatingRepository::atGame);
    }

    private static AtGame atGame(Record r) {
        return new AtGame(r.get(0, String.class), r.get(1, String.class), r.get(2, double.class), r.get(3, Double.class),
                r.get(4, double.class), r.get(5, double.class), r.get(6, Double.class));
    }
}
