package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.emergo.replay.GameRecord;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.GameRepositoryTest;
import org.emergo.store.game.InsertResult;
import org.junit.jupiter.api.Test;

/** The identity repair on opening an H2 file, while another program inserts. */
class IdentityRepairTest {

    private static List<GameRecord> games(int n, String white) {
        List<GameRecord> games = new ArrayList<>();
        for (int i = 0; i < n; i++) games.add(GameRepositoryTest.game(white + " " + i, "black"));
        return games;
    }

    @Test
    void aSoundIdentityStaysAheadOfIdsAnotherProgramDrewWhileTheRepairRead() throws SQLException {
        try (Database db = Database.open("jdbc:h2:mem:identity-repair-" + UUID.randomUUID());
                Connection other = db.dataSource().getConnection()) {
            GameRepository games = new GameRepository(db.dsl());
            games.insertAll(games(40, "first"), null);
            other.setAutoCommit(false);

            IdentityRepair.run(db.dataSource(), table -> {
                if (!table.equalsIgnoreCase("game")) return;
                // another program commits ten games (ids 41-50) and has drawn ten more ids, not yet committed
                games.insertAll(games(10, "second"), null);
                try (PreparedStatement insert = other.prepareStatement("INSERT INTO game (variant, fingerprint) VALUES ('Emergo', ?)")) {
                    for (int i = 0; i < 10; i++) {
                        insert.setLong(1, 1_000_000 + i);
                        insert.executeUpdate();
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            other.commit();

            InsertResult later = games.insertAll(List.of(GameRepositoryTest.game("later", "black")), null);
            assertEquals(List.of(61L), later.ids());
        }
    }
}
