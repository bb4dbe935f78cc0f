package org.emergo.store.db;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The lock file H2 keeps beside an open database file ({@code NAME.lock.db}): there while a
 * program has the file open, and left behind by one that was killed. In mixed mode it names the
 * program that serves the file to the others by an id of its own, drawn at random each time a
 * program takes the file: a new id means a new server.
 */
final class H2Lock {

    private H2Lock() {}

    /** Whether an H2 file URL's lock file is there (before opening: a program has it open, or was stopped uncleanly). */
    static boolean there(String url) {
        Path lock = of(url);
        return lock != null && Files.exists(lock);
    }

    /**
     * When the lock file was written, in milliseconds since the epoch (0: none): H2 writes it
     * when a program opens the file and leaves it so while it holds it.
     */
    static long written(String url) {
        Path lock = of(url);
        try {
            return lock == null ? 0 : Files.getLastModifiedTime(lock).toMillis();
        } catch (IOException e) {
            return 0; // gone: search every page
        }
    }

    /** The id of the program that holds the file now, or null (no lock file, not a file URL, or unreadable). */
    static String holder(String url) {
        Path lock = of(url);
        if (lock == null) return null;
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(lock)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            return null; // gone, or being written: no answer this time
        }
        return p.getProperty("id");
    }

    /**
     * Issue 30: leaves a mark beside the file ({@code NAME.holder-ended}) that the program that
     * served it to this one has ended while this one ran. If it was killed, its unfinished writes
     * are still in the file, and no lock file will say so: this program took the file over, and
     * closes it cleanly. The next program that opens the file itself repairs it as after an
     * unclean stop, searching every page, and takes the mark away.
     */
    static void markHolderEnded(String url) {
        Path mark = holderEndedMark(url);
        if (mark == null) return;
        try {
            Files.write(mark, new byte[0]);
        } catch (IOException e) {
            // the command says to run it again all the same; without the mark the repair waits for the next unclean stop
        }
    }

    /** Whether {@link #markHolderEnded} left its mark beside the file. */
    static boolean holderEnded(String url) {
        Path mark = holderEndedMark(url);
        return mark != null && Files.exists(mark);
    }

    /** Takes the mark away, once the file is repaired. */
    static void clearHolderEnded(String url) {
        Path mark = holderEndedMark(url);
        try {
            if (mark != null) Files.deleteIfExists(mark);
        } catch (IOException e) {
            // the next open repairs the file again, and finds nothing to do
        }
    }

    private static Path holderEndedMark(String url) {
        return beside(url, ".holder-ended");
    }

    private static Path of(String url) {
        return beside(url, ".lock.db");
    }

    /** The file of that suffix beside an H2 file URL's database, or null (not a file URL). */
    private static Path beside(String url, String suffix) {
        return url.startsWith("jdbc:h2:file:") ? Path.of(DatabaseUrl.where(url) + suffix) : null;
    }
}
