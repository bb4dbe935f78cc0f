package org.emergo.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.emergo.generate.SelfPlay;
import org.emergo.review.PlayedGame;
import org.emergo.review.Reviewer;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * The review's forced-loss proofs, one thread: every move of 20 self-play games that the review
 * puts to a proof (the games and candidates of {@link ProofCost}), proved as the review proves
 * them. One operation is all of them, so every iteration does the same work. One JVM takes up
 * to half as much time again as another for the same code: compare engines over several forks
 * each (docs/engine.md#how-much-one-run-differs-from-the-next).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
public class ProofBenchmark {

    static final int GAMES = 20;

    @Param({"emergo", "hexemergo"})
    public String variant;

    /** A move put to the proof: the position before it, the game's history, the move. */
    private record Candidate(Position before, long[] history, Move played) {}

    private List<Candidate> candidates;

    @Setup
    public void setUp() {
        Variant v = Variant.valueOf(variant.toUpperCase(Locale.ROOT));
        SelfPlay selfPlay = ProofCost.selfPlay(v);
        Reviewer reviewer = ProofCost.reviewer();
        candidates = new ArrayList<>();
        for (int g = 0; g < GAMES; g++) {
            PlayedGame game = PlayedGame.replay(Position.start(v), selfPlay.game(g).moves());
            for (int ply : ProofCost.candidates(game, reviewer)) {
                candidates.add(new Candidate(game.positions().get(ply), game.history(ply), game.moveFrom(ply)));
            }
        }
    }

    @Benchmark
    public void proveAll(Blackhole out) {
        for (Candidate c : candidates) {
            out.consume(ForcedLoss.prove(c.before(), c.history(), c.played(), Reviewer.FORCED_LOSS_PLIES,
                    Reviewer.FORCED_LOSS_NODES));
        }
    }
}
