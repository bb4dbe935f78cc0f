package org.emergo.viewer.game;

import java.util.List;
import org.emergo.store.rating.RatingRepository;
import org.emergo.viewer.format.FigureText;

/** Both players' ratings when a game began, in the system the viewer shows, and White's expected score. */
public record GameRatings(String system, RatingRepository.AtGame white, RatingRepository.AtGame black) {

    /** The ratings of a game, or null when it was not rated (or nothing was). */
    static GameRatings of(RatingRepository ratings, long gameId) {
        String system = ratings.run().map(RatingRepository.Run::shownSystem).orElse(null);
        if (system == null) return null;
        List<RatingRepository.AtGame> sides = ratings.atGame(gameId, system);
        if (sides.size() != 2) return null;
        return new GameRatings(system, sides.get(0), sides.get(1));
    }

    public String whiteExpected() {
        return FigureText.percent(white.expected());
    }
}
