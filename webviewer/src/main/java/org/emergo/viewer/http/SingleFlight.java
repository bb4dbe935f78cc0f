package org.emergo.viewer.http;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A value computed once for many requests at once, and kept while the data's version (its
 * key: counts, largest ids) stays the same, for at most a while. Without it, many clients at
 * once each computed the statistics page (docs/performance.md); with it, one computation, on a
 * thread of its own, serves every request that comes meanwhile. A request that finds the value out of date waits for the new one for a moment
 * ({@code patienceNanos}), so that a change of the data shows on the next load; past that, while
 * an import or an analysis writes and the computation takes seconds, it gets the value made
 * last, and the one after the computation gets the new one.
 */
public final class SingleFlight<K, V> {

    public record Made<K, V>(K key, long at, V value) {}

    private final long keepNanos;
    private final long patienceNanos;
    private final AtomicInteger waiting = new AtomicInteger();
    private final ExecutorService computing = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "emergo-single-flight");
        t.setDaemon(true);
        return t;
    });
    private Made<K, V> made;
    private CompletableFuture<Made<K, V>> inFlight;
    /** The last computation failed: the next request waits for the next one, to see its failure. */
    private boolean failedLast;

    public SingleFlight(long keepNanos, long patienceNanos) {
        this.keepNanos = keepNanos;
        this.patienceNanos = patienceNanos;
    }

    /** The value kept for {@code key}, else the one being computed now or computed for this call, else the last one made. */
    public V get(K key, Supplier<V> compute) {
        return getMade(key, compute).value();
    }

    /** As {@link #get}, with the key the value was made for (older than {@code key} when the last one made is all there is in time). */
    public Made<K, V> getMade(K key, Supplier<V> compute) {
        return made(key, compute, true);
    }

    /**
     * As {@link #getMade}, but the first value too is waited for only for the patience: null
     * when none was made yet and the first is not ready by then (a page that says so, rather
     * than one that takes seconds). After a failed computation it waits for the next, whose
     * failure it then throws.
     */
    public Made<K, V> getMadeOrNull(K key, Supplier<V> compute) {
        return made(key, compute, false);
    }

    private Made<K, V> made(K key, Supplier<V> compute, boolean waitForFirst) {
        CompletableFuture<Made<K, V>> flight;
        Made<K, V> last;
        boolean failed;
        synchronized (this) {
            last = made;
            failed = failedLast;
            if (last != null && last.key().equals(key) && System.nanoTime() - last.at() <= keepNanos) return last;
            if (inFlight == null) {
                CompletableFuture<Made<K, V>> f = new CompletableFuture<>();
                inFlight = f;
                computing.execute(() -> compute(f, key, compute));
            }
            flight = inFlight;
        }
        waiting.incrementAndGet();
        try {
            // A computation that fails slowly would otherwise be "still being computed" for ever.
            if (last == null && (waitForFirst || failed)) return flight.join();
            return flight.get(patienceNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return last;
        } catch (CompletionException | ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return last;
        } finally {
            waiting.decrementAndGet();
        }
    }

    private void compute(CompletableFuture<Made<K, V>> flight, K key, Supplier<V> compute) {
        try {
            Made<K, V> m = new Made<>(key, System.nanoTime(), compute.get());
            synchronized (this) {
                made = m;
                inFlight = null;
                failedLast = false;
            }
            flight.complete(m);
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                inFlight = null; // the next request tries again
                failedLast = true;
            }
            flight.completeExceptionally(e);
        }
    }

    /** Requests waiting now for a computation (for the tests). */
    int waiting() {
        return waiting.get();
    }

    /** Waits until no computation runs (for the tests). */
    void awaitComputed() {
        CompletableFuture<Made<K, V>> f;
        synchronized (this) {
            f = inFlight;
        }
        if (f != null) f.handle((m, e) -> m).join();
    }
}
