package org.emergo.store.review;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.emergo.review.GameReview;
import org.emergo.review.MoveJudgements;
import org.emergo.review.PlayedGame;
import org.emergo.review.Reviewer;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;
import org.emergo.search.WinCurve;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.PendingGame;
import org.emergo.store.jdbc.OrderedBatches;

/**
 * The review of one game on demand, for the viewer's review button: made and stored at the
 * given setting first if the game has none (a 200-ply game of the demo took 0.4-0.5 s at the
 * default setting with two threads, the first one 1.4 s in a new JVM). Its positions are
 * searched on this object's threads at once; one object may serve many requests at a time.
 */
public final class OneGameReview implements AutoCloseable {

    private final ReviewRepository repository;
    private final ReviewSettings settings;
    private final Limit limit;
    private final ExecutorService pool;
    private final ThreadLocal<Reviewer> reviewers;

    public OneGameReview(Database db, Limit limit, int threads) {
        this.repository = new ReviewRepository(db);
        this.settings = new ReviewSettings(db);
        this.limit = limit;
        this.pool = OrderedBatches.daemonPool(Math.max(1, threads), "emergo-review-game");
        this.reviewers = ThreadLocal.withInitial(() -> new Reviewer(limit));
    }

    /** The game's review at the setting; empty for a game that does not exist or cannot be replayed. */
    public Optional<StoredReview> review(long gameId) {
        try {
            // read each time: a review run may have fitted the setting's curve meanwhile
            ReviewSetting s = settings.setting(limit, Reviewer.VERSION);
            if (!repository.isReviewed(gameId, s.id())) {
                Optional<PendingGame> g = repository.game(gameId);
                if (g.isEmpty()) return Optional.empty();
                PlayedGame played;
                try {
                    played = PlayedGame.replay(g.get().start(), g.get().moves());
                } catch (RuntimeException e) {
                    return Optional.empty();
                }
                Variant variant = g.get().variant();
                GameReview review = reviewInParallel(played, s.curve(variant).curve());
                repository.save(List.of(new ReviewRepository.ReviewedGame(gameId, variant, review)), s);
            }
            return repository.find(gameId, s);
        } catch (SQLException e) {
            throw new StoreException("cannot review game " + gameId + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("review interrupted", e);
        } catch (ExecutionException e) {
            throw new StoreException("review failed: " + e.getCause(), e.getCause());
        }
    }

    /** A game's positions searched on the threads at once, then its candidate moves proved, then judged. */
    private GameReview reviewInParallel(PlayedGame game, WinCurve curve) throws InterruptedException, ExecutionException {
        List<Future<SearchResult>> searches = new ArrayList<>();
        for (int ply = 0; ply <= game.lastPly(); ply++) {
            int p = ply;
            searches.add(pool.submit(() -> reviewers.get().search(game, p)));
        }
        List<SearchResult> results = new ArrayList<>(searches.size());
        for (Future<SearchResult> f : searches) results.add(f.get());
        Map<Integer, Future<ForcedLoss.Proof>> proofs = new HashMap<>();
        for (int ply : Reviewer.forcedLossCandidates(game, results)) {
            proofs.put(ply, pool.submit(() -> reviewers.get().forcedLoss(game, ply)));
        }
        Map<Integer, ForcedLoss.Proof> done = new HashMap<>();
        for (Map.Entry<Integer, Future<ForcedLoss.Proof>> e : proofs.entrySet()) done.put(e.getKey(), e.getValue().get());
        // moves are classed by the engine's curve of the board (Judgement.curve); the setting's curve is calibration
        return MoveJudgements.review(game, results, done);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
