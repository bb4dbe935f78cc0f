package org.emergo.ratings;

/**
 * Elo's system with Little Golem's settings (its rating help page): a new player starts at
 * 1500; the K factor is 60 for a player's first game and falls by one a game to 30; a rating
 * never falls below 1000. The expected score is Elo's logistic curve, 400 points for odds of 10 to 1.
 */
public final class Elo implements RatingSystem {

    public static final double START = 1500;
    public static final double FLOOR = 1000;
    public static final int K_FIRST = 60;
    public static final int K_LAST = 30;

    @Override
    public String name() {
        return "elo";
    }

    @Override
    public Rating newPlayer() {
        return new Rating(START, Double.NaN, Double.NaN, 0);
    }

    /** The K factor of a player's game after {@code gamesPlayed} rated games. */
    public static int k(int gamesPlayed) {
        return Math.max(K_LAST, K_FIRST - gamesPlayed);
    }

    /** The expected score of a player rated {@code a} against one rated {@code b}. */
    public static double expected(double a, double b) {
        return 1 / (1 + Math.pow(10, (b - a) / 400));
    }

    @Override
    public double expected(Rating white, Rating black) {
        return expected(white.rating(), black.rating());
    }

    @Override
    public After update(Rating white, Rating black, double whiteScore) {
        double e = expected(white, black);
        return new After(moved(white, whiteScore - e), moved(black, e - whiteScore));
    }

    private static Rating moved(Rating r, double surprise) {
        double next = Math.max(FLOOR, r.rating() + k(r.games()) * surprise);
        return new Rating(next, Double.NaN, Double.NaN, r.games() + 1);
    }
}
