package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ./emergo launcher, run on a copy of itself with stand-ins for mvn and java, so that what
 * it does around the build is seen without building anything.
 */
class LauncherTest {

    @TempDir
    Path dir;

    @Test
    void theFirstBuildPrintsNoTerminalColourCodesAndPassesTheExitCodeOn() throws IOException, InterruptedException {
        Path root = Files.createDirectory(dir.resolve("project"));
        Files.copy(projectRoot().resolve("emergo"), root.resolve("emergo"));
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectory(dir.resolve("bin"));
        // Maven 3.8 writes colour resets and styles to both streams even in batch mode.
        script(bin.resolve("mvn"), """
                printf '\\033[0m\\033[1mcompiling\\033[m\\n'
                printf '\\033[0m\\033[0m' >&2
                mkdir -p cli/target && : > cli/target/emergo.jar
                """);
        Path jdk = Files.createDirectories(dir.resolve("jdk/bin"));
        script(jdk.resolve("java"), """
                case "$*" in *ArchiveClassesAtExit*) exit 1 ;; esac
                echo "java ran"
                exit 3
                """);

        ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("emergo").toString(), "-V")
                .redirectErrorStream(false);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA_HOME", jdk.getParent().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(3, p.waitFor(), err);
        assertEquals("java ran\n", out);
        assertTrue(err.contains("compiling"), err);
        assertFalse(err.contains("\u001b"), "colour codes on stderr: " + err.replace("\u001b", "ESC"));
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Path projectRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("emergo")) && Files.isDirectory(p.resolve("cli"))) return p;
        }
        throw new IllegalStateException("no project folder above " + Path.of("").toAbsolutePath());
    }
}
