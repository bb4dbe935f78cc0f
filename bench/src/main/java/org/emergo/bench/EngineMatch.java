package org.emergo.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
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
import org.emergo.rules.Termination;
import org.emergo.rules.Variant;
import org.emergo.search.Evaluation;
import org.emergo.search.Limit;
import org.emergo.search.Searcher;

/**
 * The engine's strength match (docs/engine.md#strength), run by hand: a player against another
 * from varied openings, each opening played twice with colours swapped. Openings are the first
 * 4 to 6 plies of self-play games of seed 2026. Players: {@code depth=N} or {@code nodes=N}, with
 * evaluation weights after slashes ({@code depth=4/mobility=5}), or {@code selfplay=T} (the generate command's player at temperature T).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.emergo.bench.EngineMatch --a depth=4 --b depth=2 --openings 100 --variant emergo --threads 2
 * </pre>
 */
public final class EngineMatch {

    /** A game longer than this is adjudicated by material, a man's difference deciding it. */
    static final int MAX_PLIES = 400;

    private EngineMatch() {}

    interface Player {
        Move move(Game game, long[] history, SplittableRandom random);
    }

    static Player player(String spec) {
        if (spec.startsWith("selfplay=")) {
            double t = Double.parseDouble(spec.substring(9));
            return (game, history, random) -> SelfPlay.choose(game.current(), game.legalMoves(), t, random);
        }
        // depth=4 or nodes=5000, then evaluation weights: depth=4/mobility=5/fragile=20/attacked=30
        String[] parts = spec.split("/");
        Limit limit = Limit.parse(parts[0]);
        int mobility = Evaluation.Terms.DEFAULT.mobility();
        int fragile = Evaluation.Terms.DEFAULT.fragile();
        int attacked = Evaluation.Terms.DEFAULT.attacked();
        for (int i = 1; i < parts.length; i++) {
            String[] kv = parts[i].split("=");
            int w = Integer.parseInt(kv[1]);
            switch (kv[0]) {
                case "mobility" -> mobility = w;
                case "fragile" -> fragile = w;
                case "attacked" -> attacked = w;
                default -> throw new IllegalArgumentException("no evaluation term " + kv[0]);
            }
        }
        Evaluation.Terms terms = new Evaluation.Terms(mobility, fragile, attacked);
        ThreadLocal<Searcher> searchers = ThreadLocal.withInitial(() -> new Searcher(20, terms));
        return (game, history, random) -> searchers.get().search(game.current(), history, limit).bestMove();
    }

    /** The opening of pair {@code i}: the first 4 to 6 plies of a self-play game. */
    static List<Move> opening(Variant variant, int i) {
        GameRecord g = new SelfPlay(variant, 2026).game(i + 1);
        int plies = 4 + i % 3;
        List<Move> out = new ArrayList<>();
        Game game = new Game(Position.start(variant));
        for (String text : g.moves().subList(0, Math.min(plies, g.moves().size()))) {
            Move m = ((Resolution.Resolved) MoveMatcher.resolve(game.current(), Notation.parse(text))).move();
            out.add(m);
            game.play(m);
        }
        return out;
    }

    /** One game; the result for White: 1, 0.5 or 0, and how it ended. */
    record Outcome(double white, String how, int plies) {}

    static Outcome play(Variant variant, List<Move> opening, Player white, Player black, long seed) {
        Game game = new Game(Position.start(variant));
        List<Long> hashes = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (Move m : opening) {
            hashes.add(game.current().hash());
            game.play(m);
        }
        while (!game.termination().isOver() && game.ply() < MAX_PLIES) {
            long[] history = hashes.stream().mapToLong(Long::longValue).toArray();
            Player p = game.current().sideToMove() == Side.WHITE ? white : black;
            Move m = p.move(game, history, random);
            hashes.add(game.current().hash());
            game.playLegal(m);
        }
        Termination t = game.termination();
        if (t.isOver()) {
            String r = t.result(game.current().sideToMove());
            return new Outcome(r.equals("1-0") ? 1 : r.equals("0-1") ? 0 : 0.5, t.description(), game.ply());
        }
        int diff = material(game.current(), Side.WHITE) - material(game.current(), Side.BLACK);
        return new Outcome(diff > 0 ? 1 : diff < 0 ? 0 : 0.5, "adjudicated at " + MAX_PLIES, game.ply());
    }

    static int material(Position p, Side side) {
        int n = p.inHand(side);
        for (int sq = 0; sq < p.board().size(); sq++) {
            var c = p.column(sq);
            if (c != null && c.owner() == side) n += c.height();
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        String a = "depth=4";
        String b = "depth=2";
        int openings = 100;
        int threads = 1;
        Variant variant = Variant.EMERGO;
        int first = 0;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--a" -> a = args[i + 1];
                case "--b" -> b = args[i + 1];
                case "--openings" -> openings = Integer.parseInt(args[i + 1]);
                case "--first" -> first = Integer.parseInt(args[i + 1]);
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                case "--variant" -> variant = Variant.parse(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Player pa = player(a);
        Player pb = player(b);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<double[]>> results = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = first; i < first + openings; i++) {
            final int index = i;
            final Variant v = variant;
            final String an = a;
            final String bn = b;
            results.add(pool.submit(() -> {
                List<Move> opening = opening(v, index);
                Outcome one = play(v, opening, pa, pb, index * 2L);
                Outcome two = play(v, opening, pb, pa, index * 2L + 1);
                synchronized (EngineMatch.class) {
                    System.out.printf(Locale.ROOT, "opening %d: %s white %.1f (%s, %d plies); %s white %.1f (%s, %d plies)%n",
                            index, an, one.white(), one.how(), one.plies(), bn, two.white(), two.how(), two.plies());
                }
                double aScore = one.white() + (1 - two.white());
                int aWins = (one.white() == 1 ? 1 : 0) + (two.white() == 0 ? 1 : 0);
                int bWins = (one.white() == 0 ? 1 : 0) + (two.white() == 1 ? 1 : 0);
                return new double[] {aScore, aWins, bWins};
            }));
        }
        double score = 0;
        int wins = 0;
        int losses = 0;
        for (Future<double[]> f : results) {
            double[] r = f.get();
            score += r[0];
            wins += (int) r[1];
            losses += (int) r[2];
        }
        pool.shutdown();
        int games = 2 * openings;
        System.out.printf(Locale.ROOT, "%s vs %s on %s, %d games: %s scores %.1f (%.1f%%): %d wins, %d draws, %d losses; %.0f s%n",
                a, b, variant.tagName(), games, a, score, 100 * score / games, wins, games - wins - losses, losses,
                (System.nanoTime() - start) / 1e9);
    }
}
