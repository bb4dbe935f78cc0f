package org.emergo.store.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.Page;
import org.h2.mvstore.db.MVIndex;
import org.h2.mvstore.db.MVTable;
import org.h2.mvstore.tx.Transaction;
import org.h2.table.Table;
import org.h2.value.VersionedValue;

/**
 * Issue 30: finishes a rollback that H2 2.4.240 leaves undone after a kill. Its file can keep
 * index entries written by a transaction that was neither committed nor rolled back: their
 * undo log did not reach the file with them, so H2 no longer knows the transaction. No query
 * sees such an entry, yet a unique index refuses its key again and a DELETE waits for a lock
 * that nobody holds: a review killed in its first transaction left review_ply keys that made
 * every later review of that game fail (two CI runs, and 3 of 22 such kills here; H2LeftoversTest
 * makes the state those files held). After an unclean stop (or a holder that ended while a
 * command worked through it: {@link H2Lock#markHolderEnded}), before anything else reads the
 * file, each entry of a table's maps that names a transaction that is not open is set back to
 * its committed value (removed, for an insert), as H2's rollback would have done.
 *
 * <p>Only pages written since the killed program opened the file can hold its entries (H2
 * writes a changed page, and the pages above it, anew), so the search skips every page of an
 * older chunk: on a file of 100,000 analysed games a search of every page took 96 s, and the
 * first open after a kill 91 s instead of 81 s
 * (docs/h2-kill-partial-commit.md#the-same-state-seen-by-no-query-entries-of-a-transaction-h2-no-longer-knows).
 */
final class H2Leftovers {

    /** H2's {@code Transaction.LOG_ID_BITS}: an operation id is the transaction id above this many bits of log id. */
    private static final int LOG_ID_BITS = 40;

    private H2Leftovers() {}

    /**
     * What the search found: how many entries it rolled back, and the games named in the pages
     * of the game tables it searched ({@link RecentGames}; null when it searched every page, or
     * none because another program serves the file: then every game is to be checked).
     */
    record Found(long entries, RecentGames games) {}

    /**
     * Rolls back the entries of transactions H2 no longer knows in every table of a file this
     * program opened, searching the pages written since {@code since} (milliseconds since the
     * epoch: when the stopped program opened the file; 0 searches all). The same walk names the
     * games those pages hold, for {@link IncompleteWrites}: the pages are read once, not twice.
     */
    static Found rollBack(DataSource db, long since) throws SQLException {
        try (Connection c = db.getConnection()) {
            // a pooled connection can reach the file through a server that took it over meanwhile:
            // that program opened the file, and finished H2's rollback then
            if (!(c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) return new Found(0, null);
            org.h2.engine.Database h2 = session.getDatabase();
            MVStore store = h2.getStore().getMvStore();
            BitSet open = new BitSet();
            for (Transaction t : h2.getStore().getTransactionStore().getOpenTransactions()) open.set(t.getId());
            WrittenPages written = WrittenPages.since(store, since);
            RecentGames games = new RecentGames();
            List<Leftovers<?, ?>> maps = new ArrayList<>();
            for (Table table : h2.getAllTablesAndViews()) {
                if (!(table instanceof MVTable)) continue;
                for (Index index : table.getIndexes()) {
                    if (index instanceof MVIndex<?, ?> mv) maps.add(new Leftovers<>(mv.getMVMap(), open, games.naming(table, index)));
                }
            }
            // read on every core, a part of a map each: the pages take most of the first open's time
            LeafKeys leaves = new LeafKeys(store.getFileStore());
            maps.stream().flatMap(m -> m.parts(written, leaves)).toList().parallelStream().forEach(Runnable::run);
            long entries = 0;
            for (Leftovers<?, ?> m : maps) entries += m.rollBack();
            if (entries > 0) store.commit(); // written now, not at H2's next write
            return new Found(entries, since == 0 ? null : games);
        } catch (MVStoreException e) { // a file H2 opens but whose maps it cannot read: as H2 tells it
            throw new SQLException(e.getMessage(), "HY000", e);
        }
    }

    /** A map's entries of transactions that are not open now, found in its pages written since, and rolled back. */
    private static final class Leftovers<K, V> {
        private final MVMap<K, VersionedValue<V>> map;
        private final BitSet open;
        private final Consumer<Object> naming;
        private final List<Map.Entry<K, VersionedValue<V>>> found = new ArrayList<>();

        /** The key of each entry the search meets goes to {@code naming} too, if any. */
        Leftovers(MVMap<K, VersionedValue<V>> map, BitSet open, Consumer<Object> naming) {
            this.map = map;
            this.open = open;
            this.naming = naming;
        }

        /** The searches of the map's written pages, each under one page, that can run at once. */
        Stream<Runnable> parts(WrittenPages written, LeafKeys leaves) {
            return written.subtrees(map).stream().map(page -> () -> {
                List<Map.Entry<K, VersionedValue<V>>> mine = new ArrayList<>();
                written.forEachLeaf(page, (pos, read) -> {
                    LeafKeys.Leaf raw = leaves.read(map, pos);
                    if (raw != null && naming != null) for (Object key : raw.keys()) naming.accept(key);
                    if (raw != null && raw.committed()) return; // nothing to roll back: its values not read
                    Page<K, VersionedValue<V>> leaf = read.get();
                    for (int i = 0; i < leaf.getKeyCount(); i++) {
                        K key = leaf.getKey(i);
                        VersionedValue<V> value = leaf.getValue(i);
                        if (raw == null && naming != null) naming.accept(key);
                        if (!value.isCommitted() && !open.get((int) (value.getOperationId() >>> LOG_ID_BITS))) mine.add(Map.entry(key, value));
                    }
                });
                synchronized (found) {
                    found.addAll(mine);
                }
            });
        }

        /** Rolls back the entries found; returns how many. */
        long rollBack() {
            long entries = 0;
            for (Map.Entry<K, VersionedValue<V>> e : found) {
                VersionedValue<V> value = e.getValue();
                V committed = value.getCommittedValue();
                // conditional on the entry found: one another transaction wrote since is its own
                @SuppressWarnings("unchecked") // a table's committed value is its own VersionedValue
                boolean done = committed == null ? map.remove(e.getKey(), value)
                        : map.replace(e.getKey(), value, (VersionedValue<V>) committed);
                if (done) entries++;
            }
            return entries;
        }
    }
}
