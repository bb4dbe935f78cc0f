package org.emergo.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Issue 30: the H2 file a stop left, copied before anything opens it again, so that a test that
 * then fails keeps it (in target/files-kept-by-failed-tests) for a look with H2's tools and a
 * report upstream: the files of the rare failures after a kill were lost with the test's
 * temporary folder. A PostgreSQL database has no file to keep.
 */
final class FileAfterAStop {

    static final Path KEPT = Path.of("target", "files-kept-by-failed-tests").toAbsolutePath();

    private final Path copy;

    private FileAfterAStop(Path copy) {
        this.copy = copy;
    }

    /** Copies the file of {@code db} (an H2 path, or a PostgreSQL URL: nothing to copy). */
    static FileAfterAStop copy(String db) {
        if (db.startsWith("jdbc:")) return new FileAfterAStop(null);
        Path file = Path.of(db + ".mv.db");
        Path copy = file.resolveSibling(Path.of(db).getFileName() + "-after-stop.mv.db");
        try {
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new FileAfterAStop(copy);
    }

    /** Runs the checks of what followed the stop; when one fails (or a command of theirs throws), keeps the copy and says where. */
    void keptIf(Runnable checks) {
        try {
            checks.run();
        } catch (AssertionError | RuntimeException e) {
            if (copy == null) throw e;
            // the temporary folder's name too: each test class has its own, and names repeat among them
            Path kept = KEPT.resolve(copy.getParent().getFileName() + "-" + copy.getFileName());
            try {
                Files.createDirectories(KEPT);
                Files.copy(copy, kept, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException io) {
                e.addSuppressed(io);
                throw e;
            }
            throw new AssertionError("the file as the stop left it is kept as " + kept + ": " + e.getMessage(), e);
        }
    }
}
