package org.emergo.store.review;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.emergo.rules.Variant;
import org.emergo.search.Calibration;
import org.emergo.search.Judgement;
import org.emergo.search.Score;
import org.emergo.search.WinCurve;

/**
 * Each board's winning chances held against the results this database's reviewed games made
 * (docs/engine.md#calibration): the positions of games with an even id fit a curve of these
 * players (what {@code review_curve} keeps once 1,000 decisive games are reviewed), and the
 * positions of games with an odd id, which neither curve saw, score it and the engine's curve
 * that classes moves. Won and lost scores are left out, as the fit leaves them out.
 */
public final class CurveCalibration {

    /** Fewer games than this in either half give no figures: a fit to a handful says nothing. */
    static final int MIN_GAMES = 20;

    /**
     * One board's figures.
     *
     * @param fitGames     games whose positions fitted the players' curve (even ids)
     * @param heldOutGames games whose positions scored both curves (odd ids)
     * @param playersCurve the curve fitted to the even half, with its side-to-move term
     * @param players      its predictions (the side to move's chance) on the odd half
     * @param engine       the engine's curve ({@link Judgement#curve}) on the odd half, no side-to-move term
     */
    public record Board(Variant variant, int fitGames, int heldOutGames, WinCurve playersCurve, Calibration players,
            Calibration engine) {}

    private final OwnCurves curves;

    public CurveCalibration(OwnCurves curves) {
        this.curves = curves;
    }

    /** The boards with games enough reviewed at the setting, Emergo first. */
    public List<Board> boards(int settingId) throws SQLException {
        List<Board> boards = new ArrayList<>();
        for (Variant v : Variant.values()) of(v, curves.samples(settingId, v)).ifPresent(boards::add);
        return boards;
    }

    /** The figures of one board from its samples; empty with too few games or results that fit no curve. */
    static Optional<Board> of(Variant variant, OwnCurves.Samples s) {
        int n = s.scores().length;
        int[] fitScores = new int[n];
        double[] fitResults = new double[n];
        int[] heldScores = new int[n];
        double[] heldResults = new double[n];
        int fit = 0;
        int held = 0;
        long fitGames = Arrays.stream(s.gameIds()).filter(id -> id % 2 == 0).distinct().count();
        long heldGames = Arrays.stream(s.gameIds()).filter(id -> id % 2 != 0).distinct().count();
        if (fitGames < MIN_GAMES || heldGames < MIN_GAMES) return Optional.empty();
        for (int i = 0; i < n; i++) {
            int score = s.scores()[i];
            if (Score.isWin(score) || Score.isLoss(score)) continue;
            if (s.gameIds()[i] % 2 == 0) {
                fitScores[fit] = score;
                fitResults[fit++] = s.results()[i];
            } else {
                heldScores[held] = score;
                heldResults[held++] = s.results()[i];
            }
        }
        WinCurve players;
        try {
            players = WinCurve.fit(Arrays.copyOf(fitScores, fit), Arrays.copyOf(fitResults, fit));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // scores that do not vary, or results that do not rise with them
        }
        WinCurve engine = Judgement.curve(variant);
        double[] byPlayers = new double[held];
        double[] byEngine = new double[held];
        for (int i = 0; i < held; i++) {
            byPlayers[i] = players.winChance(heldScores[i]);
            byEngine[i] = engine.chance(heldScores[i]);
        }
        double[] results = Arrays.copyOf(heldResults, held);
        return Optional.of(new Board(variant, (int) fitGames, (int) heldGames, players,
                Calibration.of(byPlayers, results), Calibration.of(byEngine, results)));
    }
}
