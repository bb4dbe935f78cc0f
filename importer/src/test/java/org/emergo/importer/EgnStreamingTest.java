package org.emergo.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Reader;
import org.emergo.replay.GameRecord;
import org.junit.jupiter.api.Test;

/** A text of any length streams through the reader: it never holds more than a record. */
class EgnStreamingTest {

    /** Writes games on demand: text that exists only a buffer at a time. */
    private static final class GeneratedGames extends Reader {
        private final int games;
        private final int brokenEvery;
        private int game;
        private String current = "";
        private int at;

        GeneratedGames(int games, int brokenEvery) {
            this.games = games;
            this.brokenEvery = brokenEvery;
        }

        @Override
        public int read(char[] buffer, int offset, int length) {
            if (at == current.length()) {
                if (game == games) return -1;
                game++;
                String moves = game % brokenEvery == brokenEvery / 2 ? "1. d4 f6 2. e3 <broken> c5" : "1. d4 f6 2. e3 {comment} c5 3. d6";
                current = "[Event \"Generated\"]\n[Round \"" + game + "\"]\n[White \"A\"]\n[Black \"B\"]\n\n"
                        + moves + " 1-0\n\n";
                at = 0;
            }
            int n = Math.min(length, current.length() - at);
            current.getChars(at, at + n, buffer, offset);
            at += n;
            return n;
        }

        @Override
        public void close() {}
    }

    /** Counts, and keeps only the last game. */
    private static final class CountingOnly implements RecordSink {
        long games;
        long errors;
        GameRecord last;
        ImportError lastError;

        @Override
        public void game(GameRecord record) {
            games++;
            last = record;
        }

        @Override
        public void error(ImportError error) {
            errors++;
            lastError = error;
        }

        @Override
        public void warning(ImportError warning) {}
    }

    @Test
    void twoHundredThousandGamesStreamThroughWithTheBrokenOnesReported() throws IOException {
        CountingOnly sink = new CountingOnly();
        EgnReader.read(new GeneratedGames(200_000, 1_000), "generated.egn", sink);
        assertEquals(199_800, sink.games);
        assertEquals(200, sink.errors);
        assertEquals("200000", sink.last.tag("Round"));
        assertEquals(7 * 199_999 + 1, sink.last.sourceLine());
        assertEquals("1. d4 f6 2. e3 {comment} 2... c5 3. d6 1-0", sink.last.movetext());
        assertEquals(7 * (199_500 - 1) + 6, sink.lastError.line());
        assertEquals(16, sink.lastError.column());
    }
}
