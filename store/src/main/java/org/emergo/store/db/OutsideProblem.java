package org.emergo.store.db;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Tells problems outside emergo (a database file in use, a file that is not a database, a disk
 * it cannot write, a server that is down or refuses the login) from bugs, and says each in one
 * line: what is wrong and what to do. Everything else is left for the caller to treat as a bug.
 */
public final class OutsideProblem {

    private OutsideProblem() {}

    /**
     * The sentence for a failure while using the database {@code where} (a path or a URL without
     * its parameters), or empty when the failure is not one this class knows to be outside emergo.
     */
    public static Optional<String> describe(Throwable failure, String where) {
        // first a server that went away mid-answer: H2 reports it as an I/O error (an EOF), as a damaged file
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException && readFromServer(t)) return Optional.of(holderEnded(where));
        }
        // then what the file holds: H2 reports an unreadable file as an I/O error too
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof EOFException) {
                return Optional.of(notADatabase(where));
            }
            if (t.getClass().getName().equals("org.h2.mvstore.MVStoreException")
                    && isFormatError(t)) {
                return Optional.of(notADatabase(where) + " (" + ErrorText.firstLine(t) + ")");
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException e) {
                Optional<String> said = describe(e, where);
                if (said.isPresent()) return said;
            }
        }
        return Optional.empty();
    }

    /**
     * MVStore's codes 5 (unsupported format), 6 (file corrupt) and 9 (chunk not found, a damaged
     * file), at the end of its message: [2.3.232/6].
     */
    private static boolean isFormatError(Throwable mvStoreException) {
        String m = String.valueOf(mvStoreException.getMessage()).trim();
        return m.endsWith("/5]") || m.endsWith("/6]") || m.endsWith("/9]");
    }

    private static Optional<String> describe(SQLException e, String where) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        switch (e.getErrorCode()) {
            case 90020: // DATABASE_ALREADY_OPEN_1
                return Optional.of(inUse(where));
            case 90030: // FILE_CORRUPTED_1
            case 90048: // FILE_VERSION_ERROR_1
            case 90049: // FILE_ENCRYPTION_ERROR_1
                return Optional.of(notADatabase(where) + " (" + ErrorText.firstLine(e) + ")");
            case 90028: // IO_EXCEPTION_1
            case 90031: // IO_EXCEPTION_2
            case 90100: // NO_DISK_SPACE_AVAILABLE
                return Optional.of(cannotWrite(where, e));
            case 8000: // ERROR_OPENING_DATABASE_1: in mixed mode H2 first writes a .lock.db file beside the database
                if (String.valueOf(e.getMessage()).contains("Could not save properties")) {
                    return Optional.of(cannotWrite(where, e));
                }
                if (isLockFileBusy(e)) return Optional.of(inUse(where));
                break;
            case 90067: // CONNECTION_BROKEN_1: the holder's server went away
            case 90098: // DATABASE_IS_CLOSED
            case 90121: // DATABASE_CALLED_AT_SHUTDOWN
                return Optional.of(holderEnded(where));
            case 28000: // WRONG_USER_OR_PASSWORD: H2's code (PostgreSQL's codes are 0)
                return Optional.of("the database " + where + " was made by another program, with a user of its own;"
                        + " give --db the path of an emergo database, or a new path");
            default:
                break;
        }
        if (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
            return Optional.of("cannot reach the database server " + where + " (" + ErrorText.firstLine(e) + ");"
                    + " check that it is running and that --db names it, then run this again");
        }
        if (state.startsWith("28")) {
            return Optional.of("the server refused the login to " + where + " (" + ErrorText.firstLine(e) + ");"
                    + " check the user and password in the URL");
        }
        if (state.equals("3D000")) {
            return Optional.of("there is no database " + where + " on that server; create it (createdb NAME)"
                    + " or correct the URL");
        }
        if (state.startsWith("53")) {
            return Optional.of("the database server " + where + " ran out of resources (" + ErrorText.firstLine(e) + ");"
                    + " free some (disk space?), then run this again");
        }
        return Optional.empty();
    }

    /**
     * Whether an I/O failure came from reading H2's network protocol, not a file: the holder's
     * server (mixed mode) ended while it sent this one rows, and the socket gave an EOF or a reset.
     */
    private static boolean readFromServer(Throwable ioFailure) {
        for (StackTraceElement frame : ioFailure.getStackTrace()) {
            if (frame.getClassName().equals("org.h2.value.Transfer")) return true;
        }
        return false;
    }

    private static String holderEnded(String where) {
        return "the emergo command that served the database " + where + " to this one has ended"
                + " (H2's mixed mode), and this one's connection with it; what this one had not committed is"
                + " not stored: run this again";
    }

    private static String inUse(String where) {
        return "the database " + where + " is in use by another program (another emergo command?);"
                + " wait for it to finish or stop it, then run this again";
    }

    /**
     * H2's lock file of a file in mixed mode, written a moment ago by its holder (starting or
     * closing) or by another program that opened it at the same moment: H2's FileLock words.
     */
    private static boolean isLockFileBusy(SQLException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("Lock file recently modified") || m.contains("Another process was faster")
                || m.contains("Concurrent update");
    }

    /**
     * Whether an H2 file in mixed mode was between hands: its holder (another emergo command) was
     * starting, or closing or compacting it, and served it to no one for that moment. Opening
     * again a little later succeeds, or says what holds the file.
     */
    static boolean isBetweenHolders(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException e) {
                switch (e.getErrorCode()) {
                    case 90020: // DATABASE_ALREADY_OPEN_1: locked, and no server to connect to
                    case 90067: // CONNECTION_BROKEN_1: the holder's server went away
                    case 90098: // DATABASE_IS_CLOSED
                    case 90121: // DATABASE_CALLED_AT_SHUTDOWN
                        return true;
                    case 8000:
                        if (isLockFileBusy(e)) return true;
                        break;
                    default:
                        break;
                }
            }
        }
        return false;
    }

    /** The sentence for a command whose H2 file changed servers while it ran ({@link Database#confirmCommitsKept}). */
    static String holderEndedDuringRun(String where) {
        return "the emergo command that served the database " + where + " to this one has ended during this run"
                + " (H2's mixed mode), and may have taken this one's last commits with it: run this again";
    }

    /** The sentence for a database file that cannot be written, with the file system's reason. */
    static String cannotWrite(String where, Throwable e) {
        return "cannot write the database " + where + " (" + ioReason(e) + ");"
                + " give --db a path in a folder you can write, and check that the disk has room";
    }

    private static String notADatabase(String where) {
        return "the file " + where + ".mv.db is not an H2 database, or it is damaged;"
                + " if it is a damaged emergo database, emergo repair --db " + where + " saves what can be read of it;"
                + " else give --db the path of an emergo database, or a new path";
    }

    /** What the file system said, from the deepest cause: H2's own message only names the file. */
    private static String ioReason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        if (root instanceof AccessDeniedException) return "permission denied";
        if (root instanceof NoSuchFileException) return "no file can be made there";
        if (root instanceof FileSystemException f && f.getReason() != null) return f.getReason();
        return ErrorText.firstLine(root);
    }

    /** The first line of the deepest cause's message. */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.toString() : t.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
