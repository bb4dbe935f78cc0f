package org.emergo.ratings;

/** A way to rate players one game at a time: a new player's rating, a forecast, an update. */
public interface RatingSystem {

    /** White's and Black's ratings after a game. */
    record After(Rating white, Rating black) {}

    /** The name stored with each rating: {@code elo}, {@code glicko2}. */
    String name();

    /** The rating of a player before his first game. */
    Rating newPlayer();

    /** White's expected score (the probability of a White win, a draw counting half) against Black. */
    double expected(Rating white, Rating black);

    /** Both ratings after a game in which White scored {@code whiteScore} (1, 1/2 or 0). */
    After update(Rating white, Rating black, double whiteScore);
}
