package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9: two imports at once into one PostgreSQL database, of the same files in opposite
 * orders (files that share their first 2,500 games, so both write those at the same time) store
 * each game once: the database holds the games, tags and errors of one import of the files.
 */
class ConcurrentImportProcessTest {

    @TempDir
    Path dir;

    @Test
    void twoImportsAtOnceOfOverlappingFilesStoreEachGameOnce() throws IOException {
        String a = generate(2500, 51);
        List<String> b = InterruptedImportProcessTest.records(generate(1000, 52));
        Path one = Files.writeString(dir.resolve("one.egn"), a);
        // the same games first, in a file of other content: both imports write them at once
        Path two = Files.writeString(dir.resolve("two.egn"), "\n" + a + String.join("", b)
                + "[Event \"Broken movetext\"]\n[Result \"*\"]\n\n1. e4 e6 2. <html> *\n");

        String clean = TestStores.POSTGRES.newDatabase(dir, "clean");
        EmergoProcess.Result once = EmergoProcess.run(dir, "import", "--db", clean, one.toString(), two.toString());
        assertEquals(1, once.exitCode(), String.join("\n", once.err()));

        String db = TestStores.POSTGRES.newDatabase(dir, "together");
        EmergoProcess forward = EmergoProcess.start(dir, "import", "--db", db, one.toString(), two.toString());
        EmergoProcess backward = EmergoProcess.start(dir, "import", "--db", db, two.toString(), one.toString());
        EmergoProcess.Result f = forward.finish();
        EmergoProcess.Result r = backward.finish();

        // two.egn's broken record is one error, reported by the one that read the file
        assertEquals(1, f.exitCode() + r.exitCode(), String.join("\n", f.err()) + "\n" + String.join("\n", r.err()));
        assertEquals(3500, DatabaseContents.count(db, "game"));
        assertEquals(2, DatabaseContents.count(db, "source_file"));
        DatabaseContents.assertSameContents(DatabaseContents.withoutSources(clean), DatabaseContents.withoutSources(db));
    }

    private String generate(int games, int seed) {
        EmergoProcess.Result r = EmergoProcess.run(dir, "generate", "--games", Integer.toString(games), "--seed",
                Integer.toString(seed));
        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        return r.out();
    }
}
