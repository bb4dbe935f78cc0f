package org.emergo.viewer.player;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.emergo.rules.Variant;
import org.emergo.store.rating.RatingRepository;
import org.emergo.viewer.chart.LineChart;
import org.emergo.viewer.format.FigureText;

/** What a player page shows of his ratings: the rating now in each variant, its history as a chart, his last games. */
public record PlayerRatings(String system, List<RatingRepository.Current> current, List<History> histories) {

    /** Rated games listed under the chart. */
    static final int LAST_GAMES = 10;

    /** A variant's history: the chart over every rated game, and the last few games as a table. */
    public record History(Variant variant, LineChart chart, List<RatingRepository.Point> last) {}

    /** The ratings of a player in the system the viewer shows, or null when he has none. */
    static PlayerRatings of(RatingRepository ratings, String name) {
        String system = ratings.run().map(RatingRepository.Run::shownSystem).orElse(null);
        if (system == null) return null;
        List<RatingRepository.Current> current = ratings.player(name, system);
        if (current.isEmpty()) return null;
        List<History> histories = new ArrayList<>();
        for (RatingRepository.Current c : current) {
            List<RatingRepository.Point> points = ratings.history(name, system, c.variant());
            List<LineChart.Point> line = new ArrayList<>(points.size());
            for (int i = 0; i < points.size(); i++) {
                RatingRepository.Point p = points.get(i);
                line.add(new LineChart.Point(i + 1, p.rating(), p.deviation() == null ? Double.NaN : p.deviation()));
            }
            String title = FigureText.system(system) + " rating of " + name + " in " + c.variant().tagName()
                    + " after each rated game";
            LineChart chart = new LineChart("rating-" + c.variant().tagName().toLowerCase(Locale.ROOT), title,
                    "rated games" + (system.equals("glicko2") ? " (the band: rating ± deviation)" : ""), line);
            List<RatingRepository.Point> last = new ArrayList<>(points.subList(Math.max(0, points.size() - LAST_GAMES), points.size()));
            Collections.reverse(last);
            histories.add(new History(c.variant(), chart, last));
        }
        return new PlayerRatings(system, current, histories);
    }

    public String playersUrl(Variant v) {
        return "/players" + (v == Variant.EMERGO ? "" : "?variant=" + v.tagName());
    }
}
