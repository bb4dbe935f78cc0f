package org.emergo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.emergo.rules.EngineVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code emergo} command: one subcommand per job (README.md, the command list). */
@Command(
        name = "emergo",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Game-record database and replay analyser for Emergo and HexEmergo.",
            // each reference starts a line of its own, so that help never breaks one in two
            "The rules are in docs/rules.md#the-rules-as-emergo-plays-them.",
            "The finding codes are in docs/findings.md#finding-codes.",
            "The record formats are in docs/formats.md#notation-and-record-formats."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  emergo demo",
            "  emergo import --db games/club club/*.egn && emergo analyze --db games/club",
            "  emergo review --db games/club --depth 6",
            "  emergo sql --help"},
        // the database's jobs first, in the order a collection meets them; the engine's tools last
        subcommands = {
            ImportCommand.class,
            AnalyzeCommand.class,
            ReviewCommand.class,
            PuzzlesCommand.class,
            FindCommand.class,
            SqlCommand.class,
            ExportCommand.class,
            RatingsCommand.class,
            BackupCommand.class,
            CheckCommand.class,
            RepairCommand.class,
            ServeCommand.class,
            DemoCommand.class,
            MovesCommand.class,
            PerftCommand.class,
            GenerateCommand.class,
            CommandLine.HelpCommand.class,
        })
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the command line and returns the exit code: 0 ok, 1 input rejected or a problem
     * outside emergo (said in one line), 2 bad usage, 128 + n when stopped by signal n.
     */
    public static int run(String... args) {
        return new CommandLine(new Main())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler(FailureHandler.fromEnvironment())
                .execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /** "1 file", "2 files"; {@code many} where adding an s will not do. */
    static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    static String count(long n, String one) {
        return count(n, one, one + "s");
    }

    /**
     * The build's version (Maven's project.version, written into version.properties when the
     * jar is built), then the rules engine's own version: that one changes only when a finding
     * can change, since every stored analysis is marked with it.
     */
    static final class Version implements CommandLine.IVersionProvider {
        static final String BUILD = buildVersion();

        @Override
        public String[] getVersion() {
            return new String[] {"emergo " + BUILD,
                "rules engine " + EngineVersion.VERSION + " (stored with each analysis)"};
        }

        private static String buildVersion() {
            Properties p = new Properties();
            try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
                if (in != null) p.load(in);
            } catch (IOException e) {
                // no version is better than no command
            }
            return p.getProperty("version", "unknown");
        }
    }
}
