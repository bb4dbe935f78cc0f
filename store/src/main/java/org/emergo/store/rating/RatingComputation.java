package org.emergo.store.rating;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.ratings.Prediction;
import org.emergo.ratings.Rating;
import org.emergo.ratings.RatingHistory;
import org.emergo.ratings.RatingSystem;
import org.emergo.rules.Variant;
import org.emergo.store.rating.RatingJob.Quality;

/**
 * The rating maths of one run, in memory and apart from the tables: every system forecasts
 * every game of a variant from the ratings before it, and the one that forecast best is shown.
 */
final class RatingComputation {

    private RatingComputation() {}

    /** What the systems made of the games: forecast quality, every standing, and the system to show. */
    record Result(List<Quality> quality, List<Standing> standings, int rated, String shown) {}

    /** Every system over each variant's games in the order played; {@code ids} numbers the players. */
    static Result compute(Map<Variant, List<RatingHistory.Game>> games, Map<String, Integer> ids) {
        List<Quality> quality = new ArrayList<>();
        List<Standing> standings = new ArrayList<>();
        int rated = 0;
        for (Map.Entry<Variant, List<RatingHistory.Game>> e : games.entrySet()) {
            rated += e.getValue().size();
            for (RatingSystem system : RatingJob.SYSTEMS) {
                RatingHistory history = new RatingHistory(system);
                Map<String, int[]> results = new HashMap<>();
                for (RatingHistory.Game g : e.getValue()) {
                    history.play(g);
                    tally(results, g.white(), g.whiteScore());
                    tally(results, g.black(), 1 - g.whiteScore());
                }
                standings.addAll(ranked(system, e.getKey().tagName(), history, ids, results));
                Prediction p = history.prediction();
                quality.add(new Quality(system.name(), e.getKey(), p.games(), p.logLoss(), p.favouriteGames(),
                        p.favouriteWonShare()));
            }
        }
        return new Result(quality, standings, rated, best(quality, rated));
    }

    private static void tally(Map<String, int[]> results, String player, double score) {
        int[] wdl = results.computeIfAbsent(player, p -> new int[3]);
        wdl[score == 1 ? 0 : score == 0.5 ? 1 : 2]++;
    }

    /** A player's rating after his last game, ranked in its variant and system. */
    record Standing(String system, String variant, int playerId, int rank, Rating rating, int[] wdl, long lastGameId) {}

    private static List<Standing> ranked(RatingSystem system, String variant, RatingHistory history, Map<String, Integer> ids,
            Map<String, int[]> results) {
        List<Map.Entry<String, RatingHistory.Standing>> ranked = new ArrayList<>(history.standings().entrySet());
        // the highest rating first; equal ratings by name, so the order is the same every time
        ranked.sort((a, b) -> {
            int byRating = Double.compare(b.getValue().rating().rating(), a.getValue().rating().rating());
            return byRating != 0 ? byRating : a.getKey().compareTo(b.getKey());
        });
        List<Standing> out = new ArrayList<>(ranked.size());
        for (Map.Entry<String, RatingHistory.Standing> e : ranked) {
            out.add(new Standing(system.name(), variant, ids.get(e.getKey()), out.size() + 1, e.getValue().rating(),
                    results.get(e.getKey()), e.getValue().lastGame().id()));
        }
        return out;
    }

    /**
     * The system with the lowest log-loss over every rated game; with fewer than
     * {@link RatingJob#GAMES_TO_CHOOSE}, the first of {@link RatingJob#SYSTEMS}.
     */
    static String best(List<Quality> quality, int ratedGames) {
        String first = RatingJob.SYSTEMS.get(0).name();
        if (ratedGames < RatingJob.GAMES_TO_CHOOSE) return first;
        Map<String, Double> loss = new LinkedHashMap<>();
        for (RatingSystem s : RatingJob.SYSTEMS) loss.put(s.name(), 0.0);
        for (Quality q : quality) loss.merge(q.system(), q.logLoss() * q.games(), Double::sum);
        String best = first;
        for (Map.Entry<String, Double> e : loss.entrySet()) {
            if (e.getValue() < loss.get(best)) best = e.getKey();
        }
        return best;
    }

}
