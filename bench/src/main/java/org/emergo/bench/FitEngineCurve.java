package org.emergo.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.rules.Termination;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;
import org.emergo.search.Searcher;
import org.emergo.search.WinCurve;

/**
 * Fits the curve that classes moves (docs/engine.md#winning-chances), run by hand: the engine
 * against itself at the review's setting from {@link EngineMatch}'s varied openings, on each
 * board; every position's score (the search that chose the move) paired with how the game ended
 * for the side to move. Each pair is counted from both sides' view ({@code s, r} and
 * {@code -s, 1 - r}), so the curve has no side-to-move term: the same frame before and after a move.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.emergo.bench.FitEngineCurve --openings 300 --limit depth=4 --threads 1
 * </pre>
 */
public final class FitEngineCurve {

    private FitEngineCurve() {}

    record Pairs(int[] scores, double[] results, double white) {}

    static Pairs play(Variant variant, int opening, Limit limit, Searcher searcher) {
        List<Move> moves = EngineMatch.opening(variant, opening);
        Game game = new Game(Position.start(variant));
        List<Long> hashes = new ArrayList<>();
        for (Move m : moves) {
            hashes.add(game.current().hash());
            game.play(m);
        }
        List<Integer> scores = new ArrayList<>();
        List<Side> sides = new ArrayList<>();
        while (!game.termination().isOver() && game.ply() < EngineMatch.MAX_PLIES) {
            long[] history = hashes.stream().mapToLong(Long::longValue).toArray();
            SearchResult r = searcher.search(game.current(), history, limit);
            scores.add(r.score());
            sides.add(game.current().sideToMove());
            hashes.add(game.current().hash());
            game.playLegal(r.bestMove());
        }
        Termination t = game.termination();
        double white;
        if (t.isOver()) {
            String res = t.result(game.current().sideToMove());
            white = res.equals("1-0") ? 1 : res.equals("0-1") ? 0 : 0.5;
        } else {
            int diff = EngineMatch.material(game.current(), Side.WHITE) - EngineMatch.material(game.current(), Side.BLACK);
            white = diff > 0 ? 1 : diff < 0 ? 0 : 0.5;
        }
        int[] s = new int[scores.size()];
        double[] res = new double[scores.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = scores.get(i);
            res[i] = sides.get(i) == Side.WHITE ? white : 1 - white;
        }
        return new Pairs(s, res, white);
    }

    public static void main(String[] args) throws Exception {
        int openings = 300;
        Limit limit = Limit.depth(4);
        int threads = 1;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--openings" -> openings = Integer.parseInt(args[i + 1]);
                case "--limit" -> limit = Limit.parse(args[i + 1]);
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        ThreadLocal<Searcher> searchers = ThreadLocal.withInitial(() -> new Searcher(20));
        for (Variant v : Variant.values()) {
            List<Future<Pairs>> futures = new ArrayList<>();
            final Limit l = limit;
            for (int i = 0; i < openings; i++) {
                final int index = i;
                futures.add(pool.submit(() -> play(v, index, l, searchers.get())));
            }
            List<Integer> s = new ArrayList<>();
            List<Double> r = new ArrayList<>();
            double whitePoints = 0;
            int draws = 0;
            for (Future<Pairs> f : futures) {
                Pairs p = f.get();
                whitePoints += p.white();
                if (p.white() == 0.5) draws++;
                for (int i = 0; i < p.scores().length; i++) {
                    s.add(p.scores()[i]);
                    r.add(p.results()[i]);
                }
            }
            System.out.printf(Locale.ROOT, "%s: %d games, White scored %.1f, %d draws%n", v.tagName(), openings, whitePoints, draws);
            report(v.tagName(), s, r);
        }
        pool.shutdown();
    }

    private static void report(String name, List<Integer> scores, List<Double> results) {
        int n = scores.size();
        int[] s = new int[2 * n];
        double[] r = new double[2 * n];
        int[] s1 = new int[n];
        double[] r1 = new double[n];
        for (int i = 0; i < n; i++) {
            s1[i] = scores.get(i);
            r1[i] = results.get(i);
            s[2 * i] = s1[i];
            r[2 * i] = r1[i];
            s[2 * i + 1] = -s1[i];
            r[2 * i + 1] = 1 - r1[i];
        }
        WinCurve withMove = WinCurve.fit(s1, r1);
        WinCurve same = WinCurve.fit(s, r);
        System.out.printf(Locale.ROOT, "%s: %d positions; side to move's curve %s; same frame %s: a man up %.1f%%, two %.1f%%, three %.1f%%%n",
                name, n, withMove, same, 100 * same.winChance(100), 100 * same.winChance(200), 100 * same.winChance(300));
        int[] bands = {-1000, -500, -300, -150, -50, 50, 150, 300, 500, 1000};
        for (int b = 0; b + 1 < bands.length; b++) {
            double sum = 0;
            int count = 0;
            for (int i = 0; i < 2 * n; i++) {
                if (s[i] >= bands[b] && s[i] < bands[b + 1]) {
                    sum += r[i];
                    count++;
                }
            }
            if (count > 0) {
                System.out.printf(Locale.ROOT, "| %d to %d | %d | %.3f | %.3f |%n",
                        bands[b], bands[b + 1], count, sum / count, same.winChance((bands[b] + bands[b + 1]) / 2));
            }
        }
    }
}
