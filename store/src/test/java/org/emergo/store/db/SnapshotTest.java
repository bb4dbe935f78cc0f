package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.store.game.GameRepository;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 56: {@link Snapshot}, the copy {@code emergo backup} makes of an H2 file, in the program that has it open. */
class SnapshotTest {

    @TempDir
    Path dir;

    @Test
    void theCopyHoldsWhatWasCommittedAndNothingOfAnOpenTransaction() throws SQLException {
        try (Database d = Database.open(dir.resolve("club").toString())) {
            insertGames(d, 30, 56);
            try (Connection open = d.dataSource().getConnection()) {
                open.setAutoCommit(false);
                try (Statement st = open.createStatement()) {
                    // 30 more games, not committed, and in the file: H2 stores uncommitted entries too
                    assertEquals(30, st.executeUpdate("INSERT INTO game (variant, white, moves, fingerprint, tag_count)"
                            + " SELECT variant, 'not committed', moves, BITXOR(fingerprint, 1), 0 FROM game"));
                }
                MVStore store = mvStore(d);
                store.commit();

                Path copy = Backup.toH2File(d, dir.resolve("copy"));

                assertEquals(dir.resolve("copy.mv.db"), copy);
                assertTrue(store.isSpaceReused(), "H2's settings as they were");
                assertEquals(45_000, store.getRetentionTime());
                open.commit();
            }
            assertEquals(60, count(d, "SELECT COUNT(*) FROM game"));
        }
        try (Database copy = Database.open(dir.resolve("copy").toString())) {
            assertEquals(30, count(copy, "SELECT COUNT(*) FROM game"));
            assertEquals(0, count(copy, "SELECT COUNT(*) FROM game WHERE white = 'not committed'"));
            assertEquals(0, count(copy, "SELECT COUNT(*) FROM game g WHERE g.tag_count <>"
                    + " (SELECT COUNT(*) FROM game_tag t WHERE t.game_id = g.id)"), "every game with its tags");
            insertGames(copy, 5, 57); // a file that goes on
            assertEquals(35, count(copy, "SELECT COUNT(*) FROM game"));
        }
        assertFalse(Files.exists(dir.resolve("copy.lock.db")));
    }

    /**
     * What commits while the copy is made is not in it, though it reaches the file first: H2's
     * {@code BACKUP TO} copied the file to its end, and a backup begun 12 s into an import of
     * 100,000 games held all of them.
     */
    @Test
    void whatCommitsOnceTheCopyBeganIsNotInIt() throws SQLException {
        try (Database d = Database.open(dir.resolve("growing").toString())) {
            insertGames(d, 30, 56);
            MVStore store = mvStore(d);
            Snapshot.afterNoting = () -> {
                insertGames(d, 200, 58);
                store.commit(); // in the file now, after the space the noted version uses
            };
            try {
                Backup.toH2File(d, dir.resolve("early"));
            } finally {
                Snapshot.afterNoting = () -> { };
            }
            assertEquals(230, count(d, "SELECT COUNT(*) FROM game"));
        }
        try (Database copy = Database.open(dir.resolve("early").toString())) {
            assertEquals(30, count(copy, "SELECT COUNT(*) FROM game"));
        }
    }

    /** The viewer's SQL page and {@code emergo sql} read as {@link H2Reader}: no file may be written from there. */
    @Test
    void theReadOnlyUserMayNotCopyTheFile() throws SQLException {
        Path target = dir.resolve("taken-by-a-page.mv.db");
        try (Database d = Database.open(dir.resolve("viewed").toString())) {
            insertGames(d, 3, 56);
            SQLException refused = assertThrows(SQLException.class, () -> d.withReadOnlyConnection(c -> {
                try (PreparedStatement st = c.prepareStatement("SELECT EMERGO_SNAPSHOT(?)")) {
                    st.setString(1, target.toString());
                    return st.executeQuery().next();
                }
            }));
            assertTrue(refused.getMessage().contains("only the database's owner may copy it"), refused.getMessage());
            assertTrue(mvStore(d).isSpaceReused());
        }
        assertFalse(Files.exists(target));
    }

    private static void insertGames(Database d, int n, long seed) {
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, seed);
        new GameRepository(d.dsl()).insertAll(IntStream.rangeClosed(1, n).mapToObj(selfPlay::game).toList(), null);
    }

    private static long count(Database d, String sql) throws SQLException {
        try (Connection c = d.dataSource().getConnection(); Statement st = c.createStatement();
                var rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static MVStore mvStore(Database d) throws SQLException {
        try (Connection c = d.dataSource().getConnection()) {
            return ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase().getStore().getMvStore();
        }
    }
}
