package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** H2 files open in mixed mode, so that a second emergo program can use a file the viewer holds. */
class H2MixedModeTest {

    @TempDir
    Path dir;

    @Test
    void anH2FileIsOpenedWithAutoServerAndAnInMemoryDatabaseIsNot() {
        try (Database file = Database.open(dir.resolve("games").toString())) {
            assertTrue(file.url().contains(";AUTO_SERVER=TRUE"), file.url());
        }
        try (Database memory = Database.open("jdbc:h2:mem:mixed-mode-test")) {
            assertFalse(memory.url().contains("AUTO_SERVER"), memory.url());
        }
    }

    @Test
    void aUrlThatChoosesItsOwnLockingKeepsIt() {
        assertFalse(DatabaseUrl.isH2File("JDBC:H2:TCP://LOCALHOST/~/GAMES"));
        assertFalse(DatabaseUrl.isH2File("JDBC:H2:MEM:X"));
        assertTrue(DatabaseUrl.isH2File("JDBC:H2:FILE:/TMP/GAMES"));
        assertTrue(DatabaseUrl.isH2File("JDBC:H2:~/GAMES"));
    }

    @Test
    void closingAndCompactingLeavesAFileThatAnotherConnectionHoldsOpenWorking() {
        String path = dir.resolve("held").toString();
        try (Database holder = Database.open(path)) {
            Database importer = Database.open(path);
            importer.closeAndCompact();
            assertEquals(0, holder.dsl().fetchCount(org.emergo.store.jooq.Tables.GAME));
        }
    }
}
