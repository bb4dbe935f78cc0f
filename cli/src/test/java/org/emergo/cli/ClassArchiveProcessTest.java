package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: the class-data archive that the ./emergo launcher makes once per build holds what
 * {@code emergo find} loads, so that a search starts as soon as {@code emergo sql}
 * (docs/performance.md#pattern-search). Run on a copy of the launcher beside the built jar,
 * so that the project's own archive is left alone; the JVM's class loading log says where each
 * class came from.
 */
class ClassArchiveProcessTest {

    @TempDir
    Path dir;

    @Test
    void findLoadsThePatternSearchAndTheStoreFromTheArchive() throws IOException, InterruptedException {
        Path target = Files.createDirectories(dir.resolve("project/cli/target"));
        Path project = target.getParent().getParent();
        Files.copy(projectRoot().resolve("emergo"), project.resolve("emergo"));
        Files.createDirectories(project.resolve("sample-games"));
        Files.copy(projectRoot().resolve("sample-games/rule-breaches.egn"), project.resolve("sample-games/rule-breaches.egn"));
        Files.copy(EmergoProcess.JAR, target.resolve("emergo.jar"));
        String db = dir.resolve("club").toString();
        assertEquals(0, EmergoProcess.run(dir, "import", "--db", db, EmergoProcess.generated(dir, 20, 41).toString()).exitCode());
        assertEquals(0, EmergoProcess.run(dir, "analyze", "--db", db).exitCode());

        Path log = dir.resolve("classes.log");
        ProcessBuilder pb = new ProcessBuilder("bash", project.resolve("emergo").toString(), "find", "--db", db, "e5:w1+")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("find.out").toFile());
        pb.environment().put("EMERGO_JAVA_OPTS", "-Xlog:class+load:file=" + log);
        Process p = pb.start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the launcher ran for five minutes");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("find.out")));
        assertTrue(Files.size(target.resolve("emergo.jsa")) > 0, "the launcher made an archive");

        // [0.447s][info][class,load] org.emergo.pattern.Range source: shared objects file (top)
        List<String> loaded = Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains(" source: ")).toList();
        List<String> fromJar = loaded.stream().filter(l -> l.endsWith("emergo.jar")).map(ClassArchiveProcessTest::className).toList();
        List<String> pattern = loaded.stream().filter(l -> className(l).startsWith("org.emergo.pattern.")).toList();
        assertTrue(pattern.size() >= 5, "pattern classes loaded: " + pattern);
        assertEquals(List.of(), pattern.stream().filter(l -> !l.contains("shared objects file")).toList(), "pattern classes from the jar");
        // picocli is compiled for Java 5, which an archive does not take: about 180 classes. The rest, 6 when measured.
        List<String> rest = fromJar.stream().filter(c -> !c.startsWith("picocli.")).toList();
        assertTrue(rest.size() <= 30, "classes find loaded from the jar, not the archive: " + rest);
        assertTrue(loaded.size() - fromJar.size() > 3000, "classes from the archive and the JDK: " + (loaded.size() - fromJar.size()));
    }

    private static String className(String logLine) {
        String[] words = logLine.split(" ");
        return words.length > 1 ? words[1] : "";
    }

    private static Path projectRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("emergo")) && Files.isDirectory(p.resolve("cli"))) return p;
        }
        throw new IllegalStateException("no project folder above " + Path.of("").toAbsolutePath());
    }
}
