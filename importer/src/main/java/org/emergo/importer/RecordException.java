package org.emergo.importer;

/**
 * A record that cannot be read: carries the one error reported for it and what the reader
 * knows about where the next record starts.
 */
final class RecordException extends RuntimeException {

    private final ImportError error;
    private final boolean atNextRecord;
    private final boolean resultSeen;

    RecordException(ImportError error) {
        this(error, false, false);
    }

    /**
     * @param atNextRecord the reader already stands at the start of the next record
     * @param resultSeen   the broken record's result token has been read
     */
    RecordException(ImportError error, boolean atNextRecord, boolean resultSeen) {
        super(error.message(), null, false, false);
        this.error = error;
        this.atNextRecord = atNextRecord;
        this.resultSeen = resultSeen;
    }

    ImportError error() {
        return error;
    }

    boolean atNextRecord() {
        return atNextRecord;
    }

    boolean resultSeen() {
        return resultSeen;
    }
}
