package org.emergo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 30: {@code emergo repair --db FILE} on a file damaged on purpose, as a user runs it. */
class RepairProcessTest {

    private static final Pattern SAVED = Pattern.compile("repaired (.+): saved (\\d+) games?, .*");

    @TempDir
    Path dir;

    @Test
    void repairOfAFileWithBytesOverwrittenSavesWhatItCanSaysWhatAndTheNewFileOpens() throws IOException {
        Path games = EmergoProcess.generated(dir, 400, 30);
        String db = dir.resolve("club").toString();
        assertEquals(0, EmergoProcess.run(dir, "import", "--db", db, games.toString()).exitCode());
        long size = Files.size(Path.of(db + ".mv.db"));
        try (RandomAccessFile f = new RandomAccessFile(db + ".mv.db", "rw")) {
            f.seek(size / 2 / 4096 * 4096 + 1000);
            f.write(new byte[3000]);
        }

        EmergoProcess.Result r = EmergoProcess.run(dir, "repair", "--db", db);

        assertEquals(0, r.exitCode(), String.join("\n", r.err()));
        List<String> lines = r.out().lines().toList();
        Matcher m = SAVED.matcher(lines.get(0));
        assertTrue(m.matches(), r.out());
        assertEquals(db, m.group(1));
        long saved = Long.parseLong(m.group(2));
        assertTrue(saved > 0 && saved <= 400, r.out());
        assertTrue(lines.get(1).startsWith("lost: "), r.out());
        String kept = lines.get(lines.size() - 1);
        assertTrue(kept.startsWith("the damaged file is kept as " + db + ".damaged-") && kept.endsWith(".mv.db"), kept);
        assertTrue(Files.isRegularFile(Path.of(kept.substring("the damaged file is kept as ".length()))), kept);

        EmergoProcess.Result count = EmergoProcess.run(dir, "sql", "--db", db, "--format", "csv",
                "SELECT COUNT(*) AS n FROM game");
        assertEquals("N\n" + saved + "\n", count.out().replace("\r", ""), String.join("\n", count.err()));
        assertEquals(0, EmergoProcess.run(dir, "import", "--db", db, games.toString()).exitCode(), "imports again");
    }

    @Test
    void repairOfAPathWithNoFileSaysSoInOneLine() {
        EmergoProcess.Result r = EmergoProcess.run(dir, "repair", "--db", dir.resolve("none").toString());
        assertEquals(1, r.exitCode());
        assertEquals(1, r.err().size(), r.err().toString());
        assertTrue(r.err().get(0).startsWith("emergo repair: no database at "), r.err().get(0));
    }
}
