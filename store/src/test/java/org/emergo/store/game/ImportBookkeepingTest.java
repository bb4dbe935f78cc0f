package org.emergo.store.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Source files and import errors: what lets an import run twice and report what it rejected. */
class ImportBookkeepingTest {

    @Nested
    class OnH2 extends Cases {
        OnH2() {
            super(TestDatabases.H2);
        }
    }

    @Nested
    @Tag("postgres")
    class OnPostgres extends Cases {
        OnPostgres() {
            super(TestDatabases.POSTGRES);
        }
    }

    abstract static class Cases extends DatabaseTestCase {

        static final String SHA = "0123456789abcdef".repeat(4);

        Cases(TestDatabases kind) {
            super(kind);
        }

        @Test
        void aFileIsFoundByItsContentHashWithItsCounts() {
            SourceFileRepository files = new SourceFileRepository(db.dsl());
            long id = files.insert("/games/club.egn", SHA, 1234);

            SourceFile before = files.findBySha(SHA).orElseThrow();
            assertEquals(id, before.id());
            assertEquals("/games/club.egn", before.path());
            assertEquals(1234L, before.sizeBytes());
            assertNull(before.games());

            files.updateCounts(id, 10, 2, 1);
            SourceFile after = files.findBySha(SHA).orElseThrow();
            assertEquals(List.of(10, 2, 1), List.of(after.games(), after.duplicates(), after.errors()));
            assertTrue(after.importedAt() != null);
        }

        @Test
        void anUnknownHashFindsNothing() {
            assertTrue(new SourceFileRepository(db.dsl()).findBySha("f".repeat(64)).isEmpty());
        }

        @Test
        void errorsAreStoredInOrderWithWhereAndWhy() {
            long file = new SourceFileRepository(db.dsl()).insert("bad.egn", SHA, 10);
            ImportErrorRepository errors = new ImportErrorRepository(db.dsl());
            List<ImportErrorEntry> entries = List.of(
                    new ImportErrorEntry("bad.egn", 3, 14, "unknown square 'z9'", "1. z9 d4"),
                    new ImportErrorEntry("bad.egn", 20, 1, "tag without a value", "[White]"));
            errors.insertAll(entries, file);

            assertEquals(entries, errors.findBySourceFile(file));
            assertEquals(2, errors.count());
        }

        @Test
        void longOrHostileErrorTextIsCutAndCleanedNotRefused() {
            long file = new SourceFileRepository(db.dsl()).insert("bad.egn", SHA, 10);
            ImportErrorRepository errors = new ImportErrorRepository(db.dsl());
            errors.insertAll(List.of(new ImportErrorEntry("bad.egn", 1, 1, "nul\0here", "z".repeat(10_000))), file);

            ImportErrorEntry stored = errors.findBySourceFile(file).get(0);
            assertEquals("nul\uFFFDhere", stored.message());
            assertEquals(ImportErrorRepository.TEXT_MAX, stored.excerpt().length());
            assertTrue(stored.excerpt().endsWith("z\u2026"));
        }

        @Test
        void noErrorsWriteNothing() {
            ImportErrorRepository errors = new ImportErrorRepository(db.dsl());
            errors.insertAll(List.of(), null);
            assertEquals(0, errors.count());
        }
    }
}
