package org.emergo.store.puzzle;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import org.emergo.puzzle.PuzzleMiner;
import org.emergo.review.PlayedGame;
import org.emergo.store.db.Database;
import org.emergo.store.game.PendingGame;
import org.emergo.store.jdbc.ClaimedBatches;
import org.emergo.store.jdbc.OrderedBatches;
import org.emergo.store.jdbc.WorkClaims;

/**
 * {@code emergo puzzles}: mines the reviewed games not yet mined, on the pipeline of
 * {@code review} ({@link OrderedBatches}, {@link ClaimedBatches}): games are mined on worker
 * threads and stored a batch per transaction in id order, each claimed so that several processes
 * on one PostgreSQL database share the games with no overlap. A puzzle depends only on its
 * position and the game's history (its search reads no clock), so the rows stored are the same
 * on every run and with any number of threads or processes.
 */
public final class PuzzleJob {

    /** Games mined as one batch by one worker and stored in one transaction. */
    static final int BATCH = 8;

    /** What a run reports as it goes. */
    public interface Listener {
        /** {@code games} mined and stored so far in this run. */
        void mined(long games);
    }

    /**
     * What a run did, and the set after it.
     *
     * @param games   games mined by this run
     * @param tried   positions tried (the review's marks chose them)
     * @param found   puzzles found by this run (the same position in two games counts twice)
     * @param failed  games that could not be replayed
     * @param byBoard the set's puzzles per board after the run, one per position
     */
    public record Summary(int games, long tried, long found, int failed, Map<String, Integer> byBoard) {}

    private final Database db;
    private final PuzzleRepository repository;
    private final int threads;

    public PuzzleJob(Database db, int threads) {
        this.db = db;
        this.repository = new PuzzleRepository(db);
        this.threads = Math.max(1, threads);
    }

    /** Games a run would mine: the reviewed games matching {@code where} (null: all) not yet mined. */
    public int countPending(String where) {
        try {
            return repository.countPending(where);
        } catch (SQLException e) {
            throw db.failure("cannot count games", e);
        }
    }

    /** Mines every reviewed game matching {@code where} not yet mined; see the class comment. */
    public Summary run(String where, Listener listener) {
        ExecutorService workers = OrderedBatches.daemonPool(threads, "emergo-puzzles");
        long[] tally = new long[4]; // games, tried, found, failed
        try (ClaimedBatches<PendingGame> batches = new ClaimedBatches<>(
                WorkClaims.open(db, WorkClaims.puzzleJob(PuzzleMiner.VERSION)),
                (after, n) -> repository.pending(after, n, where), PendingGame::id, BATCH)) {
            do {
                OrderedBatches.run(workers, threads + 1, batches::next, this::mine, done -> {
                    repository.save(done.mined());
                    batches.stored();
                    for (PuzzleRepository.MinedGame g : done.mined()) {
                        tally[0]++;
                        tally[1] += g.tried();
                        tally[2] += g.puzzles().size();
                    }
                    tally[3] += done.failed();
                    listener.mined(tally[0]);
                });
            } while (batches.anotherPass());
            repository.settleSet();
            db.confirmCommitsKept();
        } catch (SQLException | InterruptedException | ExecutionException e) {
            throw db.stopped("puzzles", e);
        } finally {
            // its workers read the review's marks from the database: never interrupted
            OrderedBatches.stopWithoutInterrupting(workers);
        }
        return new Summary((int) tally[0], tally[1], tally[2], (int) tally[3], repository.countsByBoard());
    }

    private record Batch(List<PuzzleRepository.MinedGame> mined, int failed) {}

    private Batch mine(List<PendingGame> batch) {
        List<PuzzleRepository.MinedGame> out = new ArrayList<>(batch.size());
        int failed = 0;
        for (PendingGame g : batch) {
            PuzzleRepository.ReviewMarks marks = repository.marks(g.id());
            PlayedGame played;
            try {
                played = PlayedGame.replay(g.start(), g.moves());
            } catch (RuntimeException e) {
                failed++; // the analysis reports it: the game has no position to try
                continue;
            }
            if (marks == null) continue; // its review went meanwhile: pending again once reviewed
            int tried = 0;
            for (int ply = 0; ply <= played.lastPly(); ply++) if (marks.candidate(ply)) tried++;
            List<PuzzleRepository.Found> found = new ArrayList<>();
            for (PuzzleMiner.Mined m : PuzzleMiner.mine(played, marks::candidate)) {
                found.add(new PuzzleRepository.Found(m.ply(), m.puzzle(), played.moveFrom(m.ply())));
            }
            out.add(new PuzzleRepository.MinedGame(g.id(), g.variant(), marks.settingId(), tried, found));
        }
        return new Batch(out, failed);
    }
}
