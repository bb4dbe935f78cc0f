package org.emergo.importer;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * A reader that refuses to deliver more than a set number of characters between two calls of
 * {@link #restart()}: the CSV and JSON readers restart it at each record, so one endless record
 * (an unterminated quoted field, say) fails with {@link TooLong} instead of filling memory.
 */
final class BoundedReader extends FilterReader {

    /** Thrown when a record goes on past the limit. */
    static final class TooLong extends IOException {
        TooLong(String message) {
            super(message);
        }
    }

    private final long limit;
    private final String what;
    private long count;

    /** @param what the words for the thing that got too long, e.g. "CSV record" */
    BoundedReader(Reader in, long limit, String what) {
        super(in);
        this.limit = limit;
        this.what = what;
    }

    /** A new record starts: the count starts again. */
    void restart() {
        count = 0;
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) counted(1);
        return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) counted(n);
        return n;
    }

    private void counted(int n) throws TooLong {
        count += n;
        if (count > limit) throw new TooLong(what + " longer than " + String.format("%,d", limit) + " characters");
    }

    /** The {@link TooLong} somewhere in a chain of causes, or null. */
    static TooLong find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof TooLong tooLong) return tooLong;
        }
        return null;
    }
}
