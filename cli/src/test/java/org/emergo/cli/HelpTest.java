package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** What `--help` and `-V` say: usage, whole sentences, an example for every command, the build's version. */
class HelpTest {

    /** In the order the command list shows them: the database's jobs first, the engine's tools last. */
    private static final List<String> COMMANDS = List.of("import", "analyze", "review", "puzzles", "find", "sql", "export", "ratings",
            "backup", "check", "repair", "serve", "demo", "moves", "perft", "generate");

    /** An address or a path in a help text: picocli may break a line at its dots, colons and slashes. */
    private static final Pattern ADDRESS = Pattern.compile("(https?://|docs/|sql/|emergo-data/|\\./)[^\\s),;]*");

    @ParameterizedTest
    @ValueSource(strings = {"moves", "perft", "generate", "import", "analyze", "review", "puzzles", "ratings", "sql", "find", "export", "backup", "check", "repair", "serve", "demo"})
    void everyCommandAnswersHelpAndDashHWithItsUsageAndAnExample(String command) {
        for (String option : List.of("--help", "-h")) {
            CommandLineRun r = CommandLineRun.run(command, option);
            assertEquals(0, r.exitCode(), r::err);
            assertEquals("", r.err());
            assertTrue(r.out().startsWith("Usage: emergo " + command + " "), r.out());
            List<String> examples = examples(r.out());
            assertFalse(examples.isEmpty(), "no example in the help of " + command + ":\n" + r.out());
            for (String example : examples) {
                assertTrue(example.matches("  (emergo|printf) .*"), "an example broken over lines: '" + example + "'");
                assertTrue(example.contains("emergo " + command), "an example of another command: " + example);
            }
        }
    }

    @Test
    void theCommandListGivesEachCommandAWholeSentence() {
        CommandLineRun r = CommandLineRun.run("--help");
        assertEquals(0, r.exitCode(), r::err);
        String list = r.out().substring(r.out().indexOf("Commands:\n") + "Commands:\n".length(), r.out().indexOf("\n\n"));
        List<String> entries = new ArrayList<>();
        for (String line : list.split("\n")) {
            if (line.startsWith("  ") && !line.startsWith("    ")) entries.add(line.strip());
            else entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + line.strip());
        }
        assertEquals(COMMANDS.size() + 1, entries.size(), list); // and help
        for (String entry : entries) assertTrue(entry.endsWith("."), "cut short: " + entry);
        assertFalse(examples(r.out()).isEmpty(), r.out());
    }

    @Test
    void theCommandListPutsTheDatabasesJobsFirst() {
        CommandLineRun r = CommandLineRun.run("--help");
        List<String> names = new ArrayList<>();
        String out = r.out();
        int from = out.indexOf("Commands:\n");
        for (String line : out.substring(from, out.indexOf("\n\n", from)).split("\n")) {
            Matcher m = Pattern.compile("^  ([a-z]+)[ ,]").matcher(line);
            if (m.find()) names.add(m.group(1));
        }
        List<String> expected = new ArrayList<>(COMMANDS);
        expected.add("help");
        assertEquals(expected, names);
    }

    @Test
    void noAddressOrPathIsBrokenOverTwoLinesOfAnyHelp() {
        CommandLine main = new CommandLine(new Main());
        String list = CommandLineRun.run("--help").out();
        List<String> broken = new ArrayList<>();
        int seen = 0;
        for (String line : main.getCommandSpec().usageMessage().description()) seen += whole("emergo", line, list, broken);
        for (String command : COMMANDS) {
            CommandLine c = main.getSubcommands().get(command);
            String[] description = c.getCommandSpec().usageMessage().description();
            seen += whole("emergo --help", description[0], list, broken); // the command list shows the first line
            StringBuilder texts = new StringBuilder(String.join(" ", description));
            c.getCommandSpec().options().forEach(o -> texts.append(' ').append(String.join(" ", o.description())));
            seen += whole(command, texts.toString(), CommandLineRun.run(command, "--help").out(), broken);
        }
        assertEquals(List.of(), broken);
        assertTrue(seen >= 10, "only " + seen + " addresses and paths found in the help texts");
    }

    /** Adds to {@code broken} each address of {@code text} that {@code help} does not show on one line; returns how many there were. */
    private static int whole(String where, String text, String help, List<String> broken) {
        int n = 0;
        Matcher m = ADDRESS.matcher(text);
        while (m.find()) {
            n++;
            if (!help.contains(m.group())) broken.add(where + ": " + m.group());
        }
        return n;
    }

    @Test
    void everyParagraphOfEveryDescriptionIsWholeSentencesSoHelpBreaksLinesOnlyBetweenThem() {
        CommandLine main = new CommandLine(new Main());
        List<String> broken = new ArrayList<>();
        check("emergo", main, broken);
        for (String command : COMMANDS) check(command, main.getSubcommands().get(command), broken);
        assertEquals(List.of(), broken);
    }

    private static void check(String name, CommandLine command, List<String> broken) {
        for (String paragraph : command.getCommandSpec().usageMessage().description()) {
            if (!paragraph.endsWith(".") || !Character.isUpperCase(paragraph.charAt(0)) && !paragraph.startsWith("--")) {
                broken.add(name + ": " + paragraph);
            }
        }
        command.getCommandSpec().options().forEach(o -> {
            String text = String.join(" ", o.description());
            if (!text.endsWith(".")) broken.add(name + " " + o.longestName() + ": " + text);
        });
        command.getCommandSpec().positionalParameters().forEach(p -> {
            String text = String.join(" ", p.description());
            if (!text.endsWith(".")) broken.add(name + " " + p.paramLabel() + ": " + text);
        });
    }

    @Test
    void theVersionIsTheOneMavenBuilds() throws IOException {
        CommandLineRun r = CommandLineRun.run("-V");
        assertEquals(0, r.exitCode(), r::err);
        assertEquals("emergo " + pomVersion(), r.out().lines().findFirst().orElse(""));
        CommandLineRun sub = CommandLineRun.run("sql", "-V");
        assertEquals(r.out(), sub.out());
    }

    /** The example lines of a help text: those after its Example(s): heading. */
    private static List<String> examples(String help) {
        int at = help.indexOf("\nExample");
        if (at < 0) return List.of();
        List<String> lines = help.substring(at + 1).lines().skip(1).filter(l -> !l.isBlank()).toList();
        return lines;
    }

    /** The version of the parent pom, the one every module inherits. */
    private static String pomVersion() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        while (!Files.isRegularFile(root.resolve("emergo"))) root = root.getParent();
        String pom = Files.readString(root.resolve("pom.xml"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<artifactId>emergo-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        assertTrue(m.find(), "no version in pom.xml");
        return m.group(1);
    }
}
