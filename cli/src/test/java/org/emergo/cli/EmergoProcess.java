package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The built jar (target/emergo.jar) run in a child JVM, as a user runs it, with
 * EMERGO_PROGRESS=lines so that a test can wait for a commit before it stops the process.
 */
final class EmergoProcess {

    static final Path JAR = Path.of("target", "emergo.jar").toAbsolutePath();

    private static final long TIMEOUT_SECONDS = 300;

    /** The children's class-data archive, made once per build of the jar and shared by every test JVM. */
    static final Path ARCHIVE = Path.of("target", "process-tests.jsa").toAbsolutePath();

    /**
     * The JVM options of every child: the serial collector, and compiling with C1 alone, as the
     * children are short runs on small files, two tests' at once on a two-core machine, and C2's
     * compiles cost them more CPU than they win back; they start from a class-data archive of the
     * classes a database command loads ({@link #classArchive}), as the launcher's commands do.
     * None of these changes what a command does, only how soon it is done.
     */
    private static final List<String> JVM_OPTIONS = jvmOptions();

    /**
     * What the child's command starts with so that SIGINT reaches it: a child inherits an ignored
     * SIGINT (a background job of a non-interactive shell, {@code nohup mvn verify &}), and a JVM
     * does not handle a signal it was started with ignored, so the INT cases waited for their
     * timeout (issue 30). GNU env's --default-signal (coreutils 8.31) sets it back to the default
     * before it runs java; where there is none, {@link #signal} fails at once instead.
     */
    private static final List<String> SIGINT_RESET = sigintReset();

