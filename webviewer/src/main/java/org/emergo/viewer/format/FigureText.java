package org.emergo.viewer.format;

import java.util.Locale;

/** Figures as the pages write them: ratings, shares, log-losses, accuracies. */
public final class FigureText {

    private FigureText() {}

    /** The system's name for people: Glicko-2, Elo. */
    public static String system(String name) {
        return switch (name) {
            case "glicko2" -> "Glicko-2";
            case "elo" -> "Elo";
            default -> name;
        };
    }

    /** A rating to the point: 1523. */
    public static String rating(double rating) {
        return Long.toString(Math.round(rating));
    }

    /** A deviation as a margin, "±80", or nothing for a system without one. */
    public static String deviation(Double deviation) {
        return deviation == null ? "" : "±" + Math.round(deviation);
    }

    /** A share as a percentage to a tenth: 84.1%. */
    public static String percent(double share) {
        return Double.isNaN(share) ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    /** A log-loss to four places. */
    public static String logLoss(double logLoss) {
        return String.format(Locale.ROOT, "%.4f", logLoss);
    }

    /** An accuracy as lichess shows it: "87.3", or "–" for a side that made no move. */
    public static String accuracy(Double a) {
        return a == null ? "–" : String.format(Locale.ROOT, "%.1f", a);
    }
}
