package org.emergo.search;

import java.util.Locale;
import org.emergo.rules.Variant;

/**
 * From a score to the chance of winning (docs/engine.md#winning-chances): the logistic curve
 * {@code 1 / (1 + exp(-(k * score + offset)))}, score in hundredths of a man for the side to
 * move, a draw counting half. {@code offset} is what having the move is worth. Won and lost
 * scores ({@link Score}) are chances 1 and 0. Fitted by maximum likelihood to games.
 *
 * @param k      slope per hundredth of a man
 * @param offset the chance's log-odds at score 0
 */
public record WinCurve(double k, double offset) {

    /**
     * Fitted to the positions of 300 Emergo games of {@code emergo generate --seed 1986}, each
     * searched to depth 4 (docs/engine.md#winning-chances).
     */
    public static final WinCurve EMERGO = new WinCurve(0.00179328, -0.189409);

    /** Fitted as {@link #EMERGO}, to 300 HexEmergo games. */
    public static final WinCurve HEXEMERGO = new WinCurve(0.00120410, -0.277225);

    /** Fitted to the positions of both boards' games together. */
    public static final WinCurve DEFAULT = new WinCurve(0.00143538, -0.240096);

    /** The curve fitted to the variant's own games. */
    public static WinCurve of(Variant variant) {
        return variant == Variant.EMERGO ? EMERGO : HEXEMERGO;
    }

    public WinCurve {
        if (!(k > 0) || !Double.isFinite(k) || !Double.isFinite(offset)) {
            throw new IllegalArgumentException("a win curve rises: k=" + k + " offset=" + offset);
        }
    }

    /**
     * The chance, 0..1, of the side a score is for, whoever is to move: the mean of its chance
     * with the move and without it, so that the same score gives the same chance on either
     * side of a move (no credit for having the move) and {@code chance(-s) = 1 - chance(s)}.
     * For a curve with offset 0 it is {@link #winChance}.
     */
    public double chance(int score) {
        if (Score.isWin(score)) return 1;
        if (Score.isLoss(score)) return 0;
        return (winChance(score) + 1 - winChance(-score)) / 2;
    }

    /** The side to move's chance, 0..1, for its score. */
    public double winChance(int score) {
        if (Score.isWin(score)) return 1;
        if (Score.isLoss(score)) return 0;
        return 1 / (1 + Math.exp(-(k * score + offset)));
    }

    /**
     * The curve that makes the results most likely (logistic regression by Newton's method).
     *
     * @param scores  scores for the side to move, hundredths of a man; won and lost scores are left out
     * @param results that side's result: 1 won, 0.5 drawn, 0 lost
     */
    public static WinCurve fit(int[] scores, double[] results) {
        if (scores.length != results.length) throw new IllegalArgumentException("one result per score");
        int n = 0;
        double[] x = new double[scores.length];
        double[] y = new double[scores.length];
        for (int i = 0; i < scores.length; i++) {
            if (Score.isWin(scores[i]) || Score.isLoss(scores[i])) continue;
            // Scores in men, for a well-conditioned problem.
            x[n] = scores[i] / 100.0;
            y[n] = results[i];
            n++;
        }
        if (n == 0) throw new IllegalArgumentException("no scores to fit");
        // Newton's method from the flat curve, halving a step that would lower the likelihood.
        double a = 0;
        double b = 0;
        double likelihood = logLikelihood(x, y, n, a, b);
        for (int iter = 0; iter < 100; iter++) {
            double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
            for (int i = 0; i < n; i++) {
                double p = 1 / (1 + Math.exp(-(a * x[i] + b)));
                double r = y[i] - p;
                ga += r * x[i];
                gb += r;
                double w = p * (1 - p);
                haa += w * x[i] * x[i];
                hab += w * x[i];
                hbb += w;
            }
            double det = haa * hbb - hab * hab;
            if (!(det > 1e-12 * Math.max(1, haa * hbb))) throw new IllegalArgumentException("the scores do not vary enough to fit a curve");
            double da = (hbb * ga - hab * gb) / det;
            double db = (haa * gb - hab * ga) / det;
            double step = 1;
            double next = logLikelihood(x, y, n, a + da, b + db);
            while (next < likelihood && step > 1e-6) {
                step /= 2;
                next = logLikelihood(x, y, n, a + step * da, b + step * db);
            }
            a += step * da;
            b += step * db;
            likelihood = next;
            if (Math.abs(step * da) < 1e-12 && Math.abs(step * db) < 1e-12) break;
        }
        if (!(a > 0)) throw new IllegalArgumentException("the results do not rise with the score: k=" + a / 100);
        return new WinCurve(a / 100, b);
    }

    private static double logLikelihood(double[] x, double[] y, int n, double a, double b) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double z = a * x[i] + b;
            // log p = -log(1 + e^-z), log(1 - p) = -log(1 + e^z), computed without overflow.
            double logP = -softplus(-z);
            double logQ = -softplus(z);
            sum += y[i] * logP + (1 - y[i]) * logQ;
        }
        return sum;
    }

    private static double softplus(double z) {
        return z > 30 ? z : Math.log1p(Math.exp(z));
    }

    /** The parameters as stored with a review: {@code k=0.0123 offset=0.0456}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "k=%.6g offset=%.6g", k, offset);
    }

    /** Reads {@link #toString()}'s form back. */
    public static WinCurve parse(String text) {
        String[] parts = text.trim().split("\\s+");
        if (parts.length != 2 || !parts[0].startsWith("k=") || !parts[1].startsWith("offset=")) {
            throw new IllegalArgumentException("a win curve is k=K offset=O: " + text);
        }
        try {
            return new WinCurve(Double.parseDouble(parts[0].substring(2)), Double.parseDouble(parts[1].substring(7)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a win curve is k=K offset=O: " + text);
        }
    }
}
