package org.emergo.store.db;

import java.util.concurrent.ExecutionException;

/** The database could not be opened or used; the message is meant for the user. */
public class StoreException extends RuntimeException {

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A job's run on worker threads that ended early, as one exception named after the job: its
     * SQL failed ("review stopped: ..."), its thread was interrupted (the interrupt kept), or a
     * worker failed (a worker's own StoreException as it was).
     */
    public static StoreException ofJob(String job, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return new StoreException(job + " interrupted", e);
        }
        if (e instanceof ExecutionException x) {
            if (x.getCause() instanceof StoreException s) return s;
            return new StoreException(job + " failed: " + x.getCause(), x.getCause());
        }
        return new StoreException(job + " stopped: " + e.getMessage(), e);
    }
}
