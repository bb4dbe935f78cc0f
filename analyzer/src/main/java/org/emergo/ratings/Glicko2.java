package org.emergo.ratings;

import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * Glickman's Glicko-2 system, as in Mark E. Glickman, <i>Example of the Glicko-2 system</i>
 * (Boston University, 2012): each step below carries its number there.
 *
 * <p>Rating periods: {@link #rate} rates one period with any number of games (the paper's
 * example). As a {@link RatingSystem} every game is a rating period of its own for its two
 * players, each rated against the other's rating before the game, as online servers do: a
 * collection's dates are often missing or only days, and a player's deviation should not
 * depend on how games were bunched. A player's deviation therefore grows only through his
 * volatility at each game he plays (step 6), not with the time between games.
 */
public final class Glicko2 implements RatingSystem {

    /** Step 2: ratings on the Glicko-2 scale are (r - 1500) / 173.7178. */
    public static final double SCALE = 173.7178;
    /** Step 1: a new player's rating, deviation and volatility. */
    public static final double START = 1500;
    public static final double START_DEVIATION = 350;
    public static final double START_VOLATILITY = 0.06;
    /** Step 1: the system constant, how fast volatility may change (the paper suggests 0.3 to 1.2). */
    public static final double TAU = 0.5;
    /** Step 5: the convergence tolerance of the volatility. */
    static final double EPSILON = 0.000001;

    /** One game of a rating period: the opponent's rating before the period and the score (1, 1/2, 0). */
    public record Game(Rating opponent, double score) {}

    private final double tau;

    public Glicko2() {
        this(TAU);
    }

    public Glicko2(double tau) {
        if (!(tau > 0)) throw new IllegalArgumentException("tau must be positive: " + tau);
        this.tau = tau;
    }

    @Override
    public String name() {
        return "glicko2";
    }

    @Override
    public Rating newPlayer() {
        return new Rating(START, START_DEVIATION, START_VOLATILITY, 0);
    }

    /**
     * White's expected score: the Glicko forecast with both deviations (Glickman, <i>Parameter
     * estimation in large dynamic paired comparison experiments</i>, Applied Statistics 48, 1999),
     * E = 1 / (1 + exp(-g(sqrt(phiW^2 + phiB^2)) (muW - muB))).
     */
    @Override
    public double expected(Rating white, Rating black) {
        double phiW = white.deviation() / SCALE;
        double phiB = black.deviation() / SCALE;
        return e(mu(white), mu(black), Math.sqrt(phiW * phiW + phiB * phiB));
    }

    @Override
    public After update(Rating white, Rating black, double whiteScore) {
        return new After(rate(white, List.of(new Game(black, whiteScore))), rate(black, List.of(new Game(white, 1 - whiteScore))));
    }

    /** The player's rating after one rating period with these games (none: only the deviation grows, step 6). */
    public Rating rate(Rating player, List<Game> games) {
        double mu = mu(player);
        double phi = player.deviation() / SCALE;
        double sigma = player.volatility();
        if (games.isEmpty()) {
            return new Rating(player.rating(), SCALE * Math.sqrt(phi * phi + sigma * sigma), sigma, player.games());
        }
        // Step 3: the estimated variance of the rating from the game outcomes alone.
        double vInverse = 0;
        // Step 4: the sum of g(phi_j) (s_j - E) that makes the improvement delta = v * sum.
        double sum = 0;
        for (Game game : games) {
            double muJ = mu(game.opponent());
            double phiJ = game.opponent().deviation() / SCALE;
            double g = g(phiJ);
            double e = e(mu, muJ, phiJ);
            vInverse += g * g * e * (1 - e);
            sum += g * (game.score() - e);
        }
        double v = 1 / vInverse;
        double delta = v * sum;
        // Step 5: the new volatility.
        double sigmaNew = volatility(phi, sigma, v, delta);
        // Step 6: the pre-period deviation.
        double phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
        // Step 7: the new deviation and rating.
        double phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
        double muNew = mu + phiNew * phiNew * sum;
        // Step 8: back to the Glicko scale.
        return new Rating(SCALE * muNew + START, SCALE * phiNew, sigmaNew, player.games() + games.size());
    }

    /** Step 5.1-5.5: sigma' by the Illinois algorithm on f(x) = 0, x = ln(sigma'^2). */
    double volatility(double phi, double sigma, double v, double delta) {
        double a = Math.log(sigma * sigma);
        double phi2 = phi * phi;
        double delta2 = delta * delta;
        double tau2 = tau * tau;
        DoubleUnaryOperator f = x -> {
            double ex = Math.exp(x);
            double d = phi2 + v + ex;
            return ex * (delta2 - phi2 - v - ex) / (2 * d * d) - (x - a) / tau2;
        };
        double bigA = a;
        double bigB;
        if (delta2 > phi2 + v) {
            bigB = Math.log(delta2 - phi2 - v);
        } else {
            int k = 1;
            while (f.applyAsDouble(a - k * tau) < 0) k++;
            bigB = a - k * tau;
        }
        double fA = f.applyAsDouble(bigA);
        double fB = f.applyAsDouble(bigB);
        while (Math.abs(bigB - bigA) > EPSILON) {
            double c = bigA + (bigA - bigB) * fA / (fB - fA);
            double fC = f.applyAsDouble(c);
            if (fC * fB <= 0) {
                bigA = bigB;
                fA = fB;
            } else {
                fA = fA / 2;
            }
            bigB = c;
            fB = fC;
        }
        return Math.exp(bigA / 2);
    }

    private static double mu(Rating r) {
        return (r.rating() - START) / SCALE;
    }

    /** Step 3: g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2), how much an uncertain opponent's result counts. */
    static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }

    /** Step 3: E(mu, mu_j, phi_j), the expected score against an opponent. */
    static double e(double mu, double muJ, double phiJ) {
        return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
    }
}
