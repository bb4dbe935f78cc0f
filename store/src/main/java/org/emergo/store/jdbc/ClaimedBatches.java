package org.emergo.store.jdbc;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * The batches of pending games this process works on, each claimed ({@link WorkClaims}) before
 * it is worked on and given up once it is stored, so that several processes on one database
 * split the pending games: none done twice, none left out.
 *
 * <p>A pass reads the pending games in id order and takes those no other process claims. A
 * game claimed is read again as pending before it is worked on: the other process may have
 * stored it and given it up between the two reads. A pass that had to leave games to others
 * is followed, once this process holds nothing, by waiting for the first of them and another
 * pass, so a process ends only when no game is pending or claimed: the games of a process that
 * died are done by the others.
 */
public final class ClaimedBatches<T> implements AutoCloseable {

    /** The pending games after an id, in id order. */
    public interface Pending<T> {
        List<T> after(long afterId, int limit) throws SQLException;
    }

    private final WorkClaims claims;
    private final Pending<T> pending;
    private final ToLongFunction<T> id;
    private final int batch;
    private final Deque<List<Long>> held = new ArrayDeque<>();
    private final Set<Long> heldIds = new HashSet<>();
    private long lastId;
    private long firstLeft = -1; // the first game of this pass another process held

    public ClaimedBatches(WorkClaims claims, Pending<T> pending, ToLongFunction<T> id, int batch) {
        this.claims = claims;
        this.pending = pending;
        this.id = id;
        this.batch = batch;
    }

    /** The next claimed batch of this pass; empty at its end. */
    public List<T> next() throws SQLException {
        while (true) {
            List<T> candidates = pending.after(lastId, batch);
            if (candidates.isEmpty()) return List.of();
            long from = lastId;
            lastId = id.applyAsLong(candidates.get(candidates.size() - 1));
            List<Long> wanted = new ArrayList<>(candidates.size());
            for (T g : candidates) {
                long gameId = id.applyAsLong(g);
                if (!heldIds.contains(gameId)) wanted.add(gameId);
            }
            List<Long> got = claims.claim(wanted);
            if (got.size() < wanted.size() && firstLeft < 0) {
                for (Long w : wanted) {
                    if (!got.contains(w)) {
                        firstLeft = w;
                        break;
                    }
                }
            }
            if (got.isEmpty()) continue;
            List<T> fresh = stillPending(from, got);
            if (fresh.isEmpty()) continue;
            List<Long> ids = new ArrayList<>(fresh.size());
            for (T g : fresh) ids.add(id.applyAsLong(g));
            held.add(ids);
            heldIds.addAll(ids);
            return fresh;
        }
    }

    /** Of the games just claimed, those still pending, read anew; the others are given up. */
    private List<T> stillPending(long from, List<Long> got) throws SQLException {
        Set<Long> claimed = new HashSet<>(got);
        List<T> fresh = new ArrayList<>(got.size());
        for (T g : pending.after(from, batch)) {
            if (claimed.remove(id.applyAsLong(g))) fresh.add(g);
        }
        claims.release(new ArrayList<>(claimed));
        return fresh;
    }

    /** The oldest batch handed out is stored: its claims are given up. */
    public void stored() throws SQLException {
        List<Long> ids = held.removeFirst();
        heldIds.removeAll(ids);
        claims.release(ids);
    }

    /**
     * After a pass whose batches are all stored: true when another pass is due, after waiting
     * for the first game another process held in this one to be given up.
     */
    public boolean anotherPass() throws SQLException {
        if (firstLeft < 0) return false;
        if (!held.isEmpty()) throw new IllegalStateException("a pass ends with its batches stored");
        claims.awaitRelease(firstLeft);
        firstLeft = -1;
        lastId = 0;
        return true;
    }

    /** Runs {@code step} while no other process runs it for this job (WorkClaims#exclusively). */
    public <R> R exclusively(WorkClaims.SqlStep<R> step) throws SQLException {
        return claims.exclusively(0, step);
    }

    @Override
    public void close() throws SQLException {
        claims.close();
    }
}
