package org.emergo.search;

import java.util.ArrayList;
import java.util.List;

/**
 * How well predicted winning chances match the results made: a reliability table (the
 * predictions in bands of a tenth, against the mean result of the positions in each), the
 * Brier score (mean squared error) and the log-loss (mean negative log-likelihood, natural
 * logarithm). A draw counts as half a win. For a curve that always says 50%: Brier 0.25 and
 * log-loss 0.693 (ln 2) on any results without draws; lower is better.
 *
 * @param positions the predictions scored
 * @param bands     ten bands, 0-10% to 90-100%, empty ones included
 */
public record Calibration(int positions, double brier, double logLoss, List<Band> bands) {

    /** A band of predictions: how many, their mean, and the mean result they were made for. */
    public record Band(double from, double to, int positions, double predicted, double actual) {}

    /** Chances are kept this far from 0 and 1 in the log-loss, so one sure miss is not infinite. */
    static final double EPSILON = 1e-6;

    public Calibration {
        bands = List.copyOf(bands);
    }

    /**
     * @param predicted the chances predicted, 0 to 1
     * @param results   the results of the side they were for: 1 won, 0.5 drawn, 0 lost
     */
    public static Calibration of(double[] predicted, double[] results) {
        if (predicted.length != results.length) throw new IllegalArgumentException("one result per prediction");
        int[] count = new int[10];
        double[] sumPredicted = new double[10];
        double[] sumActual = new double[10];
        double brier = 0;
        double logLoss = 0;
        for (int i = 0; i < predicted.length; i++) {
            double p = predicted[i];
            double y = results[i];
            brier += (p - y) * (p - y);
            double clipped = Math.min(1 - EPSILON, Math.max(EPSILON, p));
            logLoss -= y * Math.log(clipped) + (1 - y) * Math.log(1 - clipped);
            int band = Math.min(9, (int) (p * 10));
            count[band]++;
            sumPredicted[band] += p;
            sumActual[band] += y;
        }
        List<Band> bands = new ArrayList<>(10);
        for (int b = 0; b < 10; b++) {
            bands.add(new Band(b / 10.0, (b + 1) / 10.0, count[b],
                    count[b] == 0 ? Double.NaN : sumPredicted[b] / count[b], count[b] == 0 ? Double.NaN : sumActual[b] / count[b]));
        }
        int n = predicted.length;
        return new Calibration(n, n == 0 ? Double.NaN : brier / n, n == 0 ? Double.NaN : logLoss / n, bands);
    }
}
