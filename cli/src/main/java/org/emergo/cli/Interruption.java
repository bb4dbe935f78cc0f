package org.emergo.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM during long work: instead of the JVM's exit, which closed the
 * database under the work's feet, the work is asked to stop at its next {@link #check}, after
 * what it has committed, so the command can close the database and say what it kept. A second
 * signal stops the program at once, which loses nothing committed either.
 */
final class Interruption implements AutoCloseable {

    /** Thrown by {@link #check} once a signal came; the command adds what it kept to the message. */
    static final class Interrupted extends RuntimeException {
        final int exitCode;

        Interrupted(String message, int exitCode) {
            super(message, null, true, false); // what failed on the way out is kept beside it
            this.exitCode = exitCode;
        }
    }

    private static final String[] SIGNALS = {"INT", "TERM"};

    private final List<Signal> caught = new ArrayList<>();
    private final List<SignalHandler> before = new ArrayList<>();
    private final List<Runnable> onSignal = new CopyOnWriteArrayList<>();
    private volatile int exitCode; // 128 + the signal's number, as a shell reports it; 0 before any

    private Interruption() {}

    /** Catches the signals until {@link #close}. */
    static Interruption catchSignals() {
        Interruption i = new Interruption();
        for (String name : SIGNALS) {
            try {
                Signal signal = new Signal(name);
                i.before.add(Signal.handle(signal, s -> i.signalled(128 + s.getNumber())));
                i.caught.add(signal);
            } catch (IllegalArgumentException e) {
                // ignored by whoever started us (nohup, a background job): nothing to catch
            }
        }
        return i;
    }

    private void signalled(int code) {
        if (exitCode != 0) Runtime.getRuntime().halt(code);
        exitCode = code;
        onSignal.forEach(Interruption::runQuietly);
    }

    /**
     * Runs {@code action} when a signal comes (at once if one came): for what must not wait for
     * the next {@link #check}, such as a wait for another program's lock.
     */
    void onSignal(Runnable action) {
        onSignal.add(action);
        if (exitCode != 0) runQuietly(action);
    }

    private static void runQuietly(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            // the stop goes on at the next check
        }
    }

    /**
     * What a failure says once a signal came: an interruption, with the failure kept beside it
     * (a wait that the stop ended fails); before any signal, the failure itself.
     */
    RuntimeException interruptionOr(RuntimeException failure) {
        if (failure instanceof Interrupted || exitCode == 0) return failure;
        Interrupted stopped = new Interrupted("interrupted", exitCode);
        stopped.addSuppressed(failure);
        return stopped;
    }

    /** Throws {@link Interrupted} once a signal has come; call where the work may stop. */
    void check() {
        if (exitCode != 0) throw new Interrupted("interrupted", exitCode);
    }

    @Override
    public void close() {
        for (int k = 0; k < caught.size(); k++) Signal.handle(caught.get(k), before.get(k));
    }
}
