package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The project's documents are in docs/, and every pointer into them from code comments, help
 * texts, READMEs and the sample games names a file and a section heading that exist.
 */
class DocumentReferencesTest {

    /** {@code docs/rules.md#captures}, also as {@code ../docs/...}; the section is required. */
    private static final Pattern REFERENCE = Pattern.compile("docs/([a-z]+\\.md)(#[A-Za-z0-9_-]*)?");

    /** A link inside docs/: {@code (rules.md#captures)} or {@code (#repetition)}. */
    private static final Pattern DOCS_LINK = Pattern.compile("\\]\\(([a-z]+\\.md)?(#[A-Za-z0-9_-]+)?\\)");

    /** The internal documents a clone does not have, and their old section numbers. */
    private static final Pattern OUTSIDE = Pattern.compile("\\.\\./shared|RULES\\.md|FORMATS\\.md|ARCHITECTURE\\.md|STYLE\\.md");

    private static final Path ROOT = projectRoot();

    @Test
    void everyDocsReferenceInTheProjectNamesAFileAndASectionThatExist() {
        List<String> broken = new ArrayList<>();
        int references = 0;
        for (Path file : scannedFiles()) {
            Matcher m = REFERENCE.matcher(read(file));
            while (m.find()) {
                references++;
                String problem = problem(m.group(1), m.group(2));
                if (problem != null) broken.add(ROOT.relativize(file) + ": " + m.group() + ": " + problem);
            }
        }
        assertEquals(List.of(), broken);
        assertTrue(references > 50, "only " + references + " references found: is the scan looking in the right place?");
    }

    @Test
    void everyDocsReferenceInTheHelpTextsNamesAFileAndASectionThatExist() {
        List<String> broken = new ArrayList<>();
        int references = 0;
        for (String help : helpTexts()) {
            Matcher m = REFERENCE.matcher(help);
            while (m.find()) {
                references++;
                String problem = problem(m.group(1), m.group(2));
                if (problem != null) broken.add(m.group() + ": " + problem);
            }
        }
        assertEquals(List.of(), broken);
        assertTrue(references >= 3, "the help texts point into docs/ only " + references + " times");
    }

    @Test
    void linksBetweenTheDocumentsNameSectionsThatExist() {
        List<String> broken = new ArrayList<>();
        for (String doc : List.of("rules.md", "findings.md", "formats.md")) {
            Matcher m = DOCS_LINK.matcher(read(ROOT.resolve("docs").resolve(doc)));
            while (m.find()) {
                String file = m.group(1) != null ? m.group(1) : doc;
                // a link to a whole document needs no section
                String problem = m.group(2) == null
                        ? Files.isRegularFile(ROOT.resolve("docs").resolve(file)) ? null : "no such document"
                        : problem(file, m.group(2));
                if (problem != null) broken.add(doc + ": " + m.group() + ": " + problem);
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void nothingPointsToTheInternalDocumentsACloneDoesNotHave() {
        List<String> found = new ArrayList<>();
        for (Path file : scannedFiles()) {
            String[] lines = read(file).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (OUTSIDE.matcher(lines[i]).find() && !file.endsWith(Path.of("DocumentReferencesTest.java"))) {
                    found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + lines[i].strip());
                }
            }
        }
        for (String help : helpTexts()) {
            if (OUTSIDE.matcher(help).find()) found.add("help: " + help.lines().filter(l -> OUTSIDE.matcher(l).find()).toList());
        }
        assertEquals(List.of(), found);
    }

    /** Why a reference is broken, or null when its file and section exist. */
    private static String problem(String file, String anchor) {
        Path doc = ROOT.resolve("docs").resolve(file);
        if (!Files.isRegularFile(doc)) return "no such document";
        if (anchor == null || anchor.length() < 2) return "names no section (add #heading)";
        return anchors(doc).contains(anchor.substring(1)) ? null : "no such section";
    }

    /** The anchors of a document's headings, made as GitHub makes them. */
    private static Set<String> anchors(Path doc) {
        Set<String> anchors = new HashSet<>();
        boolean fence = false;
        for (String line : read(doc).split("\n")) {
            if (line.startsWith("```")) fence = !fence;
            if (fence || !line.startsWith("#")) continue;
            String title = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
            anchors.add(title.replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
        }
        return anchors;
    }

    /** Everything a user or programmer reads: sources of every module, READMEs, samples, queries, the launcher. */
    private static List<Path> scannedFiles() {
        List<Path> files = new ArrayList<>();
        files.add(ROOT.resolve("README.md"));
        files.add(ROOT.resolve("emergo"));
        // sql/V*.sql are left out: Flyway checksums the applied migrations, comments included.
        for (String folder : List.of("analyzer/src", "store/src", "importer/src", "cli/src", "bench/src",
                "sample-games", "sql/queries")) {
            try (Stream<Path> walk = Files.walk(ROOT.resolve(folder))) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> p.toString().matches(".*\\.(java|md|egn|csv|json|sql|properties)$"))
                        .forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** The help of emergo and of every subcommand. */
    private static List<String> helpTexts() {
        Map<String, String> help = new LinkedHashMap<>();
        help.put("emergo", CommandLineRun.run("--help").out());
        for (String command : List.of("moves", "perft", "generate", "import", "analyze", "sql", "export", "serve", "demo")) {
            help.put(command, CommandLineRun.run(command, "--help").out());
        }
        return List.copyOf(help.values());
    }

    private static String read(Path file) {
        try {
            // lenient: some test inputs are deliberately not UTF-8
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Tests run in the module's folder, one below the project's. */
    private static Path projectRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("docs")) && Files.isRegularFile(p.resolve("emergo"))) return p;
        }
        throw new IllegalStateException("no project folder with docs/ above " + Path.of("").toAbsolutePath());
    }
}
