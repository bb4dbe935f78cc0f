package org.emergo.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * emergo in a child JVM (the jar's Main, with this class beside it) that stops when it prints a
 * given line on stderr and waits there for SIGINT, SIGTERM or SIGKILL: a process test stops it
 * at that moment, and the work after it cannot finish first. The signal reaches emergo's own
 * handler, and the work goes on to its next check.
 *
 * <p>{@code PausedEmergo LINE-START ARGS...}; with {@code stdin:LINE-START} it waits instead for a
 * line on its standard input, and then goes on as if nothing happened ({@link EmergoProcess#resume}):
 * the test changes the world meanwhile (ends the process that serves it the database, say). With
 * {@code stdout:LINE-START} it does the same at a line of its standard output: a command that
 * reads, in the middle of what it prints.
 */
public final class PausedEmergo {

    private PausedEmergo() {}

    public static void main(String[] args) {
        if (args[0].startsWith("stdout:")) {
            System.setOut(new PrintStream(new PauseAtLine(System.out, "stdin:" + args[0].substring("stdout:".length())), false,
                    StandardCharsets.UTF_8));
        } else {
            System.setErr(new PrintStream(new PauseAtLine(System.err, args[0]), true, StandardCharsets.UTF_8));
        }
        Main.main(Arrays.copyOfRange(args, 1, args.length));
    }

    /** Passes stderr (or stdout) on line by line; at the first line that starts so, waits for a signal (or a line on stdin). */
    private static final class PauseAtLine extends OutputStream {
        private final PrintStream real;
        private final String start;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private boolean paused;

        private final boolean onStdin;

        PauseAtLine(PrintStream real, String start) {
            this.real = real;
            this.onStdin = start.startsWith("stdin:");
            this.start = onStdin ? start.substring("stdin:".length()) : start;
        }

        /** Reads standard input up to its first line end (or its end). */
        private static void awaitLine() {
            try {
                for (int c; (c = System.in.read()) != -1 && c != '\n'; ) {
                    // the line's content says nothing
                }
            } catch (java.io.IOException e) {
                // no input: go on
            }
        }

        @Override
        public synchronized void write(int b) {
            line.write(b);
            if (b != '\n') return;
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (paused || !text.startsWith(start)) {
                real.print(text);
                return;
            }
            paused = true;
            if (onStdin) {
                real.print(text);
                real.flush();
                awaitLine();
            } else {
                awaitSignal(text);
            }
        }

        @Override
        public synchronized void flush() {
            real.flush();
        }

        /** Says the line once the handlers wait for a signal, and returns after emergo's own handler ran. */
        private void awaitSignal(String text) {
            CountDownLatch signalled = new CountDownLatch(1);
            List<Signal> signals = new ArrayList<>();
            List<SignalHandler> before = new ArrayList<>();
            for (String name : new String[] {"INT", "TERM"}) {
                Signal signal = new Signal(name);
                SignalHandler[] emergo = new SignalHandler[1];
                emergo[0] = Signal.handle(signal, s -> {
                    emergo[0].handle(s);
                    signalled.countDown();
                });
                signals.add(signal);
                before.add(emergo[0]);
            }
            real.print(text);
            real.flush();
            try {
                signalled.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (int i = 0; i < signals.size(); i++) Signal.handle(signals.get(i), before.get(i));
        }
    }
}
