package org.emergo.importer;

import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decides how to decode a file before it is read: UTF-8 (with or without BOM) when every byte
 * sequence is valid UTF-8, UTF-16 when it starts with a UTF-16 BOM, and windows-1252 otherwise
 * (with a note saying where the first byte that is not UTF-8 stands). One streaming pass over
 * the bytes, nothing kept.
 */
final class TextEncoding {

    static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    /**
     * @param charset how to decode the text
     * @param bomLength bytes of byte order mark to skip before decoding
     * @param note why the text is not read as UTF-8, or null when it is
     */
    record Detected(Charset charset, int bomLength, String note) {}

    private TextEncoding() {}

    /** Scans a whole stream (and closes it). */
    static Detected detect(InputStream in) throws IOException {
        try (in) {
            byte[] bytes = new byte[64 * 1024];
            int n = readFully(in, bytes, 0, 3);
            if (n >= 2 && (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE) {
                return new Detected(StandardCharsets.UTF_16LE, 2, "read as UTF-16 (little-endian byte order mark)");
            }
            if (n >= 2 && (bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF) {
                return new Detected(StandardCharsets.UTF_16BE, 2, "read as UTF-16 (big-endian byte order mark)");
            }
            int bom = n >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
            CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer input = ByteBuffer.wrap(bytes, 0, n);
            CharBuffer output = CharBuffer.allocate(64 * 1024);
            long consumed = 0;
            long lines = 1;
            boolean end = false;
            while (true) {
                int before = input.position();
                CoderResult result = decoder.decode(input, output, end);
                lines += newlines(bytes, before, input.position());
                if (result.isError()) {
                    long at = consumed + input.position();
                    return new Detected(WINDOWS_1252, 0, String.format(
                            "not valid UTF-8 (byte 0x%02X at byte offset %d, line %d); read as windows-1252",
                            bytes[input.position()] & 0xFF, at, lines));
                }
                if (result.isOverflow()) {
                    output.clear();
                    continue;
                }
                if (end) {
                    decoder.flush(output);
                    return new Detected(StandardCharsets.UTF_8, bom, null);
                }
                // Underflow: keep the unread tail (a sequence split by the buffer) and read more.
                int tail = input.remaining();
                consumed += input.position();
                System.arraycopy(bytes, input.position(), bytes, 0, tail);
                int read = in.read(bytes, tail, bytes.length - tail);
                if (read < 0) {
                    end = true;
                    input = ByteBuffer.wrap(bytes, 0, tail);
                } else {
                    input = ByteBuffer.wrap(bytes, 0, tail + read);
                }
                output.clear();
            }
        }
    }

    /** A reader that skips a leading BOM character (U+FEFF) if there is one. */
    static Reader skipBom(Reader reader) throws IOException {
        PushbackReader pushback = new PushbackReader(reader, 1);
        int c = pushback.read();
        if (c >= 0 && c != '\uFEFF') pushback.unread(c);
        return pushback;
    }

    private static int newlines(byte[] bytes, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) if (bytes[i] == '\n') n++;
        return n;
    }

    private static int readFully(InputStream in, byte[] bytes, int offset, int wanted) throws IOException {
        int n = 0;
        while (n < wanted) {
            int read = in.read(bytes, offset + n, wanted - n);
            if (read < 0) break;
            n += read;
        }
        return n;
    }
}
