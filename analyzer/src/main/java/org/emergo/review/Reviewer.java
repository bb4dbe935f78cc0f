package org.emergo.review;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;
import org.emergo.search.Searcher;
import org.emergo.search.WinCurve;

/**
 * Reviews games with one {@link Searcher}: one reviewer per thread. Each position is searched
 * with the game's earlier positions as its repetition history, and a move that gave away a
 * man or more by the search's own scores is handed to the exact proof of {@link ForcedLoss}.
 * What it finds depends only on the game and the limit, never on what the reviewer did before.
 */
public final class Reviewer {

    /**
     * The review's version, stored with each setting (review_setting.engine_version): raise it
     * whenever the search, its evaluation or the judgement of moves can change a stored row, and
     * every game is reviewed again at the new version.
     */
    public static final String VERSION = "9";

    /**
     * Transposition table of 2^14 entries per reviewer (256 KiB): a search at the default depth
     * visits about 1,700 positions, and a table that stays in the core's cache searches the same
     * positions 7% faster than one of 2^18 (SearchBenchmark).
     */
    public static final int TABLE_BITS = 14;

    /** A move is put to the forced-loss proof when it gave away this much against the best move (half a man). */
    public static final int FORCED_LOSS_CHECK = 50;

    /** The proof looks this many plies ahead from the move played (the move and six more)... */
    public static final int FORCED_LOSS_PLIES = ForcedLoss.DEFAULT_PLIES;

    /** ...and gives up beyond this many nodes (docs/engine.md#the-reviews-budget). */
    public static final long FORCED_LOSS_NODES = ForcedLoss.DEFAULT_NODES;

    private final Searcher searcher = new Searcher(TABLE_BITS);
    private final Limit limit;

    public Reviewer(Limit limit) {
        this.limit = limit;
    }

    public Limit limit() {
        return limit;
    }

