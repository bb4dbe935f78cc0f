package org.emergo.viewer.web;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A value computed once for many requests at once, and kept while the data's version (its
 * key: counts, largest ids) stays the same, for at most a while. Under 32 clients the statistics
 * page was computed by every request that found it out of date, all at once: 2 ms alone, 6 to
 * 8 s each then. Now one request computes it and those that come meanwhile wait for its result
 * (the data as it stood when that computation began); the first request after it that finds
 * another version computes again, so a change of the data shows on the next load.
 */
final class SingleFlight<K, V> {

    private record Made<K, V>(K key, long at, V value) {}

    private final long keepNanos;
    private final AtomicInteger waiting = new AtomicInteger();
    private Made<K, V> made;
    private CompletableFuture<Made<K, V>> inFlight;

    SingleFlight(long keepNanos) {
        this.keepNanos = keepNanos;
    }

    /** The value kept for {@code key}, or the one being computed now, or one computed by this call. */
    V get(K key, Supplier<V> compute) {
        CompletableFuture<Made<K, V>> flight;
        boolean mine = false;
        synchronized (this) {
            Made<K, V> m = made;
            if (m != null && m.key().equals(key) && System.nanoTime() - m.at() <= keepNanos) return m.value();
            if (inFlight == null) {
                inFlight = new CompletableFuture<>();
                mine = true;
            }
            flight = inFlight;
        }
        if (mine) {
            try {
                Made<K, V> m = new Made<>(key, System.nanoTime(), compute.get());
                synchronized (this) {
                    made = m;
                    inFlight = null;
                }
                flight.complete(m);
                return m.value();
            } catch (RuntimeException | Error e) {
                synchronized (this) {
                    inFlight = null; // the next request tries again
                }
                flight.completeExceptionally(e);
                throw e;
            }
        }
        waiting.incrementAndGet();
        try {
            return flight.join().value();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw e;
        } finally {
            waiting.decrementAndGet();
        }
    }

    /** Requests waiting now for another's computation (for the tests). */
    int waiting() {
        return waiting.get();
    }
}
