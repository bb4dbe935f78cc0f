package org.emergo.store.sql;

import org.emergo.store.db.StoreException;

/** User SQL was refused or failed; the message says why in words, without a stack trace. */
public class QueryException extends StoreException {

    public QueryException(String message) {
        super(message);
    }

    public QueryException(String message, Throwable cause) {
        super(message, cause);
    }
}
