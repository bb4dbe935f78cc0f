package org.emergo.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

/**
 * A search's result depends only on its position, history and limit: not on what the same
 * searcher searched before, nor on how many threads share the work (docs/engine.md#determinism).
 */
class DeterminismTest {

    private static List<SampleGames.Ply> positions() {
        List<SampleGames.Ply> out = new ArrayList<>(SampleGames.sample(Variant.EMERGO, 6, 9));
        out.addAll(SampleGames.sample(Variant.HEXEMERGO, 6, 9));
        return out;
    }

    private static String result(Searcher s, SampleGames.Ply ply, Limit limit) {
        SearchResult r = s.search(ply.position(), ply.history(), limit);
        return r.score() + " " + r.bestMove() + " " + r.depth() + " " + r.nodes() + " " + r.line();
    }

    @Test
    void aSearchGivesTheSameResultWhateverCameBeforeIt() {
        List<SampleGames.Ply> plies = positions();
        for (Limit limit : List.of(Limit.depth(4), Limit.nodes(3_000))) {
            List<String> forward = new ArrayList<>();
            Searcher one = new Searcher(16);
            for (SampleGames.Ply p : plies) forward.add(result(one, p, limit));
            Searcher two = new Searcher(16);
            for (int i = plies.size() - 1; i >= 0; i--) {
                assertEquals(forward.get(i), result(two, plies.get(i), limit), plies.get(i).position()::toString);
            }
            // A fresh searcher per position agrees too.
            for (int i = 0; i < plies.size(); i += 5) assertEquals(forward.get(i), result(new Searcher(16), plies.get(i), limit));
        }
    }

    @Test
    void twoThreadsGiveWhatOneGives() throws Exception {
        List<SampleGames.Ply> plies = positions();
        Limit limit = Limit.nodes(3_000);
        List<String> single = new ArrayList<>();
        Searcher one = new Searcher(16);
        for (SampleGames.Ply p : plies) single.add(result(one, p, limit));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            ThreadLocal<Searcher> searchers = ThreadLocal.withInitial(() -> new Searcher(16));
            List<Future<String>> futures = new ArrayList<>();
            for (SampleGames.Ply p : plies) futures.add(pool.submit(() -> result(searchers.get(), p, limit)));
            for (int i = 0; i < plies.size(); i++) assertEquals(single.get(i), futures.get(i).get());
        } finally {
            pool.shutdown();
        }
    }
}
