package org.emergo.store.db;

import java.sql.SQLException;
import org.jooq.exception.DataAccessException;

/**
 * The database could not be opened or used; the message is meant for the user. The store's
 * classes that the commands and the viewer call throw this (or jOOQ's unchecked exception),
 * never JDBC's checked one: {@link #of} words the database's failure, once for all of them.
 */
public class StoreException extends RuntimeException {

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A failure of work on the database at {@code where}, in one line: a problem outside emergo
     * as {@link OutsideProblem} says it (a server that went away, a full disk), anything else as
     * {@code what} ("analysis failed") and the first line of the database's own words.
     */
    public static StoreException of(String what, String where, Throwable e) {
        if (e instanceof StoreException s) return s;
        Throwable said = e instanceof DataAccessException && e.getCause() instanceof SQLException cause ? cause : e;
        return new StoreException(OutsideProblem.describe(e, where)
                .orElseGet(() -> what + ": " + (said instanceof SQLException ? ErrorText.firstLine(said) : said)), e);
    }
}
