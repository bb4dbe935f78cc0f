package org.emergo.store.review;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import org.emergo.review.GameReview;
import org.emergo.review.PlayedGame;
import org.emergo.review.Reviewer;
import org.emergo.search.Limit;
import org.emergo.store.db.Database;
import org.emergo.store.game.PendingGame;
import org.emergo.store.jdbc.ClaimedBatches;
import org.emergo.store.jdbc.OrderedBatches;
import org.emergo.store.jdbc.WorkClaims;
import org.jooq.exception.DataAccessException;

/**
 * {@code emergo review}: the engine judges every position and move of the stored games not yet
 * reviewed at a setting, on the pipeline of {@code analyze} ({@link OrderedBatches}): games are
 * reviewed on worker threads, a reviewer ({@link Reviewer}, its own searcher) each, and stored
 * a batch per transaction in id order. Every search depends only on its position, history and
 * limit, so the rows stored are the same with any number of threads.
 *
 * <p>A setting starts with the engine's winning-chance curve of each board; the run after
 * which {@link #OWN_CURVE_GAMES} decisive games of a board are reviewed at the setting fits
 * that board's curve to them and judges every game of the board again with it ({@link CurveFit}).
 * The viewer's review of one game is {@link OneGameReview}.
 */
public final class ReviewJob implements AutoCloseable {

    /**
     * The default search depth: a laptop reviews the demo's 3,000 games (590,000 positions) in
     * minutes with it (docs/review.md#judging-the-moves has the figures).
     */
    public static final int DEFAULT_DEPTH = 4;

    public static final Limit DEFAULT_LIMIT = Limit.depth(DEFAULT_DEPTH);

    /** The deepest search the command line takes. */
    public static final int MAX_DEPTH = 30;

    /** Games reviewed as one batch by one worker and stored in one transaction. */
    static final int BATCH = 4;

    /** Decisive games of a board reviewed at a setting from which on the database fits its own curve for the board. */
    public static final int OWN_CURVE_GAMES = 1000;

    /** Games judged again per transaction after a new curve. */
    static final int JUDGE_AGAIN_BATCH = 200;

    /** What a run reports as it goes. */
    public interface Listener {
        /** {@code games} reviewed and stored so far in this run. */
        void reviewed(long games);

        /** {@code games} of {@code of} judged again with a new curve and stored. */
        default void judgedAgain(long games, long of) {}
    }

    /**
     * What a run did, and what the database holds at the setting after it.
     *
     * @param games       games reviewed by this run, with their positions and nodes
     * @param stopped     of those, games judged only up to a move the rules refuse
     * @param failed      games that could not be replayed at all (an unreadable SetUp position)
     * @param judgedAgain games judged again with a new curve
     * @param totals      every game reviewed at the setting, as stored after the run
     * @param curves      each board's curve of these players at the setting after the run, in words
     * @param calibration each board's curves held against the results of games they were not fitted to
     */
    public record Summary(String setting, int games, long positions, long nodes, int stopped, int failed,
            int judgedAgain, ReviewRepository.Totals totals, List<String> curves, List<CurveCalibration.Board> calibration) {}

    private final Database db;
    private final ReviewRepository repository;
    private final ReviewSettings settings;
    private final CurveFit curveFit;
    private final Limit limit;
    private final int threads;
    private final ThreadLocal<Reviewer> reviewers;
    private ReviewSetting setting;

    public ReviewJob(Database db, Limit limit, int threads) {
        this(db, limit, threads, OWN_CURVE_GAMES, JUDGE_AGAIN_BATCH);
    }

    /** For tests: the own curve from fewer games, judging again in smaller batches. */
    ReviewJob(Database db, Limit limit, int threads, int ownCurveGames, int judgeAgainBatch) {
        this.db = db;
        this.repository = new ReviewRepository(db);
        this.settings = new ReviewSettings(db.dsl());
        this.curveFit = new CurveFit(settings, new OwnCurves(db.dsl()), ownCurveGames, judgeAgainBatch);
        this.limit = limit;
        this.threads = Math.max(1, threads);
        this.reviewers = ThreadLocal.withInitial(() -> new Reviewer(limit));
    }

