package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DatabaseUrlTest {

    private static String h2(String path) {
        return "jdbc:h2:file:" + Path.of(path).toAbsolutePath().normalize();
    }

    @Test
    void withoutArgumentOrEnvironmentTheDefaultFileIsUsed() {
        assertEquals(h2("emergo-data/emergo"), DatabaseUrl.resolve(null, null));
        assertEquals(h2("emergo-data/emergo"), DatabaseUrl.resolve("  ", ""));
    }

    @Test
    void theEnvironmentOverridesTheDefaultAndTheArgumentOverridesBoth() {
        assertEquals(h2("/srv/games"), DatabaseUrl.resolve(null, "/srv/games"));
        assertEquals(h2("mine"), DatabaseUrl.resolve("mine", "/srv/games"));
    }

    @Test
    void aPathBecomesAnAbsoluteH2FileUrlWithoutTheMvDbSuffix() {
        assertEquals("jdbc:h2:file:/tmp/x/games", DatabaseUrl.resolve("/tmp/x/../x/games.mv.db", null));
    }

    @Test
    void jdbcUrlsAreUsedAsTheyAre() {
        assertEquals("jdbc:postgresql://localhost/emergo?user=me",
                DatabaseUrl.resolve("jdbc:postgresql://localhost/emergo?user=me", null));
        assertEquals("jdbc:h2:mem:x", DatabaseUrl.resolve(null, "jdbc:h2:mem:x"));
    }

    @Test
    void otherDatabasesAndPathsWithSemicolonsAreRefused() {
        assertEquals("unsupported database URL 'jdbc:mysql://x/y': use a path (an H2 file), jdbc:h2:... or"
                + " jdbc:postgresql://...",
                assertThrows(StoreException.class, () -> DatabaseUrl.resolve("jdbc:mysql://x/y", null)).getMessage());
        assertThrows(StoreException.class, () -> DatabaseUrl.resolve("games;AUTO_SERVER=TRUE", null));
    }

    @Test
    void anUnnamedInMemoryDatabaseIsRefused() {
        assertEquals("an in-memory H2 database needs a name: jdbc:h2:mem:NAME",
                assertThrows(StoreException.class, () -> Database.open("jdbc:h2:mem:")).getMessage());
    }
}
