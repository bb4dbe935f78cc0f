package org.emergo.store;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.flywaydb.core.Flyway;

/** A database migrated only up to a version, as an older emergo left it, to test the migrations after it. */
public final class OlderSchema {

    // Tests print nothing: Flyway reports each migration at INFO, and this may run before
    // Database quiets it. Held here, as Database holds its own: JUL keeps loggers only weakly.
    private static final Logger FLYWAY_LOG = Logger.getLogger("org.flywaydb");

    static {
        FLYWAY_LOG.setLevel(Level.WARNING);
    }

    private OlderSchema() {}

    /** @param user the user to connect as, null when the URL says */
    public static void migrate(String url, String user, String version) {
        Flyway.configure(OlderSchema.class.getClassLoader())
                .dataSource(url, user, "")
                .locations("classpath:db/migration", "classpath:db/vendor/" + (url.startsWith("jdbc:postgresql:") ? "postgresql" : "h2"))
                .target(version)
                .load()
                .migrate();
    }
}
