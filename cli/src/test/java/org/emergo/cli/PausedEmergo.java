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
 * <p>{@code PausedEmergo LINE-START ARGS...}
 */
public final class PausedEmergo {

    private PausedEmergo() {}

    public static void main(String[] args) {
        System.setErr(new PrintStream(new PauseAtLine(System.err, args[0]), true, StandardCharsets.UTF_8));
        Main.main(Arrays.copyOfRange(args, 1, args.length));
    }

    /** Passes stderr on line by line; at the first line that starts so, waits for a signal. */
    private static final class PauseAtLine extends OutputStream {
        private final PrintStream real;
        private final String start;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private boolean paused;

        PauseAtLine(PrintStream real, String start) {
            this.real = real;
            this.start = start;
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
            awaitSignal(text);
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
