package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.emergo.store.DatabaseTestCase;
import org.emergo.store.TestDatabases;
import org.emergo.store.jooq.DefaultSchema;
import org.jooq.Field;
import org.jooq.Table;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class SchemaTest {

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

        Cases(TestDatabases kind) {
            super(kind);
        }

        @Test
        void migrationsCreateTheTablesViewsAndFlywaysHistory() {
            assertEquals(List.of("ANALYSIS", "ANALYSIS_CHANGE", "ANALYSIS_HISTORY", "CAPTURE_CHANCE", "CAPTURE_LENGTH",
                    "FINDING", "FLYWAY_SCHEMA_HISTORY", "GAME", "GAME_STAGE", "GAME_TAG", "IMPORT_ERROR", "MOVE", "PATTERN_BITS", "PATTERN_GAME",
                    "PATTERN_PENDING", "PATTERN_SEGMENT", "PLAYER",
                    "PLAYER_ALIAS", "PLAYER_RATING", "POSITION", "POSITION_BOARD", "PUZZLE",
                    "PUZZLE_ATTEMPT", "PUZZLE_MINED", "PUZZLE_SET", "PUZZLE_SOLVER", "PUZZLE_THEME", "RATING", "RATING_CHECKPOINT", "RATING_HISTORY", "RATING_QUALITY",
                    "RATING_RUN", "REVIEW", "REVIEW_CURVE", "REVIEW_PLY", "REVIEW_SETTING", "SHADOWPIECE", "SOURCE_FILE",
                    "STATS_BAR", "STATS_CALIBRATION", "STATS_CALIBRATION_BAND", "STATS_DECIDED", "STATS_SNAPSHOT", "TALL_COLUMN",
                    "WORK_CLAIM"),
                    databaseTables().stream().map(t -> upper(t.getName())).sorted().toList());
        }

        @Test
        void theGameTableHasTheColumnsUsersQueriesNameInThisOrder() {
            // V4 made fingerprint a BIGINT column, added last
            assertEquals("ID VARIANT EVENT SITE DATE ROUND WHITE BLACK RESULT SETUP_EPN MOVES MOVETEXT PLY_COUNT"
                    + " SOURCE SOURCE_LINE SOURCE_FILE_ID IMPORTED_AT FINGERPRINT TAG_COUNT RECORD_DIGEST", columns(databaseTable("game")));
            assertEquals("GAME_ID SEQ NAME VALUE", columns(databaseTable("game_tag")));
            assertEquals("ID SOURCE LINE COL MESSAGE EXCERPT SOURCE_FILE_ID CREATED_AT",
                    columns(databaseTable("import_error")));
            assertEquals("ID PATH CONTENT_SHA256 SIZE_BYTES GAMES DUPLICATES ERRORS IMPORTED_AT",
                    columns(databaseTable("source_file")));
        }

        @Test
        void theGeneratedClassesMatchTheMigratedSchema() {
            for (Table<?> generated : DefaultSchema.DEFAULT_SCHEMA.getTables()) {
                Table<?> actual = databaseTable(generated.getName());
                assertEquals(columns(generated), columns(actual), generated.getName());
                for (Field<?> g : generated.fields()) {
                    Field<?> a = Stream.of(actual.fields())
                            .filter(f -> upper(f.getName()).equals(g.getName()))
                            .findFirst()
                            .orElseThrow();
                    String where = generated.getName() + "." + g.getName();
                    assertEquals(g.getDataType().getSQLType(), a.getDataType().getSQLType(), where);
                    assertEquals(g.getDataType().nullable(), a.getDataType().nullable(), where);
                    if (g.getDataType().hasLength()) {
                        assertEquals(g.getDataType().length(), a.getDataType().length(), where);
                    }
                }
            }
        }

        @Test
        void openingAgainAppliesNoMigrationTwice() {
            // Flyway names its table in lower case, quoted, on H2 as well
            String versions = "SELECT \"version\" FROM \"flyway_schema_history\" WHERE \"version\" IS NOT NULL";
            List<String> shipped = shippedMigrations();
            assertTrue(shipped.containsAll(List.of("1", "2", "3", "4", "5", "6", "7")), shipped::toString);
            try (Database again = Database.open(db.url())) {
                assertEquals(shipped, again.dsl().fetch(versions).getValues(0, String.class));
            }
            assertEquals(shipped, db.dsl().fetch(versions).getValues(0, String.class));
        }

        /**
         * The versions of the migration files in sql/ and in sql/h2/ or sql/postgresql/, and of the
         * Java migrations (src/main/java/db/migration), in order.
         */
        private List<String> shippedMigrations() {
            Path sql = Path.of("..", "sql");
            try (Stream<Path> shared = Files.list(sql);
                    Stream<Path> own = Files.list(sql.resolve(db.isPostgres() ? "postgresql" : "h2"));
                    Stream<Path> java = Files.list(Path.of("src", "main", "java", "db", "migration"))) {
                return Stream.concat(Stream.concat(shared, own), java).map(f -> f.getFileName().toString())
                        .filter(name -> name.matches("V\\d+(_\\d+)?__.*\\.(sql|java)"))
                        .map(name -> name.substring(1, name.indexOf("__")).replace('_', '.'))
                        .sorted(Comparator.comparingDouble(Double::parseDouble))
                        .toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private List<Table<?>> databaseTables() {
            return db.dsl().meta().getTables().stream()
                    .filter(t -> t.getSchema() != null && upper(t.getSchema().getName()).equals("PUBLIC"))
                    .collect(Collectors.toList());
        }

        private Table<?> databaseTable(String name) {
            Table<?> table = databaseTables().stream()
                    .filter(t -> upper(t.getName()).equals(upper(name)))
                    .findFirst()
                    .orElse(null);
            assertNotNull(table, "table " + name);
            return table;
        }

        private static String columns(Table<?> table) {
            return Stream.of(table.fields()).map(f -> upper(f.getName())).collect(Collectors.joining(" "));
        }

        private static String upper(String s) {
            return s.toUpperCase(Locale.ROOT);
        }
    }
}
