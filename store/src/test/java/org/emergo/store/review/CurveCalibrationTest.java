package org.emergo.store.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.emergo.rules.Variant;
import org.emergo.search.Judgement;
import org.emergo.search.Score;
import org.emergo.search.WinCurve;
import org.junit.jupiter.api.Test;

class CurveCalibrationTest {

    /** Positions of {@code games} games, 40 each, whose results follow {@code truth}; game ids 1, 2, 3, .... */
    private static OwnCurves.Samples samples(WinCurve truth, int games, long seed) {
        Random random = new Random(seed);
        int n = games * 40;
        int[] scores = new int[n];
        double[] results = new double[n];
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i / 40 + 1;
            scores[i] = i % 97 == 0 ? Score.WIN - 3 : random.nextInt(801) - 400;
            results[i] = random.nextDouble() < truth.winChance(scores[i]) ? 1 : 0;
        }
        return new OwnCurves.Samples(scores, results, ids);
    }

    @Test
    void theEvenGamesFitTheCurveAndTheOddOnesScoreItAgainstTheEngineByHand() {
        WinCurve truth = new WinCurve(0.008, 0.2);
        OwnCurves.Samples s = samples(truth, 400, 7);
        CurveCalibration.Board b = CurveCalibration.of(Variant.EMERGO, s).orElseThrow();
        assertEquals(200, b.fitGames());
        assertEquals(200, b.heldOutGames());
        assertEquals(truth.k(), b.playersCurve().k(), 0.0015);
        assertEquals(truth.offset(), b.playersCurve().offset(), 0.15);

        // the same figures computed here, position by position, over the odd games' non-won scores
        double players = 0;
        double engine = 0;
        int n = 0;
        for (int i = 0; i < s.scores().length; i++) {
            if (s.gameIds()[i] % 2 == 0 || Score.isWin(s.scores()[i])) continue;
            double y = s.results()[i];
            players += Math.pow(b.playersCurve().winChance(s.scores()[i]) - y, 2);
            engine += Math.pow(Judgement.curve(Variant.EMERGO).chance(s.scores()[i]) - y, 2);
            n++;
        }
        assertEquals(n, b.players().positions());
        assertEquals(players / n, b.players().brier(), 1e-12);
        assertEquals(engine / n, b.engine().brier(), 1e-12);
        // the results follow a steeper curve with a side-to-move term: the curve fitted to them predicts them better
        assertTrue(b.players().logLoss() < b.engine().logLoss(), b.players() + " " + b.engine());
        int banded = b.players().bands().stream().mapToInt(band -> band.positions()).sum();
        assertEquals(n, banded);
    }

    @Test
    void tooFewGamesInEitherHalfGiveNoFigures() {
        assertTrue(CurveCalibration.of(Variant.EMERGO, samples(new WinCurve(0.008, 0), 2 * CurveCalibration.MIN_GAMES - 2, 1))
                .isEmpty());
        assertTrue(CurveCalibration.of(Variant.EMERGO, samples(new WinCurve(0.008, 0), 2 * CurveCalibration.MIN_GAMES, 1))
                .isPresent());
    }
}
