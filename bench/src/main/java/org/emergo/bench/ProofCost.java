package org.emergo.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.emergo.generate.SelfPlay;
import org.emergo.review.PlayedGame;
import org.emergo.review.ReviewText;
import org.emergo.review.Reviewer;
import org.emergo.rules.Position;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;

/**
 * What the review's forced-loss proofs cost beside its searches (docs/engine.md#the-reviews-budget):
 * self-play games (the kind the demo holds) are searched at the review's depth, their candidate
 * moves proved as {@link Reviewer} proves them, and the CPU time of each part, the outcomes and
 * the horizons the proofs completed are printed. CPU time of this thread, so that a shared
 * machine's load moves the figures less; the ratio of the two parts is the figure to compare.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.emergo.bench.ProofCost [games] [variant] [plies] [nodes] [reference-nodes] [reference-plies]
 * </pre>
 *
 * With a reference budget (2000000: nearly every proof then completes every horizon), each
 * candidate is proved again within it, and the verdicts are held against the reference's: how
 * many it finds, how many of the budget's it finds too, in the same words, and how many it
 * refutes (a horizon the budget did not complete wins the men back). A reference cap longer
 * than the cap asks what one more ply or two would say: a verdict refuted there is one that
 * the horizons past the cap win back (docs/engine.md#losing-men-by-force).
 */
public final class ProofCost {

    private ProofCost() {}

    /** The games proved: self-play of seed 7, the kind the demo holds. */
    static SelfPlay selfPlay(Variant variant) {
        return new SelfPlay(variant, 7);
    }

    /** The searches at the review's depth, whose results pick the moves to prove. */
    static Reviewer reviewer() {
        return new Reviewer(Limit.depth(4));
    }

    /** The plies of {@code game} whose moves the review puts to a proof, each position searched first as the review does. */
    static List<Integer> candidates(PlayedGame game, Reviewer reviewer) {
        return Reviewer.forcedLossCandidates(game, searches(game, reviewer));
    }

    /** Every position of {@code game} searched as the review searches it. */
    static List<SearchResult> searches(PlayedGame game, Reviewer reviewer) {
        List<SearchResult> results = new ArrayList<>();
        for (int ply = 0; ply <= game.lastPly(); ply++) results.add(reviewer.search(game, ply));
        return results;
    }

    public static void main(String[] args) {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        Variant variant = args.length > 1 ? Variant.valueOf(args[1].toUpperCase(Locale.ROOT)) : Variant.EMERGO;
        int plies = args.length > 2 ? Integer.parseInt(args[2]) : ForcedLoss.DEFAULT_PLIES;
        long nodes = args.length > 3 ? Long.parseLong(args[3]) : ForcedLoss.DEFAULT_NODES;
        long reference = args.length > 4 ? Long.parseLong(args[4]) : 0;
        int referencePlies = args.length > 5 ? Integer.parseInt(args[5]) : plies;
        int verdicts = 0;
        int referenceVerdicts = 0;
        int same = 0;
        int refuted = 0;
        int[] verdictsAt = new int[plies + 1];
        int[] refutedAt = new int[plies + 1];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        SelfPlay selfPlay = selfPlay(variant);
        Reviewer reviewer = reviewer();
        long searchCpu = 0;
        long proofCpu = 0;
        int moves = 0;
        int candidates = 0;
        long positions = 0;
        long digest = 0;
        int[] horizons = new int[plies + 1];
        Map<ForcedLoss.Outcome, Integer> outcomes = new EnumMap<>(ForcedLoss.Outcome.class);
        for (int g = 0; g < games; g++) {
            PlayedGame game = PlayedGame.replay(Position.start(variant), selfPlay.game(g).moves());
            long t0 = mx.getCurrentThreadCpuTime();
            List<SearchResult> results = searches(game, reviewer);
            List<Integer> toProve = Reviewer.forcedLossCandidates(game, results);
            long t1 = mx.getCurrentThreadCpuTime();
            long referenceCpu = 0;
            for (int ply : toProve) {
                long positionsBefore = ForcedLoss.positionsSearched();
                // As the review proves it: the search's best move is where a win missed is looked for first.
                ForcedLoss.Proof p = ForcedLoss.prove(game.positions().get(ply), game.history(ply), game.moveFrom(ply),
                        results.get(ply).bestMove(), plies, nodes);
                positions += ForcedLoss.positionsSearched() - positionsBefore;
                digest = digest * 31 + p.toString().hashCode();
                outcomes.merge(p.outcome(), 1, Integer::sum);
                horizons[p.horizon()]++;
                candidates++;
                if (p.verdict() != null) {
                    verdicts++;
                    verdictsAt[p.horizon()]++;
                }
                if (reference == 0) continue;
                long before = mx.getCurrentThreadCpuTime();
                ForcedLoss.Proof r = ForcedLoss.prove(game.positions().get(ply), game.history(ply), game.moveFrom(ply), referencePlies, reference);
                referenceCpu += mx.getCurrentThreadCpuTime() - before; // not the budget's cost
                if (r.verdict() != null) referenceVerdicts++;
                if (p.verdict() != null && r.verdict() != null && ReviewText.verdict(p.verdict()).equals(ReviewText.verdict(r.verdict()))) same++;
                if (p.verdict() != null && r.horizon() == referencePlies && r.verdict() == null) {
                    refuted++;
                    refutedAt[p.horizon()]++;
                }
            }
            proofCpu += mx.getCurrentThreadCpuTime() - t1 - referenceCpu;
            searchCpu += t1 - t0;
            moves += game.lastPly();
        }
        StringBuilder reached = new StringBuilder();
        for (int h = ForcedLoss.MIN_PLIES; h <= plies; h++) reached.append(' ').append(h).append(':').append(horizons[h]);
        System.out.printf(Locale.ROOT, "%s, %d games, %d moves, %d put to the proof (cap %d plies, %d nodes)%n", variant, games, moves,
                candidates, plies, nodes);
        System.out.printf(Locale.ROOT, "CPU: searches %.1f s, proofs %.1f s, proofs/searches %.2f%n", searchCpu / 1e9, proofCpu / 1e9,
                (double) proofCpu / searchCpu);
        System.out.println("outcomes: " + outcomes + "; horizons completed:" + reached);
        System.out.printf(Locale.ROOT, "proof positions %d; short of the cap %d (unknown %d); verdicts %d; digest of the proofs %016x%n", positions,
                candidates - horizons[plies], outcomes.getOrDefault(ForcedLoss.Outcome.UNKNOWN, 0), verdicts, digest);
        if (reference > 0) {
            System.out.printf(Locale.ROOT, "verdicts %d; within %d nodes and %d plies %d, of which %d in the same words; %d refuted there%n",
                    verdicts, reference, referencePlies, referenceVerdicts, same, refuted);
            StringBuilder byHorizon = new StringBuilder("verdicts by the horizon their proof completed (refuted):");
            for (int h = ForcedLoss.MIN_PLIES; h <= plies; h++) {
                byHorizon.append(' ').append(h).append(':').append(verdictsAt[h]).append(" (").append(refutedAt[h]).append(')');
            }
            System.out.println(byHorizon);
        }
    }
}
