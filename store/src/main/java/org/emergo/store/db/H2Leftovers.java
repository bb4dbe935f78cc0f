package org.emergo.store.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
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
     * Rolls back the entries of transactions H2 no longer knows in every table of a file this
     * program opened, searching the pages written since {@code since} (milliseconds since the
     * epoch: when the stopped program opened the file; 0 searches all); returns how many.
     */
    static long rollBack(DataSource db, long since) throws SQLException {
        try (Connection c = db.getConnection()) {
            // a pooled connection can reach the file through a server that took it over meanwhile:
            // that program opened the file, and finished H2's rollback then
            if (!(c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) return 0;
            org.h2.engine.Database h2 = session.getDatabase();
            MVStore store = h2.getStore().getMvStore();
            BitSet open = new BitSet();
            for (Transaction t : h2.getStore().getTransactionStore().getOpenTransactions()) open.set(t.getId());
            Search search = new Search(open, WrittenPages.since(store, since));
            for (Table table : h2.getAllTablesAndViews()) {
                if (!(table instanceof MVTable)) continue;
                for (Index index : table.getIndexes()) {
                    if (index instanceof MVIndex<?, ?> mv) search.rollBack(mv.getMVMap());
                }
            }
            if (search.entries > 0) store.commit(); // written now, not at H2's next write
            return search.entries;
        } catch (MVStoreException e) { // a file H2 opens but whose maps it cannot read: as H2 tells it
            throw new SQLException(e.getMessage(), "HY000", e);
        }
    }

    private static final class Search {
        private final BitSet open;
        private final WrittenPages written;
        long entries;

        Search(BitSet open, WrittenPages written) {
            this.open = open;
            this.written = written;
        }

        <K, V> void rollBack(MVMap<K, VersionedValue<V>> map) {
            List<K> keys = new ArrayList<>();
            List<VersionedValue<V>> values = new ArrayList<>();
            written.forEachEntry(map, (key, value) -> { // the entries of transactions not open now
                if (!value.isCommitted() && !open.get((int) (value.getOperationId() >>> LOG_ID_BITS))) {
                    keys.add(key);
                    values.add(value);
                }
            });
            for (int i = 0; i < keys.size(); i++) {
                VersionedValue<V> value = values.get(i);
                V committed = value.getCommittedValue();
                // conditional on the entry found: one another transaction wrote since is its own
                @SuppressWarnings("unchecked") // a table's committed value is its own VersionedValue
                boolean done = committed == null ? map.remove(keys.get(i), value)
                        : map.replace(keys.get(i), value, (VersionedValue<V>) committed);
                if (done) entries++;
            }
        }
    }
}
