package org.emergo.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.search.Limit;
import org.emergo.search.Searcher;

/**
 * The engine's node rate by the CPU time of its own thread, with legal move generation timed
 * the same way in alternate rounds: on a machine shared with other work, wall-clock benchmarks
 * drift with the load between one benchmark and the next, CPU time and the ratio much less.
 * The positions and depth are {@link SearchBenchmark}'s.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.emergo.bench.EngineSpeed [rounds] [depth] [table bits]
 * </pre>
 */
public final class EngineSpeed {

    private EngineSpeed() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int depth = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int tableBits = args.length > 2 ? Integer.parseInt(args[2]) : SearchBenchmark.TABLE_BITS;
        Position[] all = Corpus.positions(Corpus.games(Corpus.GAMES_PER_VARIANT));
        Position[] positions = new Position[SearchBenchmark.POSITIONS];
        for (int i = 0; i < positions.length; i++) positions[i] = all[(int) ((long) i * all.length / positions.length)];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Searcher searcher = new Searcher(tableBits);
        Limit limit = Limit.depth(depth);
        long sink = 0;
        for (int round = 1; round <= rounds; round++) {
            long t0 = mx.getCurrentThreadCpuTime();
            for (int k = 0; k < 20; k++) for (Position p : positions) sink += MoveGen.legalMoves(p).size();
            double movegen = 20.0 * positions.length * 1e9 / (mx.getCurrentThreadCpuTime() - t0);
            t0 = mx.getCurrentThreadCpuTime();
            long w0 = System.nanoTime();
            long nodes = 0;
            for (Position p : positions) nodes += searcher.search(p, new long[0], limit).nodes();
            long cpu = mx.getCurrentThreadCpuTime() - t0;
            long wall = System.nanoTime() - w0;
            double rate = nodes * 1e9 / cpu;
            System.out.printf(Locale.ROOT, "round %d: search %.2f M nodes/s (%.2f ms a position at depth %d; wall clock %.2f M nodes/s), legal moves %.2f M positions/s, ratio %.2f%n",
                    round, rate / 1e6, cpu / 1e6 / positions.length, depth, nodes * 1e3 / wall, movegen / 1e6, rate / movegen);
        }
        if (sink == 42) System.out.println();
    }
}
