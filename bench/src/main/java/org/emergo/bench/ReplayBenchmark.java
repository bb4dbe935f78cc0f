package org.emergo.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.emergo.replay.GameRecord;
import org.emergo.replay.Replay;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Full replay of the corpus games from their written moves, one thread, through the analyser
 * itself ({@link Replay}): read each move, generate the legal moves, check the move against
 * them, play it, keep the statistics, judge the end by rule. The score is plies per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ReplayBenchmark {

    private List<GameRecord> games;

    @Setup
    public void setUp() {
        games = Corpus.games(Corpus.GAMES_PER_VARIANT);
        int plies = games.stream().mapToInt(g -> g.moves().size()).sum();
        // The score is normalised by a constant; it must be the corpus' real ply count.
        if (plies != Corpus.PLIES) throw new IllegalStateException("corpus has " + plies + " plies, not " + Corpus.PLIES);
    }

    /** Replays all corpus games; operations are plies. */
    @Benchmark
    @OperationsPerInvocation(Corpus.PLIES)
    public void replay(Blackhole bh) {
        for (GameRecord g : games) bh.consume(Replay.analyse(g));
    }
}
