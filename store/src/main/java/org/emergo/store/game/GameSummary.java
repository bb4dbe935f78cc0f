package org.emergo.store.game;

/**
 * One row of the games list.
 *
 * @param resultByRule null when the game has not been analysed
 * @param findings     null when the game has not been analysed
 */
public record GameSummary(long id, String variant, String date, String event, String white, String black, String result,
        String resultByRule, Integer plies, Integer findings) {}
