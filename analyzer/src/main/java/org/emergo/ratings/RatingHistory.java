package org.emergo.ratings;

import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * One rating system played through the games of one collection and variant, a game at a
 * time in the order they were played: each game is forecast from the ratings before it (and
 * scored in {@link #prediction()}), then both players' ratings are updated.
 */
public final class RatingHistory {

    /**
     * A rated game: its id, its date as a {@link GameDate#key}, the players (names as rated) and
     * White's score.
     */
    public record Game(long id, int date, String white, String black, double whiteScore) {
        /** The order games are rated in: dated games by date, then undated ones; the same date by id (import order). */
        public static final Comparator<Game> ORDER = Comparator.comparingInt(Game::date).thenComparingLong(Game::id);
    }

    /** What one game did: White's forecast, and both players' ratings before and after it. */
    public record Step(Game game, double expected, Rating whiteBefore, Rating blackBefore, Rating whiteAfter,
            Rating blackAfter) {}

    /** A player's rating after his last game, and that game. */
    public record Standing(Rating rating, Game lastGame) {}

    private final RatingSystem system;
    private final Map<String, Standing> players = new HashMap<>();
    private final Prediction prediction = new Prediction();

    public RatingHistory(RatingSystem system) {
        this.system = system;
    }

    public RatingSystem system() {
        return system;
    }

    /** Forecasts and rates the next game; games must come in {@link Game#ORDER}, each player named once per game. */
    public Step play(Game game) {
        if (game.white().equals(game.black())) throw new IllegalArgumentException("a player cannot play himself: " + game);
        Rating white = rating(game.white());
        Rating black = rating(game.black());
        double expected = system.expected(white, black);
        prediction.add(expected, game.whiteScore());
        RatingSystem.After after = system.update(white, black, game.whiteScore());
        players.put(game.white(), new Standing(after.white(), game));
        players.put(game.black(), new Standing(after.black(), game));
        return new Step(game, expected, white, black, after.white(), after.black());
    }

    /** A player's current rating (a new player's before his first game). */
    public Rating rating(String player) {
        Standing s = players.get(player);
        return s == null ? system.newPlayer() : s.rating();
    }

    /** Every rated player's standing after the games played so far. */
    public Map<String, Standing> standings() {
        return Collections.unmodifiableMap(players);
    }

    /** How well the forecasts so far matched the results. */
    public Prediction prediction() {
        return prediction;
    }
}
