package org.emergo.viewer.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.rules.Variant;
import org.emergo.search.Calibration;
import org.emergo.search.WinCurve;
import org.emergo.store.review.CurveCalibration;
import org.emergo.viewer.http.Templates;
import org.junit.jupiter.api.Test;

class CalibrationStatsTest {

    @Test
    void theStatisticsPageShowsEachBoardsBandsAndFiguresForBothCurves() {
        Calibration players = Calibration.of(new double[] {0.15, 0.18, 0.95}, new double[] {1, 0, 1});
        Calibration engine = Calibration.of(new double[] {0.5, 0.5, 0.5}, new double[] {1, 0, 1});
        CurveCalibration.Board board = new CurveCalibration.Board(Variant.HEXEMERGO, 30, 31, new WinCurve(0.002, -0.1),
                players, engine);
        StatsPage page = new StatsPage(61, 61, List.of(), null, new CalibrationStats("depth=4", List.of(board)));
        String html = new Templates().render("stats/stats.jte", page);
        assertTrue(html.contains("<h2 id=\"title-calibration\">Calibration of the winning chances</h2>"), html);
        assertTrue(html.contains("id=\"calibration-HexEmergo\""), html);
        assertTrue(html.contains("HexEmergo: 3 positions of 31 games; curve fitted to 30 others (k=0.00200000 offset=-0.100000)"), html);
        // 10-20%: two positions of the players' curve, one won (50.0); none of the engine's
        assertTrue(html.contains("<th scope=\"row\">10–20%</th><td class=\"num\">2</td><td class=\"num\">50.0</td>"
                + "<td class=\"num\">0</td><td class=\"num\">–</td>"), html);
        assertTrue(html.contains("<th scope=\"row\">Brier score</th><td class=\"num\" colspan=\"2\">"
                + CalibrationStats.figure(players.brier()) + "</td><td class=\"num\" colspan=\"2\">0.250</td>"), html);
    }
}
