package org.emergo.store;

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
        assertEquals(h2("emergo-data/emergo"), Database.resolveUrl(null, null));
        assertEquals(h2("emergo-data/emergo"), Database.resolveUrl("  ", ""));
    }

    @Test
    void theEnvironmentOverridesTheDefaultAndTheArgumentOverridesBoth() {
        assertEquals(h2("/srv/games"), Database.resolveUrl(null, "/srv/games"));
        assertEquals(h2("mine"), Database.resolveUrl("mine", "/srv/games"));
    }

    @Test
    void aPathBecomesAnAbsoluteH2FileUrlWithoutTheMvDbSuffix() {
        assertEquals("jdbc:h2:file:/tmp/x/games", Database.resolveUrl("/tmp/x/../x/games.mv.db", null));
    }

    @Test
    void jdbcUrlsAreUsedAsTheyAre() {
        assertEquals("jdbc:postgresql://localhost/emergo?user=me",
                Database.resolveUrl("jdbc:postgresql://localhost/emergo?user=me", null));
        assertEquals("jdbc:h2:mem:x", Database.resolveUrl(null, "jdbc:h2:mem:x"));
    }

    @Test
    void otherDatabasesAndPathsWithSemicolonsAreRefused() {
        assertEquals("unsupported database URL 'jdbc:mysql://x/y': use a path (an H2 file), jdbc:h2:... or"
                + " jdbc:postgresql://...",
                assertThrows(StoreException.class, () -> Database.resolveUrl("jdbc:mysql://x/y", null)).getMessage());
        assertThrows(StoreException.class, () -> Database.resolveUrl("games;AUTO_SERVER=TRUE", null));
    }

    @Test
    void anUnnamedInMemoryDatabaseIsRefused() {
        assertEquals("an in-memory H2 database needs a name: jdbc:h2:mem:NAME",
                assertThrows(StoreException.class, () -> Database.open("jdbc:h2:mem:")).getMessage());
    }
}
