package org.emergo.store.game;

/**
 * One row of the games list.
 *
 * @param resultByRule null when the game has not been analysed
 * @param findings     null when the game has not been analysed
 * @param review       the figures of the game's latest review; null when it has none
 */
public record GameSummary(long id, String variant, String date, String event, String white, String black, String result,
        String resultByRule, Integer plies, Integer findings, ReviewFigures review) {

    /** Each side's accuracy (null for a side without a move), mistakes and blunders in a review. */
    public record ReviewFigures(Float whiteAccuracy, Float blackAccuracy, int whiteMistakes, int whiteBlunders,
            int blackMistakes, int blackBlunders) {}

    GameSummary withReview(ReviewFigures figures) {
        return new GameSummary(id, variant, date, event, white, black, result, resultByRule, plies, findings, figures);
    }
}
