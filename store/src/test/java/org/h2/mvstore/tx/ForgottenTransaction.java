package org.h2.mvstore.tx;

import org.h2.mvstore.MVMap;
import org.h2.value.VersionedValue;

/**
 * For H2LeftoversTest: writes the state a kill can leave in an H2 2.4.240 file (an entry written,
 * not committed, by a transaction whose undo log never reached the file) without a kill. It lives
 * in H2's package because H2 makes such an entry only there.
 */
public final class ForgottenTransaction {

    /** H2's {@code Transaction.LOG_ID_BITS}. */
    private static final int LOG_ID_BITS = 40;

    private ForgottenTransaction() {}

    /**
     * Marks the committed entry of {@code key} as inserted, not yet committed, by transaction
     * {@code transactionId}: no query sees it any more, yet the map keeps its key.
     */
    public static <K, V> void uncommitInsert(MVMap<K, VersionedValue<V>> map, K key, int transactionId) {
        VersionedValue<V> committed = map.get(key);
        if (committed == null || !committed.isCommitted()) throw new IllegalArgumentException("no committed entry: " + key);
        long operationId = ((long) transactionId << LOG_ID_BITS) | 1;
        map.put(key, VersionedValueUncommitted.getInstance(operationId, committed.getCurrentValue(), null));
    }
}
