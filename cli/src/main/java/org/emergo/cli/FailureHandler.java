package org.emergo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Optional;
import org.emergo.store.db.ErrorText;
import org.emergo.store.db.OutsideProblem;
import org.emergo.store.db.StoreException;
import picocli.CommandLine;

/**
 * What a user sees when a command fails: one line on stderr for a problem outside emergo (the
 * database, the disk, the server, an interruption) and exit 1 (an interruption: 128 + the
 * signal); a bug keeps its stack trace. EMERGO_DEBUG=1 shows the trace of every failure.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {

    static final String DEBUG_ENV = "EMERGO_DEBUG";

    private final boolean debug;

    FailureHandler(boolean debug) {
        this.debug = debug;
    }

    static FailureHandler fromEnvironment() {
        return new FailureHandler("1".equals(System.getenv(DEBUG_ENV)));
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, CommandLine.ParseResult parsed) {
        PrintWriter err = command.getErr();
        command.getOut().flush();
        if (debug) e.printStackTrace(err);
        String name = "emergo " + command.getCommandName();
        if (e instanceof Interruption.Interrupted i) {
            err.println(i.getMessage());
            err.flush();
            return i.exitCode;
        }
        Optional<String> line = describe(e, DbOption.lastOpened());
        if (line.isPresent()) {
            err.println(name + ": " + line.get());
        } else if (!debug) {
            err.println(name + ": unexpected error, a bug in emergo; please report it with this trace:");
            e.printStackTrace(err);
        }
        err.flush();
        return 1;
    }

    /**
     * A store failure that a command says itself: its words, unless it is the loss of the
     * connection to the program that served the database, which is said as such.
     */
    static String storeFailure(StoreException e) {
        String db = DbOption.lastOpened();
        return OutsideProblem.connectionLost(e, db == null ? "in use" : db).orElse(e.getMessage());
    }

    /** The one line for a problem outside emergo, or empty for a bug. */
    static Optional<String> describe(Throwable e, String database) {
        String where = database == null ? "in use" : database;
        Optional<String> lost = OutsideProblem.connectionLost(e, where); // whatever layer worded it
        if (lost.isPresent()) return lost;
        if (e instanceof StoreException) return Optional.of(ErrorText.firstLine(e)); // worded for users
        Optional<String> outside = OutsideProblem.describe(e, where);
        if (outside.isPresent()) return outside;
        Throwable t = e instanceof UncheckedIOException u ? u.getCause() : e;
        if (t instanceof NoSuchFileException n) return Optional.of("no such file or folder: " + n.getFile());
        if (t instanceof AccessDeniedException a) return Optional.of("permission denied: " + a.getFile());
        if (t instanceof IOException io) return Optional.of("cannot read or write a file: " + io.getMessage());
        return Optional.empty();
    }
}
