package org.emergo.store.game;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link GameFingerprint} digests, kept as values: two games are the same game exactly when
 * their identities are equal. Compared only when two games share a 64-bit fingerprint, which
 * distinct games may.
 *
 * @param moves the main-line moves as compared: lower case, without trailing annotation marks
 */
record GameIdentity(String variant, String setupPosition, String white, String black, String date,
        List<String> moves) {

    /** From the values of a game row (moves joined by single spaces, as in column game.moves). */
    static GameIdentity of(String variant, String setupPosition, String white, String black, String date,
            String moves) {
        List<String> normalized = new ArrayList<>();
        for (String move : StoredGame.moveList(moves)) {
            normalized.add(GameFingerprint.normalizeMove(move));
        }
        return new GameIdentity(orEmpty(variant), orEmpty(setupPosition), orEmpty(white), orEmpty(black),
                orEmpty(date), List.copyOf(normalized));
    }

    /** The fingerprint writes an absent value as an empty one. */
    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
