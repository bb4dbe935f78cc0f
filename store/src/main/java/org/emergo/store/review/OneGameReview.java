package org.emergo.store.review;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.emergo.review.GameReview;
import org.emergo.review.PlayedGame;
import org.emergo.review.Reviewer;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.PendingGame;
import org.emergo.store.jdbc.OrderedBatches;

/**
 * The review of one game on demand, for the viewer's review button: made and stored at the
 * given setting first if the game has none, by {@link Reviewer#review(PlayedGame, Reviewer.Runner,
 * java.util.function.Supplier)} as every review is, with its positions searched on this
 * object's threads at once; one object may serve many requests at a time.
 */
public final class OneGameReview implements AutoCloseable {

    private final ReviewRepository repository;
    private final ReviewSettings settings;
    private final Limit limit;
    private final ExecutorService pool;
    private final ThreadLocal<Reviewer> reviewers;

    public OneGameReview(Database db, Limit limit, int threads) {
        this.repository = new ReviewRepository(db);
        this.settings = new ReviewSettings(db.dsl());
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
                GameReview review = Reviewer.review(played, onThePool, reviewers::get);
                repository.save(List.of(new ReviewRepository.ReviewedGame(gameId, variant, review)), s);
            }
            return repository.find(gameId, s);
        } catch (SQLException e) {
            throw new StoreException("cannot review game " + gameId + ": " + e.getMessage(), e);
        } catch (ExecutionException e) {
            throw new StoreException("review failed: " + e.getCause(), e.getCause());
        }
    }

    /** Runs a review's tasks on this object's threads at once. */
    private final Reviewer.Runner onThePool = new Reviewer.Runner() {
        @Override
        public <T> List<T> runAll(List<Callable<T>> tasks) throws ExecutionException {
            List<Future<T>> running = new ArrayList<>();
            for (Callable<T> t : tasks) running.add(pool.submit(t));
            List<T> out = new ArrayList<>(running.size());
            try {
                for (Future<T> f : running) out.add(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running.forEach(f -> f.cancel(true));
                throw new StoreException("review interrupted", e);
            }
            return out;
        }
    };

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
