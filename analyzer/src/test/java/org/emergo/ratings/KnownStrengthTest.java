package org.emergo.ratings;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Self-play players whose strength is known: each chooses its moves with its own temperature
 * (noise), and a lower temperature plays stronger. 300 games give each player about 60.
 *
 * <p>The tolerance: players whose temperatures are close (0.2 and 0.3, 1.0 and 1.2) are close
 * in strength too, and 60 games each do not always tell them apart; over eight seeds the ratings
 * swapped at most three pairs, all with temperatures less than 1.7 times apart. So the test
 * asks for a rank correlation of at least 0.9 with the true order, and that a player at least
 * twice as careless as another is always rated below him.
 */
class KnownStrengthTest {

    private static List<RatingHistory.Game> games;

    @BeforeAll
    static void playGames() {
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 4242);
        List<GameRecord> records = IntStream.rangeClosed(1, 300).parallel().mapToObj(selfPlay::game).toList();
        games = new ArrayList<>();
        for (GameRecord r : records) {
            Results.whiteScore(r.result()).ifPresent(score -> games.add(
                    new RatingHistory.Game(r.sourceLine(), GameDate.UNDATED, r.tag("White"), r.tag("Black"), score)));
        }
    }

    static List<RatingSystem> systems() {
        return List.of(new Elo(), new Glicko2());
    }

    @ParameterizedTest
    @MethodSource("systems")
    void theRatingsOrderThePlayersByTheirTrueStrength(RatingSystem system) {
        RatingHistory history = new RatingHistory(system);
        games.forEach(history::play);
        List<String> players = SelfPlay.players();
        List<String> byRating = new ArrayList<>(players);
        byRating.sort(Comparator.comparingDouble(p -> -history.rating(p).rating()));
        List<String> byStrength = new ArrayList<>(players);
        byStrength.sort(Comparator.comparingDouble(SelfPlay::temperature));
        double squares = 0;
        for (String p : players) squares += Math.pow(byRating.indexOf(p) - byStrength.indexOf(p), 2);
        int n = players.size();
        double spearman = 1 - 6 * squares / (n * (n * (double) n - 1));
        assertTrue(spearman >= 0.9, system.name() + ": rank correlation " + spearman + ", ratings order " + byRating);
        for (String strong : players) {
            for (String weak : players) {
                if (SelfPlay.temperature(weak) >= 2 * SelfPlay.temperature(strong)) {
                    assertTrue(history.rating(strong).rating() > history.rating(weak).rating(),
                            system.name() + ": " + strong + " is rated below " + weak + ", twice as careless");
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void theRatingsForecastBetterThanEvenOdds(RatingSystem system) {
        RatingHistory history = new RatingHistory(system);
        games.forEach(history::play);
        assertTrue(history.prediction().logLoss() < Prediction.EVEN - 0.1, system.name() + ": " + history.prediction().logLoss());
        assertTrue(history.prediction().favouriteWonShare() > 0.7, system.name() + ": " + history.prediction().favouriteWonShare());
    }
}
