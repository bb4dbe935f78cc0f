package org.emergo.ratings;

/**
 * How well forecasts made before each game matched its result: the mean log-loss, and how
 * often the favourite won. A draw scores 1/2, so its log-loss is -(ln p + ln(1 - p)) / 2.
 */
public final class Prediction {

    /** The log-loss of forecasting every game as even (1/2): ln 2. */
    public static final double EVEN = Math.log(2);

    /** Forecasts are kept this far from 0 and 1, so one surprise cannot make the mean infinite. */
    static final double CLIP = 1e-12;

    private int games;
    private double loss;
    private int favouriteGames;
    private int favouriteWon;

    /** Adds a game that White was expected to score {@code expected} in and scored {@code score} (1, 1/2, 0). */
    public void add(double expected, double score) {
        double p = Math.min(1 - CLIP, Math.max(CLIP, expected));
        loss -= score * Math.log(p) + (1 - score) * Math.log(1 - p);
        games++;
        if (score != 0.5 && expected != 0.5) {
            favouriteGames++;
            if ((expected > 0.5) == (score == 1)) favouriteWon++;
        }
    }

    /** Games forecast. */
    public int games() {
        return games;
    }

    /** The mean log-loss per game (lower is better; {@link #EVEN} for no knowledge); NaN before any game. */
    public double logLoss() {
        return games == 0 ? Double.NaN : loss / games;
    }

    /** Decided games (not drawn) in which one player was the favourite. */
    public int favouriteGames() {
        return favouriteGames;
    }

    /** Of {@link #favouriteGames}, the share the favourite won; NaN when there were none. */
    public double favouriteWonShare() {
        return favouriteGames == 0 ? Double.NaN : (double) favouriteWon / favouriteGames;
    }
}
