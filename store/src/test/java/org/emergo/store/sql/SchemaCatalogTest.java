package org.emergo.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.TestDatabases;
import org.emergo.store.db.Database;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaCatalogTest {

    @TempDir
    Path dir;

    @Test
    void everyTableViewAndColumnOfAnH2FileOpenedAgainHasADescription() {
        String file = dir.resolve("emergo").toString();
        Database.open(file).close();
        try (Database db = Database.open(file)) {
            assertEquals(List.of(), undescribed(SchemaCatalog.read(db)));
        }
    }

    @Test
    @Tag("postgres")
    void everyTableViewAndColumnOnPostgresHasADescription() {
        try (Database db = TestDatabases.POSTGRES.open()) {
            assertEquals(List.of(), undescribed(SchemaCatalog.read(db)));
        }
    }

    @Test
    @Tag("postgres")
    void bothDatabasesListTheSameTablesColumnsTypesAndDescriptions() {
        try (Database h2 = TestDatabases.H2.open(); Database pg = TestDatabases.POSTGRES.open()) {
            assertEquals(SchemaCatalog.read(h2), SchemaCatalog.read(pg));
        }
    }

    @Test
    void tablesAndViewsAreListedByNameWithoutFlywaysOwnTable() {
        try (Database db = TestDatabases.H2.open()) {
            List<SchemaCatalog.Table> tables = SchemaCatalog.read(db);
            List<String> names = tables.stream().map(SchemaCatalog.Table::name).toList();
            assertEquals(names.stream().sorted().toList(), names);
            assertTrue(names.containsAll(List.of("game", "position", "finding", "move", "position_board")), names.toString());
            assertTrue(names.stream().noneMatch(n -> n.contains("flyway")), names.toString());
            SchemaCatalog.Table board = tables.stream().filter(t -> t.name().equals("position_board")).findFirst().orElseThrow();
            assertTrue(board.view());
            SchemaCatalog.Column e5 = board.columns().stream().filter(c -> c.name().equals("e5")).findFirst().orElseThrow();
            assertEquals("height of the column on e5 (Emergo and HexEmergo): positive White's, negative Black's, NULL vacant;"
                    + " 27 or -27 taller than 26", e5.description());
            SchemaCatalog.Table game = tables.stream().filter(t -> t.name().equals("game")).findFirst().orElseThrow();
            assertEquals(new SchemaCatalog.Column("id", "BIGINT", "the game's number, as in /game/{id}"), game.columns().get(0));
        }
    }

    private static List<String> undescribed(List<SchemaCatalog.Table> tables) {
        List<String> missing = new ArrayList<>();
        for (SchemaCatalog.Table t : tables) {
            if (t.description() == null) missing.add(t.name());
            for (SchemaCatalog.Column c : t.columns()) {
                if (c.description() == null) missing.add(t.name() + "." + c.name());
            }
        }
        return missing;
    }
}
