package org.emergo.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code emergo} command: one subcommand per job of ARCHITECTURE.md. */
@Command(
        name = "emergo",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Game-record database and replay analyser for Emergo and HexEmergo.",
        subcommands = {
            MovesCommand.class,
            PerftCommand.class,
            GenerateCommand.class,
            ImportCommand.class,
            AnalyzeCommand.class,
            SqlCommand.class,
            ExportCommand.class,
            ServeCommand.class,
            DemoCommand.class,
            CommandLine.HelpCommand.class,
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code: 0 ok, 1 input rejected, 2 bad usage. */
    public static int run(String... args) {
        return new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true).execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"emergo " + org.emergo.rules.EngineVersion.VERSION};
        }
    }
}