    /** The whole review of a game, one position after another on this reviewer's thread. */
    public GameReview review(PlayedGame game) {
        try {
            return review(game, Runner.HERE, () -> this);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /**
     * Runs tasks and gives their results in their order: one after another on the calling thread
     * ({@link #HERE}), or on a pool's threads at once.
     */
    public interface Runner {
        <T> List<T> runAll(List<Callable<T>> tasks) throws ExecutionException;

        Runner HERE = new Runner() {
            @Override
            public <T> List<T> runAll(List<Callable<T>> tasks) throws ExecutionException {
                List<T> out = new ArrayList<>(tasks.size());
                for (Callable<T> t : tasks) {
                    try {
                        out.add(t.call());
                    } catch (Exception e) {
                        throw new ExecutionException(e);
                    }
                }
                return out;
            }
        };
    }

    /**
     * A game's review, the one way every review is made: its positions searched, then the moves
     * the proof could change proved, then judged; each task on a reviewer of {@code reviewers}
     * (one per thread) as {@code runner} runs them.
     */
    public static GameReview review(PlayedGame game, Runner runner, Supplier<Reviewer> reviewers)
            throws ExecutionException {
        List<Callable<SearchResult>> searches = new ArrayList<>();
        for (int ply = 0; ply <= game.lastPly(); ply++) {
            int p = ply;
            searches.add(() -> reviewers.get().search(game, p));
        }
        List<SearchResult> results = runner.runAll(searches);
        List<Integer> candidates = forcedLossCandidates(game, results);
        List<Callable<ForcedLoss.Proof>> proving = new ArrayList<>();
        for (int ply : candidates) proving.add(() -> reviewers.get().forcedLoss(game, ply, results.get(ply).bestMove()));
        List<ForcedLoss.Proof> proved = runner.runAll(proving);
        Map<Integer, ForcedLoss.Proof> proofs = new HashMap<>();
        for (int i = 0; i < candidates.size(); i++) proofs.put(candidates.get(i), proved.get(i));
        // moves are classed by the engine's curve of the board (Judgement.curve); a setting's curve is calibration
        return MoveJudgements.review(game, results, proofs);
    }

    /**
     * The class of a move tried again in position {@code ply} instead of the one played (a
     * player's mistakes to retry): GOOD for the search's best move, else the judgement of the
     * search's scores before and after it, as the review classes a move before any proof.
     */
    public MoveClass classOf(PlayedGame game, int ply, Move tried) {
        SearchResult here = search(game, ply);
        if (tried.equals(here.bestMove())) return MoveClass.GOOD;
        Position before = game.positions().get(ply);
        long[] history = Arrays.copyOf(game.history(ply), ply + 1);
        history[ply] = before.hash();
        SearchResult after = searcher.search(before.play(tried), history, limit);
        return Judgement.classify(Judgement.curve(before.variant()), here.score(),
                after.score());
    }

    /** The search of position {@code ply}. */
    public SearchResult search(PlayedGame game, int ply) {
        return searcher.search(game.positions().get(ply), game.history(ply), limit);
    }

    /**
     * A move that gave away {@link #FORCED_LOSS_CHECK} or more but that the scores class less than
     * a mistake is proved only where the game is still in play on one side of it: from a position
     * scored within this much (a man) of level, where a verdict of two men makes it a mistake at
     * least, or from one the mover leads by more, into one within it, where a verdict of the game
     * lost is all (a move from a lead of 1.55 men the scores call an inaccuracy lost the game by
     * force on the demo). In a game already won or lost the curve hardly moves with a few men:
     * such proofs cost much and change few classes (docs/engine.md#the-reviews-budget).
     */
    public static final int FORCED_LOSS_LEVEL = 100;

    /**
     * The plies whose move the search's scores would class a mistake or worse, or that gave away
     * {@link #FORCED_LOSS_CHECK} or more against the best move from a position the mover is not
     * behind in by more than {@link #FORCED_LOSS_LEVEL}, into one it does not lead by more: the
     * moves whose class the proof can change, but for the few whose class a verdict would change
     * in a game already decided.
     */
    public static List<Integer> forcedLossCandidates(PlayedGame game, List<SearchResult> results) {
        List<Integer> plies = new ArrayList<>();
        WinCurve curve = Judgement.curve(game.positions().get(0).variant());
        for (int ply = 0; ply < game.lastPly(); ply++) {
            Move played = game.moveFrom(ply);
            SearchResult here = results.get(ply);
            if (played.equals(here.bestMove())) continue;
            int after = -results.get(ply + 1).score();
            int loss = MoveJudgements.loss(here.score(), after, false);
            double drop = Judgement.chanceBefore(curve, here.score())
                    - Judgement.chanceAfter(curve, -after);
            boolean inPlay = here.score() >= -FORCED_LOSS_LEVEL && after <= FORCED_LOSS_LEVEL;
            if (drop >= Judgement.MISTAKE || loss >= FORCED_LOSS_CHECK && inPlay) {
                plies.add(ply);
            }
        }
        return plies;
    }

    /**
     * The exact proof that the move played from position {@code ply} loses men by force, or
     * null; a forcing line that the rules engine does not replay as legal proves nothing and
     * is dropped.
     */
    public ForcedLoss.Proof forcedLoss(PlayedGame game, int ply) {
        return forcedLoss(game, ply, null);
    }

    /**
     * As {@link #forcedLoss(PlayedGame, int)}, with {@code better} the move a win missed is first
     * looked for in: the search's best move there (null: the proof's own choice).
     */
    public ForcedLoss.Proof forcedLoss(PlayedGame game, int ply, Move better) {
        Position before = game.positions().get(ply);
        ForcedLoss.Proof p = ForcedLoss.prove(before, game.history(ply), game.moveFrom(ply), better, FORCED_LOSS_PLIES,
                FORCED_LOSS_NODES);
        if (p.verdict() != null && !ForcingLine.replaysLegally(before, p.verdict().line())) {
            return ForcedLoss.Proof.UNKNOWN;
        }
        return p;
    }
}
