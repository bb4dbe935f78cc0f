package org.emergo.ratings;

/**
 * A player's rating in one system after some games.
 *
 * @param rating     on the Elo scale (1500 a new player)
 * @param deviation  how uncertain the rating is, on the same scale; NaN in a system without one (Elo)
 * @param volatility Glicko-2's sigma, how erratic the player's results are; NaN elsewhere
 * @param games      rated games played
 */
public record Rating(double rating, double deviation, double volatility, int games) {

    public boolean hasDeviation() {
        return !Double.isNaN(deviation);
    }
}
