package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class StoredTextTest {

    @Test
    void nulAndUnpairedSurrogatesBecomeReplacementCharacters() {
        assertEquals("a\uFFFDb\uFFFDc\uFFFD", StoredText.clean("a\0b\uD800c\uDC00"));
    }

    @Test
    void pairedSurrogatesAndOrdinaryTextStayAsTheyAre() {
        String text = "Freeling 😀 <script> \\ \"";
        assertSame(text, StoredText.clean(text));
        assertNull(StoredText.clean(null));
    }

    @Test
    void cuttingEndsInAnEllipsisAndNeverSplitsAPair() {
        assertEquals("abc", StoredText.cleanAndCut("abc", 3));
        assertEquals("ab\u2026", StoredText.cleanAndCut("abcd", 3));
        assertEquals("a\u2026", StoredText.cleanAndCut("a😀b", 3));
    }
}
