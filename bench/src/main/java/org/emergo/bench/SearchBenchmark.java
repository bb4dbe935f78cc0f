package org.emergo.bench;

import java.util.concurrent.TimeUnit;
import org.emergo.review.Reviewer;
import org.emergo.rules.Position;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;
import org.emergo.search.Searcher;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The engine's own speed, one thread: searches of corpus positions (every phase of both
 * boards) at a fixed depth, one after the other. {@code search} is searches per second,
 * {@code search:nodes} the positions the search visits per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class SearchBenchmark {

    static final int POSITIONS = 1_000;

    /** The table a review's searcher has. */
    static final int TABLE_BITS = Reviewer.TABLE_BITS;

    @Param({"4"})
    public int depth;

    private Position[] positions;
    private Searcher searcher;
    private Limit limit;
    private int next;

    /** Nodes visited, reported per second beside the searches. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nodes {
        public long nodes;

        @Setup(Level.Iteration)
        public void reset() {
            nodes = 0;
        }
    }

    @Setup
    public void setUp() {
        Position[] all = Corpus.positions(Corpus.games(Corpus.GAMES_PER_VARIANT));
        positions = new Position[POSITIONS];
        for (int i = 0; i < POSITIONS; i++) positions[i] = all[(int) ((long) i * all.length / POSITIONS)];
        searcher = new Searcher(TABLE_BITS);
        limit = Limit.depth(depth);
    }

    @Benchmark
    public void search(Nodes counter, Blackhole bh) {
        SearchResult r = searcher.search(positions[next], new long[0], limit);
        next = (next + 1) % POSITIONS;
        counter.nodes += r.nodes();
        bh.consume(r);
    }
}