    /** The setting of this job, made on first use. */
    public synchronized ReviewSetting setting() {
        if (setting == null) {
            try {
                setting = settings.setting(limit, Reviewer.VERSION);
            } catch (SQLException | DataAccessException e) {
                throw db.failure("cannot read the review settings", e);
            }
        }
        return setting;
    }

    /** Games a run would review: those matching {@code where} (null: all) not yet reviewed at the setting. */
    public int countPending(String where) {
        try {
            return repository.countPending(setting().id(), where);
        } catch (SQLException e) {
            throw db.failure("cannot count games", e);
        }
    }

    /** Reviews every game matching {@code where} not yet reviewed at the setting; see the class comment. */
    public Summary run(String where, Listener listener) {
        ExecutorService workers = OrderedBatches.daemonPool(threads, "emergo-review");
        Tally tally = new Tally();
        int judgedAgain;
        try {
            ReviewSetting s = setting();
            try (ClaimedBatches<PendingGame> batches = new ClaimedBatches<>(
                    WorkClaims.open(db, WorkClaims.reviewJob(s.id())),
                    (after, n) -> repository.pending(s.id(), after, n, where), PendingGame::id, BATCH)) {
                do {
                    OrderedBatches.run(workers, threads + 1, batches::next, batch -> review(batch, s), done -> {
                        repository.save(done.reviewed(), s);
                        batches.stored();
                        tally.add(done);
                        listener.reviewed(tally.games);
                    });
                } while (batches.anotherPass());
                // one process at a time fits the curve and judges again; the next finds it done
                judgedAgain = batches.exclusively(() -> curveFit.run(settings.reload(setting()), listener::judgedAgain));
            }
            db.confirmCommitsKept();
        } catch (SQLException | InterruptedException | ExecutionException e) {
            throw db.stopped("review", e);
        } finally {
            workers.shutdownNow();
        }
        synchronized (this) {
            setting = null; // the curve may have changed
        }
        ReviewSetting s = setting();
        try {
            return new Summary(limit.toString(), tally.games, tally.positions, tally.nodes, tally.stopped, tally.failed,
                    judgedAgain, repository.totals(s.id()), s.curvesInWords(),
                    new CurveCalibration(new OwnCurves(db.dsl())).boards(s.id()));
        } catch (SQLException e) {
            throw db.failure("cannot count reviews", e);
        }
    }

    /** A batch reviewed on a worker: the games reviewed, and how many could not be replayed. */
    private record Batch(List<ReviewRepository.ReviewedGame> reviewed, int failed) {}

    private Batch review(List<PendingGame> batch, ReviewSetting s) {
        Reviewer reviewer = reviewers.get();
        List<ReviewRepository.ReviewedGame> out = new ArrayList<>(batch.size());
        int failed = 0;
        for (PendingGame g : batch) {
            PlayedGame played;
            try {
                played = PlayedGame.replay(g.start(), g.moves());
            } catch (RuntimeException e) {
                failed++; // the analysis reports it: the game has no position to judge
                continue;
            }
            out.add(new ReviewRepository.ReviewedGame(g.id(), g.variant(),
                    reviewer.review(played)));
        }
        return new Batch(out, failed);
    }

    @Override
    public void close() {
        // the workers of a run end with it; kept AutoCloseable for the callers' try blocks
    }

    private static final class Tally {
        int games;
        long positions;
        long nodes;
        int stopped;
        int failed;

        void add(Batch batch) {
            failed += batch.failed();
            for (ReviewRepository.ReviewedGame g : batch.reviewed()) {
                GameReview r = g.review();
                games++;
                positions += r.plies().size();
                nodes += r.nodes();
                if (r.stoppedAtPly() >= 0) stopped++;
            }
        }
    }
}
