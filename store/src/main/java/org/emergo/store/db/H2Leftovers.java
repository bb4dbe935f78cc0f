package org.emergo.store.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
import org.h2.mvstore.db.MVPrimaryIndex;
import org.h2.mvstore.db.MVSecondaryIndex;
import org.h2.mvstore.db.MVTable;
import org.h2.mvstore.tx.Transaction;
import org.h2.result.SearchRow;
import org.h2.table.Table;
import org.h2.value.Value;
import org.h2.value.ValueNull;
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
 * its committed value (removed, for an insert), as H2's rollback would have done; or forward,
 * where another map of its table shows that the transaction's commit had begun, so that a
 * table's indexes always agree with its rows ({@link TableLeftovers}).
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
            List<TableLeftovers> tables = new ArrayList<>();
            for (Table table : h2.getAllTablesAndViews()) {
                if (table instanceof MVTable) tables.add(new TableLeftovers(table, open, games));
            }
            // read on every core, a part of a map each: the pages take most of the first open's time
            LeafKeys leaves = new LeafKeys(store.getFileStore());
            tables.stream().flatMap(t -> t.maps().stream()).flatMap(m -> m.parts(written, leaves)).toList()
                    .parallelStream().forEach(Runnable::run);
            long entries = 0;
            for (TableLeftovers t : tables) entries += t.settle();
            if (entries > 0) store.commit(); // written now, not at H2's next write
            return new Found(entries, since == 0 ? null : games);
        } catch (MVStoreException e) { // a file H2 opens but whose maps it cannot read: as H2 tells it
            throw new SQLException(e.getMessage(), "HY000", e);
        }
    }

    /**
     * A table's leftovers, settled so that its indexes agree with its rows. H2 turns a committing
     * transaction's entries into committed ones map by map, and a store taken meanwhile can keep
     * one map of a table before that and another after (docs/h2-kill-partial-commit.md): a kill
     * of a review left ply rows committed whose index entries were still the forgotten
     * transaction's. Rolled back alone, those entries left rows that no lookup through the index
     * finds, and that the next review stored a second time. So an entry of the rows' map is rolled
     * forward where an index already holds it committed (the commit had begun), else back; then
     * every index entry of a row the leftovers touch is made what the row, as it now stands, asks.
     */
    private static final class TableLeftovers {
        private final Leftovers<Long, SearchRow> rows;
        private final List<IndexLeftovers> indexes = new ArrayList<>();

        TableLeftovers(Table table, BitSet open, RecentGames games) {
            Leftovers<Long, SearchRow> primary = null;
            for (Index index : table.getIndexes()) {
                // a delegate index (a BIGINT primary key) reads the rows' map itself: nothing of its own
                if (index instanceof MVPrimaryIndex p) primary = new Leftovers<>(p.getMVMap(), open, games.naming(table, index));
                if (index instanceof MVSecondaryIndex i) indexes.add(new IndexLeftovers(i, new Leftovers<>(i.getMVMap(), open, games.naming(table, index))));
            }
            rows = primary;
        }

        List<Leftovers<?, ?>> maps() {
            List<Leftovers<?, ?>> maps = new ArrayList<>();
            if (rows != null) maps.add(rows);
            for (IndexLeftovers i : indexes) maps.add(i.entries);
            return maps;
        }

        /** Settles the leftovers found; returns how many entries it changed. */
        long settle() {
            if (rows == null) return 0;
            long changed = 0;
            Map<Long, VersionedValue<SearchRow>> changes = new TreeMap<>();
            for (Map.Entry<Long, VersionedValue<SearchRow>> e : rows.found) {
                changes.put(e.getKey(), e.getValue());
                changed += rows.settle(e.getKey(), e.getValue(), committedInAnIndex(e.getKey(), e.getValue()));
            }
            Set<Long> touched = new TreeSet<>(changes.keySet());
            for (IndexLeftovers i : indexes) touched.addAll(i.byRow().keySet());
            for (long row : touched) {
                VersionedValue<SearchRow> now = rows.map.get(row);
                for (IndexLeftovers i : indexes) changed += i.agreeWith(row, now, changes.get(row));
            }
            return changed;
        }

        /** Whether an index shows the row's change committed: its new entry there committed, or its old one gone. */
        private boolean committedInAnIndex(long row, VersionedValue<SearchRow> change) {
            for (IndexLeftovers i : indexes) {
                SearchRow before = i.key(row, change.getCommittedValue());
                SearchRow after = i.key(row, change.getCurrentValue());
                if (before != null && after != null && i.same(before, after)) continue; // the change leaves this index as it was
                VersionedValue<Value> entry = after == null ? null : i.entries.map.get(after);
                if (entry != null && entry.isCommitted()) return true;
                if (before != null && i.entries.map.get(before) == null) return true;
            }
            return false;
        }
    }

    /** A secondary index's leftovers, and its entry for a row. */
    private static final class IndexLeftovers {
        private final MVSecondaryIndex index;
        private final Leftovers<SearchRow, Value> entries;
        private Map<Long, List<Map.Entry<SearchRow, VersionedValue<Value>>>> byRow;

        IndexLeftovers(MVSecondaryIndex index, Leftovers<SearchRow, Value> entries) {
            this.index = index;
            this.entries = entries;
        }

        /** The index's key for {@code values} as row {@code row}; null for none. */
        SearchRow key(long row, SearchRow values) {
            if (values == null) return null;
            SearchRow key = index.getRowFactory().createRow();
            key.copyFrom(values);
            key.setKey(row);
            return key;
        }

        boolean same(SearchRow a, SearchRow b) {
            return entries.map.getKeyType().compare(a, b) == 0;
        }

        /** The leftovers found, by the row they are an entry of. */
        Map<Long, List<Map.Entry<SearchRow, VersionedValue<Value>>>> byRow() {
            if (byRow == null) {
                byRow = new HashMap<>();
                for (Map.Entry<SearchRow, VersionedValue<Value>> e : entries.found) {
                    byRow.computeIfAbsent(e.getKey().getKey(), r -> new ArrayList<>()).add(e);
                }
            }
            return byRow;
        }

        /**
         * Makes this index's entries for {@code row} (those its leftovers and the row's change
         * name) what the row as it now stands asks: its key committed, every other one gone. A row
         * still changed by an open transaction is H2's own to settle: its entries here are only
         * rolled back, as before.
         */
        long agreeWith(long row, VersionedValue<SearchRow> now, VersionedValue<SearchRow> change) {
            List<Map.Entry<SearchRow, VersionedValue<Value>>> left = byRow().getOrDefault(row, List.of());
            long changed = 0;
            if (now != null && !now.isCommitted()) {
                for (Map.Entry<SearchRow, VersionedValue<Value>> e : left) changed += entries.settle(e.getKey(), e.getValue(), false);
                return changed;
            }
            List<SearchRow> named = new ArrayList<>();
            for (Map.Entry<SearchRow, VersionedValue<Value>> e : left) named.add(e.getKey());
            if (change != null) {
                SearchRow before = key(row, change.getCommittedValue());
                SearchRow after = key(row, change.getCurrentValue());
                if (before != null) named.add(before);
                if (after != null) named.add(after);
            }
            SearchRow wanted = now == null ? null : key(row, now.getCurrentValue());
            boolean there = false;
            for (SearchRow key : named) {
                VersionedValue<Value> entry = entries.map.get(key);
                if (wanted != null && same(key, wanted)) {
                    if (there) continue;
                    there = true;
                    if (entry == null || !entry.isCommitted()) {
                        entries.map.put(key, ValueNull.INSTANCE);
                        changed++;
                    }
                } else if (entry != null) {
                    entries.map.remove(key);
                    changed++;
                }
            }
            if (wanted != null && !there && entries.map.get(wanted) == null) {
                entries.map.put(wanted, ValueNull.INSTANCE); // a row that a committed change left without its entry here
                changed++;
            }
            return changed;
        }
    }

    /** A map's entries of transactions that are not open now, found in its pages written since. */
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

        /**
         * Sets the entry found back to its committed value (removed, for an insert), or forward to
         * its new one (removed, for a delete); conditional on the entry found: one another
         * transaction wrote since is its own. Returns 1 if it changed the entry, else 0.
         */
        int settle(K key, VersionedValue<V> value, boolean forward) {
            V to = forward ? value.getCurrentValue() : value.getCommittedValue();
            @SuppressWarnings("unchecked") // a table's committed value is its own VersionedValue (a Value)
            boolean done = to == null ? map.remove(key, value) : map.replace(key, value, (VersionedValue<V>) to);
            return done ? 1 : 0;
        }
    }
}