    private static List<String> sigintReset() {
        if (!intIgnored(ProcessHandle.current().pid())) return List.of();
        List<String> env = List.of("env", "--default-signal=INT");
        try {
            Process p = new ProcessBuilder(concat(env, List.of("true"))).redirectErrorStream(true).start();
            p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return p.waitFor() == 0 ? env : List.of();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        // the JVM says nothing of an archive it cannot use (another JDK): it runs without one
        if (classArchive()) options.addAll(List.of("-XX:SharedArchiveFile=" + ARCHIVE, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
        return options;
    }

    /**
     * Makes {@link #ARCHIVE} unless it is newer than the jar, as the launcher makes its own: from
     * {@code find --next} on a small analysed database, which loads H2, Flyway, jOOQ and the
     * pattern search. Test JVMs that start at once take turns (a file lock); a failed attempt
     * leaves an empty archive, so the children run without one until the next build.
     */
    private static boolean classArchive() {
        try {
            Files.createDirectories(ARCHIVE.getParent());
            try (java.nio.channels.FileChannel lock = java.nio.channels.FileChannel.open(
                            ARCHIVE.resolveSibling("process-tests.jsa.lock"), java.nio.file.StandardOpenOption.CREATE,
                            java.nio.file.StandardOpenOption.WRITE);
                    java.nio.channels.FileLock held = lock.lock()) {
                if (!Files.isRegularFile(ARCHIVE)
                        || Files.getLastModifiedTime(ARCHIVE).compareTo(Files.getLastModifiedTime(JAR)) < 0) {
                    Path tmp = ARCHIVE.resolveSibling("process-tests.jsa." + ProcessHandle.current().pid());
                    if (!trainArchive(tmp) || !Files.isRegularFile(tmp)) Files.writeString(tmp, "");
                    Files.move(tmp, ARCHIVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                }
            }
            return Files.size(ARCHIVE) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs the commands that make the archive in a scratch folder; whether all of them succeeded. */
    private static boolean trainArchive(Path archive) throws IOException {
        Path scratch = Files.createTempDirectory("emergo-process-tests-archive");
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> jar = List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", JAR.toString());
            String db = scratch.resolve("train").toString();
            Path games = scratch.resolve("games.egn");
            return exec(scratch, games, concat(jar, List.of("generate", "--games", "20", "--seed", "1")))
                    && exec(scratch, null, concat(jar, List.of("import", "--db", db, games.toString())))
                    && exec(scratch, null, concat(jar, List.of("analyze", "--db", db)))
                    && exec(scratch, null, concat(List.of(java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                            "-XX:ArchiveClassesAtExit=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-jar",
                            JAR.toString()), List.of("find", "--db", db, "--next", "e5:w1+ or turn:b d4:empty")));
        } finally {
            try (java.util.stream.Stream<Path> files = Files.walk(scratch)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Runs a command to its end, its output to a file (or nowhere); whether it exited 0. */
    private static boolean exec(Path dir, Path output, List<String> command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(output != null ? ProcessBuilder.Redirect.to(output.toFile()) : ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().remove("EMERGO_DB");
        try {
            Process p = builder.start();
            if (p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) return p.exitValue() == 0;
            p.destroyForcibly();
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether a Linux process ignores SIGINT (its SigIgn mask in /proc); false where that cannot be read. */
    static boolean intIgnored(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("SigIgn:")) return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 0x2) != 0;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return false;
    }

    /** How a run ended: its exit code, its standard output, its lines on stderr. */
    record Result(int exitCode, String out, List<String> err) {}

    private final Process process;
    private final List<String> err = new ArrayList<>();
    private final StringBuilder out = new StringBuilder();
    private final Thread errReader;
    private final Thread outReader;

    private EmergoProcess(Process process) {
        this.process = process;
        this.errReader = reader(process.getErrorStream(), line -> {
            synchronized (err) {
                err.add(line);
                err.notifyAll();
            }
        });
        this.outReader = reader(process.getInputStream(), line -> {
            synchronized (out) {
                out.append(line).append('\n');
                out.notifyAll();
            }
        });
    }

    static EmergoProcess start(Path workDir, Map<String, String> env, String... args) {
        return start(workDir, env, List.of("-jar", JAR.toString()), args);
    }

    /**
     * Starts a command that stops when it prints a line on stderr that starts with
     * {@code line}, and waits there for {@link #signal} ({@link PausedEmergo}).
     */
    static EmergoProcess startPausedAt(Path workDir, String line, String... args) {
        String classPath = JAR + java.io.File.pathSeparator + Path.of("target", "test-classes").toAbsolutePath();
        List<String> main = new ArrayList<>(List.of("-cp", classPath, PausedEmergo.class.getName(), line));
        return start(workDir, Map.of(), main, args);
    }

    /**
     * Starts a command that stops when it prints a line on stderr that starts with {@code line}
     * and goes on when {@link #resume} is called.
     */
    static EmergoProcess startHeldAt(Path workDir, String line, String... args) {
        return startPausedAt(workDir, "stdin:" + line, args);
    }

    /** As {@link #startHeldAt}, at a line of stdout: a command that reads, in the middle of what it prints. */
    static EmergoProcess startHeldAtOut(Path workDir, String line, String... args) {
        return startPausedAt(workDir, "stdout:" + line, args);
    }

    private static EmergoProcess start(Path workDir, Map<String, String> env, List<String> main, String... args) {
        assertTrue(Files.isRegularFile(JAR), JAR + " is missing: the process tests run after mvn package");
        List<String> command = new ArrayList<>(SIGINT_RESET);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(main);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().remove("EMERGO_DB");
        builder.environment().remove(FailureHandler.DEBUG_ENV);
        builder.environment().put(Progress.LINES_ENV, "lines");
        builder.environment().putAll(env);
        try {
            return new EmergoProcess(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static EmergoProcess start(Path workDir, String... args) {
        return start(workDir, Map.of(), args);
    }

    /** Runs a command to its end. */
    static Result run(Path workDir, String... args) {
        return start(workDir, args).finish();
    }

    static Result run(Path workDir, Map<String, String> env, String... args) {
        return start(workDir, env, args).finish();
    }

    /** Writes {@code games} self-played games of a seed as an EGN file in the folder. */
    static Path generated(Path workDir, int games, int seed) {
        Result r = run(workDir, "generate", "--games", Integer.toString(games), "--seed", Integer.toString(seed));
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        try {
            return Files.writeString(workDir.resolve("games-" + games + "-" + seed + ".egn"), r.out());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits for a line on stdout that starts so; fails when the process ends without one. */
    void awaitOutLine(String start) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        synchronized (out) {
            while (out.toString().lines().noneMatch(l -> l.startsWith(start))) {
                if (!outReader.isAlive() || System.nanoTime() > deadline) {
                    fail("no line '" + start + "' on stdout of the child; it printed " + out + "; stderr: " + err);
                }
                try {
                    out.wait(200); // woken by each line, or to see the reader end
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** Waits for a line on stdout that starts so, and returns it. */
    String outLine(String start) {
        awaitOutLine(start);
        synchronized (out) {
            return out.toString().lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow();
        }
    }

    /** Waits for a line on stderr that starts so; fails when the process ends without one. */
    void awaitErrLine(String start) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        synchronized (err) {
            int seen = 0;
            while (true) {
                for (; seen < err.size(); seen++) {
                    if (err.get(seen).startsWith(start)) return;
                }
                if (!errReader.isAlive() || System.nanoTime() > deadline) {
                    fail("no line '" + start + "' on stderr of the child; it printed " + err);
                }
                try {
                    err.wait(200); // woken by each line, or to see the reader end
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /**
     * Sends INT, TERM or KILL with kill(1): Process.destroy would close our ends of the child's
     * output, and with them what it says on stopping.
     */
    void signal(String name) {
        if (name.equals("INT") && intIgnored(process.pid())) {
            fail("the child ignores SIGINT, as it inherited from the shell that started the tests (a background job"
                    + " of a non-interactive shell), and no env --default-signal could undo it: run the tests from a"
                    + " shell that does not ignore SIGINT");
        }
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor(), "kill -" + name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Whether the child has not ended yet. */
    boolean isRunning() {
        return process.isAlive();
    }

    /** Lets a command held by {@link #startHeldAt} go on. */
    void resume() {
        try {
            process.getOutputStream().write('\n');
            process.getOutputStream().flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits for the end; fails after five minutes. */
    Result finish() {
        try {
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail("the child did not end in " + TIMEOUT_SECONDS + " s; stderr: " + err);
            }
            errReader.join();
            outReader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        synchronized (err) {
            return new Result(process.exitValue(), out.toString(), List.copyOf(err));
        }
    }

    private interface LineSink {
        void line(String line);
    }

    private static Thread reader(InputStream in, LineSink sink) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) sink.line(line);
            } catch (IOException e) {
                // the child is gone
            }
        }, "emergo-child-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
