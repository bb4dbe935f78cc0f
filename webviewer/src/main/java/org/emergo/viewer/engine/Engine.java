package org.emergo.viewer.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.emergo.review.PlayedGame;
import org.emergo.review.PlyReview;
import org.emergo.review.Reviewer;
import org.emergo.review.TriedMove;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.search.Limit;
import org.emergo.search.SearchResult;

/**
 * The engine of the analysis board: it answers a move tried with the review's own search and
 * proof ({@link TriedMove}), at the review's default depth, so that its words are the review's.
 * It keeps the viewer safe to leave running (docs/safety.md): the searches run on one thread of
 * their own with a short queue, each client has one analysis at a time, and a request waits for
 * its answer only for a while; past that it is told the engine is busy. The answers of the last
 * positions asked are kept, so that the page, its API and the download ask each once.
 */
public final class Engine implements AutoCloseable {

    /** The review's default setting (ReviewJob.DEFAULT_LIMIT): the same scores as the review's. */
    public static final Limit LIMIT = Limit.depth(4);

    /** A request waits this long for its client's earlier analysis to end... */
    static final long CLIENT_WAIT_MILLIS = 3_000;

    /** ...and this long for its own answer (docs/viewer.md#the-analysis-board). */
    static final long ANSWER_WAIT_MILLIS = 5_000;

    /** Analyses waiting for the engine's thread, beyond which a request is refused at once. */
    static final int QUEUE = 8;

    private static final int KEPT = 512;

    /** The engine could not answer now; the words say why. */
    public static final class Busy extends Exception {
        public Busy(String message) {
            super(message, null, false, false);
        }
    }

    private final ThreadPoolExecutor thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(QUEUE), r -> {
                Thread t = new Thread(r, "emergo-analysis");
                t.setDaemon(true);
                return t;
            });
    private final Reviewer reviewer = new Reviewer(LIMIT); // used on the engine's thread only
    private final Runnable beforeEach;

    public Engine() {
        this(() -> { });
    }

    /** An engine that runs {@code beforeEach} on its thread before each analysis: a test holds it busy so. */
    public Engine(Runnable beforeEach) {
        this.beforeEach = beforeEach;
    }
    private final Map<String, Semaphore> clients = new ConcurrentHashMap<>();
    private final Map<String, Answer> kept = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Answer> eldest) {
            return size() > KEPT;
        }
    };

    /**
     * The engine's answer on the last position of {@code game}: its score and line, and the
     * judgement of the move that led there when {@code judgeLast}.
     *
     * @param client who asks (the remote address): one analysis at a time each
     */
    public Answer answer(String client, PlayedGame game, boolean judgeLast) throws Busy {
        String key = key(game, judgeLast);
        synchronized (kept) {
            Answer a = kept.get(key);
            if (a != null) return a;
        }
        Answer a = run(client, () -> compute(game, judgeLast));
        synchronized (kept) {
            kept.put(key, a);
        }
        return a;
    }

    /** The answer of a position already asked, or null: what a page can show without waiting. */
    public Answer keptAnswer(PlayedGame game, boolean judgeLast) {
        synchronized (kept) {
            return kept.get(key(game, judgeLast));
        }
    }

    private Answer compute(PlayedGame game, boolean judgeLast) {
        if (judgeLast && game.lastPly() > 0) {
            List<PlyReview> two = TriedMove.review(reviewer, game);
            return Answer.of(game.positions().get(game.lastPly()), two.get(1), two.get(0));
        }
        SearchResult r = TriedMove.search(reviewer, game);
        return Answer.of(game.positions().get(game.lastPly()), r);
    }

    /** Runs {@code job} on the engine's thread for {@code client}, one at a time per client, waiting a while at most. */
    public <T> T run(String client, Callable<T> job) throws Busy {
        Semaphore mine = clients.computeIfAbsent(client, c -> new Semaphore(1));
        try {
            if (!mine.tryAcquire(CLIENT_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                throw new Busy("The engine is still answering an earlier move of yours; ask again in a moment.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Busy("The request was interrupted.");
        }
        try {
            Future<T> f;
            try {
                f = thread.submit(() -> {
                    beforeEach.run();
                    return job.call();
                });
            } catch (RejectedExecutionException e) {
                throw new Busy("The engine is busy with other analyses; ask again in a moment.");
            }
            try {
                return f.get(ANSWER_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // the search stops by itself at its limit; the next request of this client waits for it
                throw new Busy("The engine took too long on this position; ask again in a moment.");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Busy("The request was interrupted.");
            }
        } finally {
            mine.release();
        }
    }

    /** The game's positions and moves as a key: the same moves from the same start are the same analysis. */
    private static String key(PlayedGame game, boolean judgeLast) {
        StringBuilder sb = new StringBuilder(game.positions().get(0).toString()).append(judgeLast ? "|j" : "|s");
        for (Move m : game.moves()) sb.append(' ').append(m);
        return sb.toString();
    }

    /** The game of {@code base}'s first {@code ply} moves followed by {@code moves}; null where one is not legal. */
    public static PlayedGame extend(PlayedGame base, int ply, List<String> moves) {
        List<Position> positions = new java.util.ArrayList<>(base.positions().subList(0, ply + 1));
        List<Move> played = new java.util.ArrayList<>(base.moves().subList(0, ply));
        Position p = positions.get(ply);
        for (String text : moves) {
            Move m = AnalysisBoard.legal(p, text);
            if (m == null) return null;
            p = p.play(m);
            played.add(m);
            positions.add(p);
        }
        return new PlayedGame(positions, played, -1);
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
