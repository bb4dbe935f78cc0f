package org.emergo.store.jdbc;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.Function;

/**
 * The pipeline of the long jobs ({@code analyze}, {@code review}): batches of games are read
 * one after another, worked on by worker threads a few ahead, and handed to the writer in the
 * order they were read, so what is stored at any moment is a prefix of the work and a stop
 * after a write finds nothing half done.
 */
public final class OrderedBatches {

    /** The next batch to work on; empty when there is no more. */
    public interface Source<T> {
        List<T> next() throws SQLException;
    }

    /** Takes each finished batch, in order. */
    public interface Sink<R> {
        void accept(R done) throws SQLException, InterruptedException, ExecutionException;
    }

    private OrderedBatches() {}

    /** A fixed pool of daemon threads of this name: a command that stops does not wait for them. */
    public static ExecutorService daemonPool(int threads, String name) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Stops workers that may be inside the database: the batches not begun are dropped, and no
     * worker is interrupted. H2's file store is not interrupt-safe (h2database#227, #1300): an
     * interrupt during its file access closes the file, and the commits not yet written to it
     * are lost (a puzzles run stopped by SIGTERM once said 8 games stored and left none).
     */
    public static void stopWithoutInterrupting(ExecutorService workers) {
        if (workers instanceof ThreadPoolExecutor pool) pool.getQueue().clear();
        workers.shutdown();
    }

    /** Runs batches from {@code source} through {@code work} on {@code workers}, {@code ahead} at most in flight. */
    public static <T, R> void run(ExecutorService workers, int ahead, Source<T> source, Function<List<T>, R> work, Sink<R> sink)
            throws SQLException, InterruptedException, ExecutionException {
        Deque<Future<R>> inFlight = new ArrayDeque<>();
        boolean more = true;
        while (more || !inFlight.isEmpty()) {
            while (more && inFlight.size() < ahead) {
                List<T> batch = source.next();
                if (batch.isEmpty()) more = false;
                else inFlight.add(workers.submit(() -> work.apply(batch)));
            }
            if (inFlight.isEmpty()) break;
            sink.accept(inFlight.removeFirst().get());
        }
    }
}
