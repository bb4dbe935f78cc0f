package org.emergo.ratings;

import java.util.OptionalDouble;

/** Which games count for ratings, and what White scored in them. */
public final class Results {

    private Results() {}

    /** White's score for a result: 1 for {@code 1-0}, 0 for {@code 0-1}, 1/2 for {@code 1/2-1/2}; empty otherwise ({@code *}, none). */
    public static OptionalDouble whiteScore(String result) {
        if (result == null) return OptionalDouble.empty();
        return switch (result.strip()) {
            case "1-0" -> OptionalDouble.of(1);
            case "0-1" -> OptionalDouble.of(0);
            case "1/2-1/2" -> OptionalDouble.of(0.5);
            default -> OptionalDouble.empty();
        };
    }

    /**
     * White's score in a rated game: the recorded result when it is a win or a draw, since a
     * game may end before the rules end it (a resignation, a loss on time, an adjudication) and
     * the record says how the players or the organiser scored it; else the result by rule.
     * Empty when neither is decided: the game is not rated.
     */
    public static OptionalDouble ratedScore(String recorded, String byRule) {
        OptionalDouble score = whiteScore(recorded);
        return score.isPresent() ? score : whiteScore(byRule);
    }
}
