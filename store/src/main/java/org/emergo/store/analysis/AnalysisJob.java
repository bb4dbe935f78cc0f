package org.emergo.store.analysis;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;
import org.emergo.replay.Analysis;
import org.emergo.replay.Finding;
import org.emergo.replay.FindingCode;
import org.emergo.replay.Replay;
import org.emergo.rules.EngineVersion;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.PendingGame;
import org.emergo.store.jdbc.ClaimedBatches;
import org.emergo.store.jdbc.OrderedBatches;
import org.emergo.store.jdbc.WorkClaims;
import org.emergo.store.pattern.PatternSegments;

/**
 * {@code emergo analyze}: replays the stored games and writes what the replay found. Batches
 * of games are replayed on worker threads while finished batches are written
 * in order, so the database, not the engine, sets the pace.
 */
public final class AnalysisJob {

    /** What a run did. */
    public record Summary(int games, long plies, int failed, Map<FindingCode, Integer> findings) {
        public int findingCount() {
            return findings.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** Games replayed as one batch, and written in one call. */
    public static final int BATCH = 250;

    /**
     * Runs of this many games or more build the position hash index at the end instead of row by
     * row: one process at a time, the others write to the tables without it ({@link IndexTurn}).
     */
    public static final int BULK_GAMES = 2000;

    /** The exclusive step of {@code --all} (WorkClaims). */
    private static final int ALL_STEP = 1;

    private final Database db;
    private final AnalysisRepository repository;
    private final BulkIndexes bulkIndexes;
    private final int threads;
    /**
     * Connections a batch is written on at once. PostgreSQL takes each on a server process of
     * its own, and one process was the bottleneck of an analysis (a core a quarter idle); H2
     * writes one transaction at a time whatever the connections.
     */
    private final int writers;

    public AnalysisJob(Database db, int threads) {
        this.db = db;
        this.repository = new AnalysisRepository(db);
        this.bulkIndexes = new BulkIndexes(db);
        this.threads = Math.max(1, threads);
        this.writers = db.isPostgres() ? 2 : 1;
    }

    /** Games a run would replay: all, or those not yet analysed. */
    public int countPending(boolean all) {
        try {
            return repository.countPending(all);
        } catch (SQLException e) {
            throw db.failure("cannot count games", e);
        }
    }

    /** Replays every game not yet analysed ({@code all}: every game) and reports each game done. */
    public Summary run(boolean all, LongConsumer gamesDone) {
        ExecutorService workers = OrderedBatches.daemonPool(threads, "emergo-replay");
        ExecutorService writing = OrderedBatches.daemonPool(writers, "emergo-write");
        Tally tally = new Tally();
        try {
            boolean bulk = repository.countPending(all) >= BULK_GAMES;
            try (IndexTurn turn = IndexTurn.take(db, bulk)) {
                if (turn.maySuspend() && bulk) bulkIndexes.suspend();
                try {
                    replayAndSave(workers, writing, all, gamesDone, tally);
                    if (bulk) bulkIndexes.settleAfterBulk();
                } catch (Throwable stopped) {
                    restoreIndexesAfter(turn, stopped);
                    throw stopped;
                }
                if (turn.mayRestore()) bulkIndexes.restore();
            }
            new PatternSegments(db).build();
            db.confirmCommitsKept();
        } catch (SQLException | InterruptedException | ExecutionException e) {
            throw db.stopped("analysis", e);
        } finally {
            workers.shutdownNow();
            writing.shutdown(); // a part being written finishes its transaction either way
        }
        return new Summary(tally.games, tally.plies, tally.failed, tally.findings);
    }

    /**
     * Restores the indexes after a run that stopped (Ctrl-C, a failure): a failure to restore
     * them is kept with what stopped the run and does not replace it, so an interruption stays
     * one (its exit code too). The next run builds what is missing.
     */
    private void restoreIndexesAfter(IndexTurn turn, Throwable stopped) {
        try {
            if (turn.mayRestore()) bulkIndexes.restore();
        } catch (SQLException | RuntimeException e) {
            stopped.addSuppressed(e);
        }
    }

    /** Batches are replayed on the workers, a few ahead, and written one after another in id order. */
    private void replayAndSave(ExecutorService workers, ExecutorService writing, boolean all, LongConsumer gamesDone, Tally tally)
            throws SQLException, InterruptedException, ExecutionException {
        try (ClaimedBatches<PendingGame> batches = claimedBatches(all)) {
            do {
                OrderedBatches.run(workers, threads + 1, batches::next, AnalysisJob::analyse, done -> {
                    save(writing, done, all);
                    batches.stored();
                    tally.add(done);
                    gamesDone.accept(tally.games);
                });
            } while (!all && batches.anotherPass()); // --all replays every game: one pass
        }
    }

    /**
     * The pending games, claimed in batches so that several processes share them (ClaimedBatches).
     * {@code --all} runs in one process at a time: every game is pending to it, so two would
     * each replay every game.
     */
    private ClaimedBatches<PendingGame> claimedBatches(boolean all) throws SQLException {
        WorkClaims claims = WorkClaims.open(db, WorkClaims.analyzeJob());
        if (all && !claims.tryExclusively(ALL_STEP)) {
            claims.close();
            throw new StoreException("another emergo analyze --all is running on this database: let it finish");
        }
        return new ClaimedBatches<>(claims, (after, limit) -> repository.pending(after, limit, all),
                PendingGame::id, BATCH);
    }

    /**
     * Writes a batch, in as many parts as there are writers, each part one transaction on its
     * own connection, and returns when every part is committed: a stop after a batch finds
     * nothing half written. Games never analysed have no rows to replace; --all replaces them.
     */
    private void save(ExecutorService writing, List<AnalysedGame> batch, boolean all)
            throws SQLException, InterruptedException, ExecutionException {
        List<Future<Void>> parts = new ArrayList<>(writers);
        int size = (batch.size() + writers - 1) / writers;
        for (int from = 0; from < batch.size(); from += size) {
            List<AnalysedGame> part = batch.subList(from, Math.min(from + size, batch.size()));
            parts.add(writing.submit(() -> {
                repository.save(part, EngineVersion.VERSION, all);
                return null;
            }));
        }
        ExecutionException failed = null;
        for (Future<Void> part : parts) {
            try {
                part.get();
            } catch (ExecutionException e) {
                failed = failed == null ? e : failed;
            }
        }
        if (failed == null) return;
        // the part's own exception, as a batch written on this thread would have thrown it
        if (failed.getCause() instanceof SQLException e) throw e;
        if (failed.getCause() instanceof RuntimeException e) throw e;
        throw failed;
    }

    private static final class Tally {
        int games;
        long plies;
        int failed;
        final Map<FindingCode, Integer> findings = new EnumMap<>(FindingCode.class);

        void add(List<AnalysedGame> done) {
            for (AnalysedGame g : done) {
                games++;
                plies += g.pliesReplayed();
                if (g.error() != null) failed++;
                for (Finding f : g.findings()) findings.merge(f.code(), 1, Integer::sum);
            }
        }
    }

    /**
     * Replays one batch; a game that cannot be replayed is recorded as failed, the others go on.
     * Public for the store benchmark, which replays before it times the writing.
     */
    public static List<AnalysedGame> analyse(List<PendingGame> batch) {
        List<AnalysedGame> out = new ArrayList<>(batch.size());
        for (PendingGame g : batch) {
            try {
                Analysis a = Replay.analyse(g.start(), g.moves(), g.result());
                out.add(AnalysedGame.of(g.id(), g.variant(), a));
            } catch (RuntimeException e) {
                out.add(AnalysedGame.failed(g.id(), g.variant(), e));
            }
        }
        return out;
    }
}
