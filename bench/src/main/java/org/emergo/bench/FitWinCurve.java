package org.emergo.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.MoveMatcher;
import org.emergo.rules.Notation;
import org.emergo.rules.Position;
import org.emergo.rules.Resolution;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;
import org.emergo.search.Searcher;
import org.emergo.search.WinCurve;

/**
 * Fits the win curve (docs/engine.md#winning-chances), run by hand: the games of
 * {@code emergo generate --games N --seed S} on both boards, every position searched with the
 * review's limit, each score paired with the result for the side to move; the curve by maximum
 * likelihood, per board and for both together.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.emergo.bench.FitWinCurve --games 500 --seed 1986 --limit nodes=5000 --threads 2
 * </pre>
 */
public final class FitWinCurve {

    private FitWinCurve() {}

    /** Scores and results of one game's positions, for the side to move in each. */
    record Pairs(int[] scores, double[] results) {}

    static Pairs score(GameRecord g, Searcher searcher, Limit limit, int skip) {
        String result = g.tag("Result");
        double white = result.equals("1-0") ? 1 : result.equals("0-1") ? 0 : 0.5;
        Game game = new Game(Position.start(g.variant()));
        List<Long> hashes = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        List<Double> results = new ArrayList<>();
        for (String text : g.moves()) {
            Position p = game.current();
            if (game.ply() >= skip) {
                SearchResult r = searcher.search(p, hashes.stream().mapToLong(Long::longValue).toArray(), limit);
                if (r.bestMove() != null) {
                    scores.add(r.score());
                    results.add(p.sideToMove() == Side.WHITE ? white : 1 - white);
                }
            }
            hashes.add(p.hash());
            Move m = ((Resolution.Resolved) MoveMatcher.resolve(p, Notation.parse(text))).move();
            game.play(m);
        }
        return new Pairs(scores.stream().mapToInt(Integer::intValue).toArray(),
                results.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public static void main(String[] args) throws Exception {
        int games = 500;
        long seed = 1986;
        Limit limit = Limit.nodes(5_000);
        int threads = 1;
        int skip = 0;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--games" -> games = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--limit" -> limit = Limit.parse(args[i + 1]);
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                case "--skip" -> skip = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        ThreadLocal<Searcher> searchers = ThreadLocal.withInitial(() -> new Searcher(20));
        List<int[]> allScores = new ArrayList<>();
        List<double[]> allResults = new ArrayList<>();
        for (Variant v : Variant.values()) {
            SelfPlay selfPlay = new SelfPlay(v, seed);
            List<Future<Pairs>> futures = new ArrayList<>();
            final Limit l = limit;
            final int s = skip;
            for (int i = 1; i <= games; i++) {
                final int index = i;
                futures.add(pool.submit(() -> score(selfPlay.game(index), searchers.get(), l, s)));
            }
            List<int[]> scores = new ArrayList<>();
            List<double[]> results = new ArrayList<>();
            for (Future<Pairs> f : futures) {
                scores.add(f.get().scores());
                results.add(f.get().results());
            }
            report(v.tagName(), scores, results);
            allScores.addAll(scores);
            allResults.addAll(results);
        }
        report("both", allScores, allResults);
        pool.shutdown();
    }

    private static void report(String name, List<int[]> scores, List<double[]> results) {
        int n = scores.stream().mapToInt(a -> a.length).sum();
        int[] s = new int[n];
        double[] r = new double[n];
        int k = 0;
        for (int i = 0; i < scores.size(); i++) {
            System.arraycopy(scores.get(i), 0, s, k, scores.get(i).length);
            System.arraycopy(results.get(i), 0, r, k, results.get(i).length);
            k += scores.get(i).length;
        }
        WinCurve c = WinCurve.fit(s, r);
        // How well it predicts: the mean squared error against the flat 50%, and per score band.
        double brier = 0;
        double flat = 0;
        for (int i = 0; i < n; i++) {
            double p = c.winChance(s[i]);
            brier += (p - r[i]) * (p - r[i]);
            flat += (0.5 - r[i]) * (0.5 - r[i]);
        }
        System.out.printf(Locale.ROOT, "%s: %d positions, %s; Brier %.4f (flat %.4f); a man up: %.1f%%, two: %.1f%%, level: %.1f%%%n",
                name, n, c, brier / n, flat / n, 100 * c.winChance(100), 100 * c.winChance(200), 100 * c.winChance(0));
        int[] bands = {-1000, -500, -300, -150, -50, 50, 150, 300, 500, 1000};
        for (int b = 0; b + 1 < bands.length; b++) {
            double sum = 0;
            int count = 0;
            for (int i = 0; i < n; i++) {
                if (s[i] >= bands[b] && s[i] < bands[b + 1]) {
                    sum += r[i];
                    count++;
                }
            }
            if (count > 0) {
                System.out.printf(Locale.ROOT, "  score %5d..%5d: %6d positions, scored %.3f, curve at the middle %.3f%n",
                        bands[b], bands[b + 1], count, sum / count, c.winChance((bands[b] + bands[b + 1]) / 2));
            }
        }
    }
}
