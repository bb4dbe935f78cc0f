package org.emergo.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.emergo.review.GameReview;
import org.emergo.review.MoveJudgements;
import org.emergo.review.PlayedGame;
import org.emergo.review.Reviewer;
import org.emergo.rules.Position;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.SearchResult;
import org.emergo.search.WinCurve;

/**
 * Which moves the review puts to the proof (docs/engine.md#the-reviews-budget): the self-play
 * games of {@link ProofCost}, every move the rule before review version 9 proved (half a man
 * given away, or a mistake by the scores) proved, and for those that {@link
 * Reviewer#forcedLossCandidates} no longer proves and for those it does: the proofs, their
 * positions, their verdicts, and the moves whose class the proof changed.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.emergo.bench.ProofCandidates [games] [variant]
 * </pre>
 */
public final class ProofCandidates {

    private ProofCandidates() {}

    public static void main(String[] args) {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Variant variant = args.length > 1 ? Variant.valueOf(args[1].toUpperCase(Locale.ROOT)) : Variant.EMERGO;
        Reviewer reviewer = ProofCost.reviewer();
        WinCurve curve = Judgement.curve(variant);
        org.emergo.generate.SelfPlay selfPlay = ProofCost.selfPlay(variant);
        long[][] tally = new long[2][4]; // [dropped, kept][proofs, positions, verdicts, classes changed]
        for (int g = 0; g < games; g++) {
            PlayedGame game = PlayedGame.replay(Position.start(variant), selfPlay.game(g).moves());
            List<SearchResult> results = ProofCost.searches(game, reviewer);
            Set<Integer> kept = new HashSet<>(Reviewer.forcedLossCandidates(game, results));
            List<Integer> before = new ArrayList<>();
            for (int ply = 0; ply < game.lastPly(); ply++) {
                SearchResult here = results.get(ply);
                if (game.moveFrom(ply).equals(here.bestMove())) continue;
                int after = -results.get(ply + 1).score();
                int loss = MoveJudgements.loss(here.score(), after, false);
                double drop = Judgement.chanceBefore(curve, here.score()) - Judgement.chanceAfter(curve, -after);
                if (loss >= Reviewer.FORCED_LOSS_CHECK || drop >= Judgement.MISTAKE) before.add(ply);
            }
            Map<Integer, ForcedLoss.Proof> proofs = new HashMap<>();
            Map<Integer, Long> positions = new HashMap<>();
            for (int ply : before) {
                long at = ForcedLoss.positionsSearched();
                proofs.put(ply, reviewer.forcedLoss(game, ply, results.get(ply).bestMove()));
                positions.put(ply, ForcedLoss.positionsSearched() - at);
            }
            GameReview with = MoveJudgements.review(game, results, proofs);
            GameReview without = MoveJudgements.review(game, results, Map.of());
            for (int ply : before) {
                long[] t = tally[kept.contains(ply) ? 1 : 0];
                t[0]++;
                t[1] += positions.get(ply);
                if (proofs.get(ply).verdict() != null) t[2]++;
                if (with.plies().get(ply).moveClass() != without.plies().get(ply).moveClass()) t[3]++;
            }
        }
        System.out.printf(Locale.ROOT, "%s, %d games: proofs, positions, verdicts, classes the proof changed%n", variant, games);
        String[] names = {"no longer proved", "proved"};
        for (int i = 0; i < 2; i++) {
            System.out.printf(Locale.ROOT, "%-17s %,7d %,13d %,7d %,5d%n", names[i], tally[i][0], tally[i][1], tally[i][2], tally[i][3]);
        }
    }
}
