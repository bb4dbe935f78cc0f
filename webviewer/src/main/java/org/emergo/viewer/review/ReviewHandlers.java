package org.emergo.viewer.review;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.NotFoundResponse;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.review.OneGameReview;
import org.emergo.store.review.ReviewJob;
import org.emergo.store.review.ReviewRepository;
import org.emergo.store.review.StoredReview;
import org.emergo.viewer.http.Params;
import org.emergo.viewer.http.SameOrigin;

/**
 * The review button of a game page: the engine reviews that one game at the default setting of
 * {@code emergo review} ({@link ReviewJob#DEFAULT_LIMIT}), then the browser is sent back to the
 * page at the same ply (303), which shows the review. Only the viewer's own pages may ask
 * ({@link SameOrigin}). Reviews run one at a time, so two clicks on one button review the game
 * once and the second answer waits for the first; the positions of a game are searched on all
 * cores.
 */
public final class ReviewHandlers implements AutoCloseable {

    private final Database db;
    private final ReentrantLock lock = new ReentrantLock(true);
    private OneGameReview job;

    public ReviewHandlers(Database db) {
        this.db = db;
    }

    public void review(Context ctx) {
        SameOrigin.require(ctx);
        long id = Params.id(ctx.pathParam("id"));
        String ply = ctx.formParam("ply");
        int at = ply != null && ply.matches("\\d{1,9}") ? Integer.parseInt(ply) : 0;
        boolean flip = "1".equals(ctx.formParam("flip"));
        if (!new GameRepository(db.dsl()).exists(id)) throw new NotFoundResponse("no game " + id);
        Optional<StoredReview> review;
        lock.lock();
        try {
            review = job().review(id);
        } finally {
            lock.unlock();
        }
        if (review.isEmpty()) {
            throw new BadRequestResponse("game " + id + " cannot be replayed from its start, so the engine cannot review it");
        }
        // back to the ply the button was pressed at (the page's own form says it)
        ctx.redirect("/game/" + id + "/" + at + (flip ? "?flip=1" : ""), HttpStatus.SEE_OTHER);
    }

    /** A game's latest review (of any setting, as {@link ReviewRepository#latest} says), or null when it has none. */
    static StoredReview latest(Database db, long gameId) {
        return new ReviewRepository(db).latest(gameId).orElse(null);
    }

    private synchronized OneGameReview job() {
        if (job == null) job = new OneGameReview(db, ReviewJob.DEFAULT_LIMIT, Runtime.getRuntime().availableProcessors());
        return job;
    }

    /** Stops the review threads. */
    @Override
    public synchronized void close() {
        if (job != null) job.close();
    }
}
