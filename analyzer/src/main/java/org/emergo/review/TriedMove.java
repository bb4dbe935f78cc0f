package org.emergo.review;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Move;
import org.emergo.rules.Side;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.SearchResult;

/**
 * The review of one move tried on the analysis board, made exactly as {@link Reviewer#review}
 * makes a game's: the position before it and the one after it searched with the game's earlier
 * positions as their history, the move put to the exact proof when the review would put it
 * ({@link Reviewer#forcedLossCandidates}), and judged by {@link MoveJudgements#review}. Nothing
 * here judges a move itself: a change to the review's judgement is a change here too.
 */
public final class TriedMove {

    private TriedMove() {}

    /**
     * The review of the last move of {@code game} (the move tried, from position
     * {@code game.lastPly() - 1}) and of the position after it; {@code null} for a game without a move.
     *
     * @return the review's two plies: index 0 the position before the move with the move's
     *         judgement, index 1 the position after it (its score and line)
     */
    public static List<PlyReview> review(Reviewer reviewer, PlayedGame game) {
        int ply = game.lastPly() - 1;
        if (ply < 0) return null;
        SearchResult before = reviewer.search(game, ply);
        SearchResult after = reviewer.search(game, ply + 1);
        // the review's own steps on the two positions alone: the searches above carry the whole history
        PlayedGame two = new PlayedGame(game.positions().subList(ply, ply + 2), List.of(game.moveFrom(ply)), -1);
        List<SearchResult> results = List.of(before, after);
        Map<Integer, ForcedLoss.Proof> proofs = new HashMap<>();
        if (!Reviewer.forcedLossCandidates(two, results).isEmpty()) proofs.put(0, reviewer.forcedLoss(game, ply, before.bestMove()));
        return MoveJudgements.review(two, results, proofs).plies();
    }

    /** A reviewed move as {@link ReviewText} words it, as it words a stored review's ply. */
    public static ReviewText.Judged judged(PlyReview p) {
        return new Words(p);
    }

    private record Words(PlyReview p) implements ReviewText.Judged {
        @Override
        public Side player() {
            return p.toMove();
        }

        @Override
        public String played() {
            return p.played() == null ? null : p.played().toString();
        }

        @Override
        public String bestMove() {
            return p.bestMove() == null ? null : p.bestMove().toString();
        }

        @Override
        public Integer loss() {
            return p.loss();
        }

        @Override
        public Double chancesLost() {
            return p.chancesLost();
        }

        @Override
        public MoveClass moveClass() {
            return p.moveClass();
        }

        @Override
        public ForcedLoss.Kind forcedKind() {
            return p.forcedLoss() == null ? null : p.forcedLoss().kind();
        }

        @Override
        public Integer forcedMen() {
            return p.forcedLoss() == null ? null : p.forcedLoss().men();
        }

        @Override
        public Integer forcedPlies() {
            return p.forcedLoss() == null ? null : p.forcedLoss().plies();
        }

        @Override
        public List<String> forcedLine() {
            return p.forcedLoss() == null ? List.of() : p.forcedLoss().line().stream().map(Move::toString).toList();
        }

        @Override
        public ForcedLoss.Outcome proof() {
            return p.proof() == null ? null : p.proof().outcome();
        }

        @Override
        public Integer proofHorizon() {
            return p.proof() == null ? null : p.proof().horizon();
        }
    }

    /** The search of the last position of {@code game}, as the review searches it. */
    public static SearchResult search(Reviewer reviewer, PlayedGame game) {
        return reviewer.search(game, game.lastPly());
    }
}
