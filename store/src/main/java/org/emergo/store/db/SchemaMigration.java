package org.emergo.store.db;

import java.sql.SQLException;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/** Brings a database to the current schema: Flyway over sql/ and the folder of its own kind. */
final class SchemaMigration {

    private SchemaMigration() {}

    /**
     * Migrates, and lays a Citus coordinator's tables out; true when the database is one.
     *
     * @throws org.flywaydb.core.api.FlywayException when a migration cannot be applied
     */
    static boolean run(DataSource source, boolean postgres) {
        Flyway.configure(SchemaMigration.class.getClassLoader())
                .dataSource(source)
                .locations("classpath:db/migration", "classpath:db/vendor/" + (postgres ? "postgresql" : "h2"))
                .load()
                .migrate();
        return postgres && distribute(source);
    }

    /** On a Citus coordinator, the tables laid out over the workers ({@link CitusLayout}). */
    private static boolean distribute(DataSource source) {
        try {
            return CitusLayout.apply(source);
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }
}
