package org.emergo.store.importing;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.emergo.importer.ImportError;
import org.emergo.importer.RecordSink;
import org.emergo.replay.GameRecord;
import org.emergo.store.game.GameRow;

/**
 * Reads on a thread of its own while the calling thread writes: parsing and fingerprinting the
 * next games while the database stores the last ones. What the reading finds reaches the writer
 * in the order found, through a bounded queue, so memory stays bounded and errors and games keep
 * their order. A failure on either side ends both and is thrown to the caller.
 */
final class ReadAhead {

    /** Games, errors and warnings held between the two threads. */
    static final int CAPACITY = 2048;

    /** Where what was read goes, on the calling thread. */
    interface Writer {
        void game(GameRow row);

        void error(ImportError error);

        void warning(ImportError warning);
    }

    private sealed interface Item permits Game, Error, Warning, Done, Failed {}

    private record Game(GameRow row) implements Item {}

    private record Error(ImportError error) implements Item {}

    private record Warning(ImportError warning) implements Item {}

    private record Done(Object result) implements Item {}

    private record Failed(Throwable failure) implements Item {}

    /** Thrown on the reading thread once the writer has failed, to end the reading. */
    private static final class Cancelled extends RuntimeException {
        Cancelled() {
            super("the import was cancelled", null, false, false);
        }
    }

    private final BlockingQueue<Item> queue = new ArrayBlockingQueue<>(CAPACITY);
    private volatile boolean cancelled;

    private ReadAhead() {}

    /**
     * Runs {@code reading} on a new thread with a sink that passes everything to {@code writer}
     * on this one; returns what {@code reading} returned.
     */
    static <T> T run(Function<RecordSink, T> reading, Writer writer) {
        return new ReadAhead().go(reading, writer);
    }

    @SuppressWarnings("unchecked")
    private <T> T go(Function<RecordSink, T> reading, Writer writer) {
        Thread reader = new Thread(() -> {
            Item last;
            try {
                last = new Done(reading.apply(new Sink()));
            } catch (Cancelled e) {
                return;
            } catch (Throwable e) {
                last = new Failed(e);
            }
            put(last);
        }, "emergo-import-reader");
        reader.setDaemon(true); // never keeps the program alive
        reader.start();
        try {
            while (true) {
                Item item = take();
                if (item instanceof Game g) {
                    writer.game(g.row());
                } else if (item instanceof Error e) {
                    writer.error(e.error());
                } else if (item instanceof Warning w) {
                    writer.warning(w.warning());
                } else if (item instanceof Done d) {
                    return (T) d.result();
                } else {
                    throw rethrown(((Failed) item).failure());
                }
            }
        } catch (RuntimeException | java.lang.Error e) {
            cancelled = true;
            reader.interrupt();
            throw e;
        } finally {
            joinQuietly(reader);
        }
    }

    private Item take() {
        try {
            return queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while importing", e);
        }
    }

    /** On the reading thread: waits for room, gives up when the writer has failed. */
    private void put(Item item) {
        try {
            while (!cancelled) {
                if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // the writer failed
        }
        throw new Cancelled();
    }

    private static RuntimeException rethrown(Throwable failure) {
        if (failure instanceof RuntimeException r) {
            return r;
        }
        if (failure instanceof java.lang.Error e) {
            throw e;
        }
        return new IllegalStateException(failure);
    }

    private static void joinQuietly(Thread reader) {
        boolean interrupted = false;
        while (reader.isAlive()) {
            try {
                reader.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The reading thread's sink: games are made into rows there, the costly part of storing them. */
    private final class Sink implements RecordSink {
        @Override
        public void game(GameRecord record) {
            put(new Game(GameRow.of(record)));
        }

        @Override
        public void error(ImportError error) {
            put(new Error(error));
        }

        @Override
        public void warning(ImportError warning) {
            put(new Warning(warning));
        }
    }
}
