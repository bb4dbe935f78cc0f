package org.emergo.cli;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr for long work, shown only to a person at a terminal: scripts,
 * pipes and tests get their stderr free of it.
 */
final class Progress implements AutoCloseable {

    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    static Progress start(String task, long total, String unit) {
        if (System.console() == null || total <= 0) return new Progress(null);
        return new Progress(new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setUnit(" " + unit, 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new me.tongfei.progressbar.ConsoleProgressBarConsumer(System.err))
                .setUpdateIntervalMillis(200)
                .build());
    }

    /** Set to {@code lines}: a line on stderr each time work is committed, for logs and tests. */
    static final String LINES_ENV = "EMERGO_PROGRESS";

    private static final boolean LINES = "lines".equals(System.getenv(LINES_ENV));

    /** Prints a line of progress when EMERGO_PROGRESS=lines asks for them. */
    static void line(String text) {
        if (!LINES) return;
        System.err.println(text);
        System.err.flush();
    }

    void stepTo(long done) {
        if (bar != null) bar.stepTo(done);
    }

    void maxHint(long total) {
        if (bar != null) bar.maxHint(total);
    }

    @Override
    public void close() {
        if (bar != null) bar.close();
    }
}
