package org.emergo.bench;

import java.util.concurrent.TimeUnit;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
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
 * Legal move generation over the corpus positions, one thread. The score is positions per
 * second (each invocation generates the moves of all {@value #POSITIONS} positions).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MoveGenBenchmark {

    static final int POSITIONS = 20_000;

    private Position[] positions;

    @Setup
    public void setUp() {
        Position[] all = Corpus.positions(Corpus.games(Corpus.GAMES_PER_VARIANT));
        positions = new Position[POSITIONS];
        // Spread the sample evenly over the corpus so every phase is represented.
        for (int i = 0; i < POSITIONS; i++) positions[i] = all[(int) ((long) i * all.length / POSITIONS)];
    }

    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public void legalMoves(Blackhole bh) {
        for (Position p : positions) bh.consume(MoveGen.legalMoves(p));
    }
}
