package org.emergo.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.MoveMatcher;
import org.emergo.rules.Notation;
import org.emergo.rules.Position;
import org.emergo.rules.Resolution;
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
 * Full replay of the corpus games from their written moves, one thread: read each move,
 * generate the legal moves, check the move against them, play it, check the end by rule.
 * The score is plies per second (operations are normalised by the corpus' ply count).
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
        games = Corpus.games(100);
    }

    @Benchmark
    @OperationsPerInvocation(40_000)
    public void replay(Blackhole bh) {
        int plies = 0;
        // Replays games until 40,000 plies are done, so the score is plies per second.
        for (int i = 0; plies < 40_000; i = (i + 1) % games.size()) {
            GameRecord g = games.get(i);
            Game game = new Game(Position.start(g.variant()));
            for (String text : g.moves()) {
                if (plies++ == 40_000) break;
                List<Move> legal = game.legalMoves();
                Resolution r = MoveMatcher.resolve(game.current(), Notation.parse(text), legal);
                Move m = ((Resolution.Resolved) r).move();
                bh.consume(legal.contains(m));
                game.play(m);
            }
            bh.consume(game.termination());
        }
    }
}
