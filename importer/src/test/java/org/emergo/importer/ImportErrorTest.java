package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ImportErrorTest {

    @Test
    void controlAndFormatCharactersInExcerptsAndMessagesAreMadeVisible() {
        ImportError e = new ImportError("f", 1, 2, "bad 'a\u0000b'", "x\ny\tz\u0000\u202E\u001b[31m");
        assertEquals("bad 'a\\u0000b'", e.message());
        assertEquals("x\\ny\\tz\\u0000\\u202E\\u001B[31m", e.excerpt());
    }

    @Test
    void longExcerptsAreCutWithAnEllipsis() {
        ImportError e = new ImportError("f", 1, 2, "m", "x".repeat(5_000));
        assertEquals("x".repeat(ImportError.EXCERPT_LENGTH) + "\u2026", e.excerpt());
        assertEquals(e.excerpt(), new ImportError("f", 1, 2, "m", e.excerpt()).excerpt());
    }

    @Test
    void aMissingExcerptIsEmptyAndAFileProblemHasNoPosition() {
        ImportError e = ImportError.ofFile("a.egn", "not valid UTF-8");
        assertEquals("", e.excerpt());
        assertEquals(0, e.line());
        assertEquals(0, e.column());
        assertEquals("a.egn:0:0: not valid UTF-8", e.toString());
    }
}
