package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class GameFingerprintTest {

    private static final List<String> MOVES = List.of("d4", "f6", "f4-e4");

    @Test
    void theFingerprintFollowsItsDocumentedDefinition() {
        // computed apart from this code: SHA-256 over 6:Emergo 0: 1:a 1:b 10:2003.05.14 1:3 2:d4 2:f6 5:f4-e4
        // (each item its UTF-8 length, a colon, its bytes). A change here changes every stored fingerprint.
        assertEquals("8ed844040897c88dbb3b2f1cc9283e113ce94982a2ae6f3b57e2d690144f4966",
                GameFingerprint.of("Emergo", null, "a", "b", "2003.05.14", MOVES));
    }

    @Test
    void theStoredKeyIsTheFirstSixteenHexDigitsAsASignedNumber() {
        String hex = GameFingerprint.of("Emergo", null, "a", "b", "2003.05.14", MOVES);
        assertEquals(Long.parseUnsignedLong(hex.substring(0, 16), 16),
                GameFingerprint.key("Emergo", null, "a", "b", "2003.05.14", MOVES));
        assertEquals(0x8ed844040897c88dL, GameFingerprint.key("Emergo", null, "a", "b", "2003.05.14", MOVES));
    }

    @Test
    void movesOutsideAsciiAreDigestedAsUtf8() {
        // 2:d4 3:eé (two UTF-8 bytes for é): lower-cased like every move
        assertEquals(GameFingerprint.of("Emergo", null, "Émile", "b", "", List.of("d4", "eé")),
                GameFingerprint.of("Emergo", null, "Émile", "b", "", List.of("D4", "EÉ!")));
        assertNotEquals(GameFingerprint.of("Emergo", null, "Émile", "b", "", List.of()),
                GameFingerprint.of("Emergo", null, "émile", "b", "", List.of()));
    }

    @Test
    void caseAndAnnotationMarksOfMovesDoNotCount() {
        assertEquals(GameFingerprint.of("Emergo", null, "a", "b", "2003.05.14", MOVES),
                GameFingerprint.of("Emergo", "", "a", "b", "2003.05.14", List.of("D4", "f6!?", "F4-E4??")));
    }

    @Test
    void everyCoveredValueMakesADifferentGame() {
        String base = GameFingerprint.of("Emergo", null, "a", "b", "2003.05.14", MOVES);
        assertNotEquals(base, GameFingerprint.of("HexEmergo", null, "a", "b", "2003.05.14", MOVES));
        assertNotEquals(base, GameFingerprint.of("Emergo", "w 12 12", "a", "b", "2003.05.14", MOVES));
        assertNotEquals(base, GameFingerprint.of("Emergo", null, "b", "a", "2003.05.14", MOVES));
        assertNotEquals(base, GameFingerprint.of("Emergo", null, "a", "b", "2003.05.15", MOVES));
        assertNotEquals(base, GameFingerprint.of("Emergo", null, "a", "b", "2003.05.14", List.of("d4", "f6")));
    }

    @Test
    void valuesCannotRunIntoEachOther() {
        assertNotEquals(GameFingerprint.of("Emergo", null, "ab", "c", "", List.of()),
                GameFingerprint.of("Emergo", null, "a", "bc", "", List.of()));
        assertNotEquals(GameFingerprint.of("Emergo", null, "a", "b", "", List.of("d4 f6")),
                GameFingerprint.of("Emergo", null, "a", "b", "", List.of("d4", "f6")));
    }
}
