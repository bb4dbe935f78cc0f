package org.emergo.store.importing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.emergo.importer.ImportError;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.game.GameRow;
import org.junit.jupiter.api.Test;

class ReadAheadTest {

    private static GameRecord game(int n) {
        return new GameRecord(Variant.EMERGO, Map.of("Round", Integer.toString(n)), null, List.of("d4"), "1. d4 *",
                "x.egn", n);
    }

    /** Writes down what arrives, as text, in the order it arrives. */
    private static class Log implements ReadAhead.Writer {
        final List<String> seen = new ArrayList<>();

        @Override
        public void game(GameRow row) {
            seen.add("game " + row.round());
        }

        @Override
        public void error(ImportError error) {
            seen.add("error " + error.line());
        }

        @Override
        public void warning(ImportError warning) {
            seen.add("warning " + warning.line());
        }
    }

    @Test
    void everythingReadArrivesInOrderAndTheReadingsResultIsReturned() {
        int many = ReadAhead.CAPACITY * 3; // more than the queue holds
        List<String> expected = new ArrayList<>();
        Log log = new Log();
        String result = ReadAhead.run(sink -> {
            for (int i = 1; i <= many; i++) {
                sink.game(game(i));
                expected.add("game " + i);
                if (i % 100 == 0) {
                    sink.error(new ImportError("x.egn", i, 1, "bad", ""));
                    sink.warning(new ImportError("x.egn", i, 2, "doubtful", ""));
                    expected.add("error " + i);
                    expected.add("warning " + i);
                }
            }
            return "done";
        }, log);

        assertEquals("done", result);
        assertEquals(expected, log.seen);
    }

    @Test
    void aFailingWriterEndsTheReadingAndItsFailureIsThrown() {
        IllegalStateException failure = new IllegalStateException("the database is gone");
        AtomicBoolean readingEnded = new AtomicBoolean();
        ReadAhead.Writer failing = new Log() {
            @Override
            public void game(GameRow row) {
                throw failure;
            }
        };
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> ReadAhead.run(sink -> {
            try {
                for (int i = 0; i < ReadAhead.CAPACITY * 10; i++) {
                    sink.game(game(i));
                }
                return "not reached";
            } finally {
                readingEnded.set(true);
            }
        }, failing));

        assertSame(failure, thrown);
        assertTrue(readingEnded.get(), "the reading thread has ended when run returns");
    }

    @Test
    void aFailingReadingIsThrownOnTheCallersThread() {
        Log log = new Log();
        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> ReadAhead.run(sink -> {
            sink.game(game(1));
            throw new IllegalArgumentException("a bug in a reader");
        }, log));

        assertEquals("a bug in a reader", thrown.getMessage());
        assertEquals(List.of("game 1"), log.seen);
    }
}
