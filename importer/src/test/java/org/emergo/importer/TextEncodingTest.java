package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TextEncodingTest {

    private static TextEncoding.Detected detect(byte[] bytes) throws IOException {
        return TextEncoding.detect(new ByteArrayInputStream(bytes));
    }

    @Test
    void multiByteCharactersAcrossTheScanBufferAreValidUtf8() throws IOException {
        // 'x' then 100,000 two-byte characters: sequences straddle every 64 KiB boundary.
        byte[] bytes = ("x" + "\u00e9".repeat(100_000) + "\u20ac\ud83d\ude00").getBytes(StandardCharsets.UTF_8);
        TextEncoding.Detected d = detect(bytes);
        assertEquals(StandardCharsets.UTF_8, d.charset());
        assertEquals(0, d.bomLength());
        assertNull(d.note());
    }

    @Test
    void aByteOrderMarkIsCountedSoItCanBeSkipped() throws IOException {
        TextEncoding.Detected d = detect(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a'});
        assertEquals(StandardCharsets.UTF_8, d.charset());
        assertEquals(3, d.bomLength());
    }

    @Test
    void aSequenceCutOffAtTheEndIsNotUtf8() throws IOException {
        byte[] bytes = Arrays.copyOf("ab\n\u00e9".getBytes(StandardCharsets.UTF_8), 4);
        TextEncoding.Detected d = detect(bytes);
        assertEquals(TextEncoding.WINDOWS_1252, d.charset());
        assertEquals("not valid UTF-8 (byte 0xC3 at byte offset 3, line 2); read as windows-1252", d.note());
    }

    @Test
    void anEncodedSurrogateIsNotUtf8() throws IOException {
        TextEncoding.Detected d = detect(new byte[] {'a', (byte) 0xED, (byte) 0xA0, (byte) 0x80});
        assertEquals(TextEncoding.WINDOWS_1252, d.charset());
    }

    @Test
    void aUtf16ByteOrderMarkIsReadAsUtf16() throws IOException {
        TextEncoding.Detected d = detect(new byte[] {(byte) 0xFF, (byte) 0xFE, 'a', 0});
        assertEquals(StandardCharsets.UTF_16LE, d.charset());
        assertEquals(2, d.bomLength());
    }
}
