package org.emergo.cli;

import picocli.CommandLine;

/** {@code --threads N}: the threads a job works on, a game each; the number of cores by default. */
final class ThreadsOption {

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec command;

    private int threads = Runtime.getRuntime().availableProcessors();

    @CommandLine.Option(names = "--threads", paramLabel = "N",
            description = "Threads, a game each (default: the number of cores).")
    void threads(int n) {
        if (n < 1) throw new CommandLine.ParameterException(command.commandLine(), "--threads must be 1 or more, not " + n);
        threads = n;
    }

    int threads() {
        return threads;
    }
}
