package org.emergo.viewer.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 30: a page computed once for the many requests that ask for it at once. */
class SingleFlightTest {

    private static final long HOUR = 3_600_000_000_000L;

    @Test
    void requestsThatComeWhileThePageIsComputedWaitForThatOneComputation() throws Exception {
        SingleFlight<Integer, String> flight = new SingleFlight<>(HOUR, HOUR);
        AtomicInteger computed = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            Future<String> first = pool.submit(() -> flight.get(1, () -> {
                computed.incrementAndGet();
                await(release);
                return "page";
            }));
            while (computed.get() == 0) Thread.onSpinWait();
            List<Future<String>> others = new ArrayList<>();
            for (int i = 0; i < 7; i++) {
                others.add(pool.submit(() -> flight.get(1, () -> "computed again " + computed.incrementAndGet())));
            }
            while (flight.waiting() < 7) Thread.onSpinWait();
            release.countDown();
            assertEquals("page", first.get());
            for (Future<String> f : others) assertEquals("page", f.get());
            assertEquals(1, computed.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theNextRequestAfterAChangeOfTheDataComputesThePageAgain() {
        SingleFlight<Integer, String> flight = new SingleFlight<>(HOUR, HOUR);
        assertEquals("1 game", flight.get(1, () -> "1 game"));
        assertEquals("1 game", flight.get(1, () -> "not asked"));
        assertEquals("2 games", flight.get(2, () -> "2 games"));
    }

    @Test
    void aPageKeptLongerThanItsTimeIsComputedAgain() {
        SingleFlight<Integer, String> flight = new SingleFlight<>(0, HOUR);
        flight.get(1, () -> "old");
        assertEquals("new", flight.get(1, () -> "new"));
    }

    @Test
    void aFailureReachesItsRequestAndTheNextRequestTriesAgain() {
        SingleFlight<Integer, String> flight = new SingleFlight<>(HOUR, HOUR);
        IllegalStateException failure = new IllegalStateException("database gone");
        assertSame(failure, assertThrows(IllegalStateException.class, () -> flight.get(1, () -> {
            throw failure;
        })));
        assertEquals("page", flight.get(1, () -> "page"));
    }

    /**
     * While an import writes, the page takes seconds to compute: a request that finds it out of
     * date waits its patience, then gets the page made last, with the data it was made for; the
     * first request after the computation gets the new page.
     */
    @Test
    void aRequestThatFindsThePageOutOfDateGetsTheLastOneWhileTheNewOneTakesLong() {
        SingleFlight<Integer, String> flight = new SingleFlight<>(HOUR, 1_000_000L);
        assertEquals("1 game", flight.get(1, () -> "1 game"));
        CountDownLatch release = new CountDownLatch(1);
        SingleFlight.Made<Integer, String> meanwhile = flight.getMade(2, () -> {
            await(release);
            return "2 games";
        });
        assertEquals(1, meanwhile.key());
        assertEquals("1 game", meanwhile.value());
        assertEquals("1 game", flight.get(2, () -> "computed twice"));
        release.countDown();
        flight.awaitComputed();
        assertEquals("2 games", flight.get(2, () -> "computed twice"));
    }

    /**
     * The first page of a large collection takes seconds: the request waits its patience, then
     * gets nothing (the statistics page then says the figures are being computed and reloads
     * itself), and a request after the computation gets the page.
     */
    @Test
    @Timeout(60)
    void theFirstRequestWaitsOnlyItsPatienceWhenNothingWasMadeYet() {
        SingleFlight<Integer, String> flight = new SingleFlight<>(HOUR, 1_000_000L);
        CountDownLatch release = new CountDownLatch(1);
        assertNull(flight.getMadeOrNull(1, () -> {
            await(release);
            return "1 game";
        }));
        assertNull(flight.getMadeOrNull(1, () -> "computed twice"));
        release.countDown();
        flight.awaitComputed();
        assertEquals("1 game", flight.getMadeOrNull(1, () -> "computed twice").value());
    }

    /**
     * A first computation that fails after the patience: the request that finds it failed waits
     * for the next computation and gets its failure, instead of "being computed" for ever.
     */
    @Test
    @Timeout(60)
    void aSlowFailureReachesTheRequestAfterIt() throws Exception {
        SingleFlight<Integer, String> flight = new SingleFlight<>(HOUR, 1_000_000L);
        IllegalStateException failure = new IllegalStateException("database gone");
        CountDownLatch first = new CountDownLatch(1);
        assertNull(flight.getMadeOrNull(1, () -> {
            await(first);
            throw failure;
        }));
        first.countDown();
        flight.awaitComputed();
        CountDownLatch second = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<SingleFlight.Made<Integer, String>> next = pool.submit(() -> flight.getMadeOrNull(1, () -> {
                await(second);
                throw failure;
            }));
            // 200 times its patience: it is still waiting for the retry (it would have given up after 1 ms)
            assertThrows(TimeoutException.class, () -> next.get(200, TimeUnit.MILLISECONDS));
            second.countDown();
            ExecutionException e = assertThrows(ExecutionException.class, next::get);
            assertSame(failure, e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
