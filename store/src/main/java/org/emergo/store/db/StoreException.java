package org.emergo.store.db;

/** The database could not be opened or used; the message is meant for the user. */
public class StoreException extends RuntimeException {

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
