package org.emergo.store.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import org.h2.mvstore.DataUtils;

/**
 * The two file headers of an H2 file (its first two blocks of 4 KB), which say where its newest
 * chunk is. With both overwritten H2 refuses the file ("Store header is corrupt") though every
 * chunk may be intact. Headers written anew that name no chunk and no clean close send H2's
 * recovery looking for the newest chunks from the end of the file, as after a crash, which is
 * how {@link H2Repair} reads such a file (a copy of it).
 */
final class H2Headers {

    private static final int BLOCK = 4096;

    private H2Headers() {}

    /** Whether neither header of {@code file} reads (each is a line of fields with its checksum). */
    static boolean bothUnreadable(Path file) throws IOException {
        ByteBuffer headers = ByteBuffer.allocate(2 * BLOCK);
        try (FileChannel f = FileChannel.open(file, StandardOpenOption.READ)) {
            while (headers.hasRemaining() && f.read(headers) > 0) {
                // read on to the end of both blocks, or of a shorter file
            }
        }
        for (int at = 0; at < 2 * BLOCK; at += BLOCK) {
            if (reads(Arrays.copyOfRange(headers.array(), at, at + BLOCK))) return false;
        }
        return true;
    }

    /** Whether a header's line ends in the checksum of what comes before it, as H2 checks it. */
    private static boolean reads(byte[] block) {
        String text = new String(block, StandardCharsets.ISO_8859_1);
        int end = text.indexOf('\n');
        int sum = text.lastIndexOf(",fletcher:", end);
        if (end < 0 || sum < 0) return false;
        try {
            return Integer.parseUnsignedInt(text.substring(sum + ",fletcher:".length(), end), 16)
                    == DataUtils.getFletcher32(block, 0, sum);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Writes both headers of {@code file} anew, naming no chunk, as H2 writes them (format 3). */
    static void writeSearching(Path file) throws IOException {
        HashMap<String, Object> fields = new HashMap<>();
        fields.put("H", 2);
        fields.put("block", 2L);
        fields.put("blockSize", BLOCK);
        fields.put("chunk", 0);
        fields.put("created", 0L);
        fields.put("format", 3);
        fields.put("version", 0L);
        StringBuilder line = new StringBuilder();
        DataUtils.appendMap(line, fields);
        byte[] bytes = line.toString().getBytes(StandardCharsets.ISO_8859_1);
        DataUtils.appendMap(line, "fletcher", DataUtils.getFletcher32(bytes, 0, bytes.length));
        line.append('\n');
        bytes = line.toString().getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer headers = ByteBuffer.allocate(2 * BLOCK);
        headers.put(bytes).position(BLOCK);
        headers.put(bytes).rewind();
        try (FileChannel f = FileChannel.open(file, StandardOpenOption.WRITE)) {
            while (headers.hasRemaining()) f.write(headers, headers.position());
        }
    }
}
