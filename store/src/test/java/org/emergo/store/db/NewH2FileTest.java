package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRepositoryTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A new H2 file appears only with its whole schema; what a killed creation left goes. */
class NewH2FileTest {

    @TempDir
    Path dir;

    private List<String> files() throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            return all.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aNewFileIsMadeBesideItsPlaceAndMovedThereWhole() throws IOException {
        try (Database db = Database.open(dir.resolve("games").toString())) {
            assertEquals(0, new GameRepository(db.dsl()).count());
        }
        assertEquals(List.of("games.mv.db"), files());
    }

    @Test
    void whatAKilledCreationLeftIsRemovedAndTheFileMadeAgain() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        // a schema half made by a program killed on its way: H2 had committed part of a migration
        Files.writeString(dir.resolve("games.new-" + gone.pid() + ".mv.db"), "half a schema");
        Files.writeString(dir.resolve("games.new-" + gone.pid() + ".lock.db"), "server of a dead program");

        try (Database db = Database.open(dir.resolve("games").toString())) {
            new GameRepository(db.dsl()).insertAll(List.of(GameRepositoryTest.game("a", "b")), null);
        }
        assertEquals(List.of("games.mv.db"), files());
    }
}
