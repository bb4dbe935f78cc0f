package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.store.game.GameRepository;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.Page;
import org.h2.mvstore.db.MVPrimaryIndex;
import org.h2.table.Table;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state a SIGKILL of an analysis left in about one kill of ten (bench/analysis-kill-soak.sh):
 * the file's last version reaches pages that its chunk records count as free (4 pages of one
 * chunk in the file looked at closely). The test makes it in a file the program made: one page
 * of the game table, still in the table's tree, is counted free as H2 counts a page it has
 * replaced. The surefire run has Java's assertions on, H2's among them: H2 checks there that a
 * page is freed once.
 */
class H2PageAccountingTest {

    @TempDir
    static Path shared;

    /** 20 games and their tags, closed cleanly. */
    private static Path stored;

    @TempDir
    Path dir;

    @BeforeAll
    static void storeTheGames() {
        String db = shared.resolve("stored").toString();
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 47);
        try (Database d = Database.open(db)) {
            new GameRepository(d.dsl()).insertAll(IntStream.rangeClosed(1, 20).mapToObj(selfPlay::game).toList(), null);
        }
        stored = Path.of(db + ".mv.db");
    }

    @Test
    void aFileAProgramClosedCountsNoReachablePageFree() throws IOException {
        assertEquals(0, H2PageAccounting.pagesCountedFree(stored));
        String db = copy("closed");
        assertFalse(H2PageAccounting.rewriteIfMiscounted(db));
    }

    @Test
    void aPageCountedFreeWhileItsTableStillHoldsItIsFound() throws IOException, SQLException {
        String db = copy("miscounted");
        countFirstGamePageFree(db);
        assertEquals(1, H2PageAccounting.pagesCountedFree(Path.of(db + ".mv.db")));
    }

    @Test
    void openedAsAfterACleanCloseAChangeOfThatPageFreesItTwiceAndH2sOwnCheckFails() throws IOException, SQLException {
        String db = copy("closed-cleanly");
        countFirstGamePageFree(db);
        try (Database d = Database.open(db)) {
            // H2 accounts for freed pages when it next writes; with its assertions on, the second freeing fails there
            DataAccessException e = assertThrows(DataAccessException.class, () -> {
                d.dsl().execute("UPDATE game SET event = 'changed' WHERE id = 1");
                d.dsl().execute("CHECKPOINT");
                d.dsl().execute("UPDATE game SET event = 'again' WHERE id = 1");
                d.dsl().execute("CHECKPOINT");
            });
            assertTrue(String.valueOf(e.getMessage()).contains("AssertionError"), e.getMessage());
        }
    }

    @Test
    void afterAnUncleanStopTheFileIsRewrittenBeforeAnythingChangesAndHoldsTheSameRows() throws IOException, SQLException {
        String db = copy("killed");
        countFirstGamePageFree(db);
        List<String> before = rows(db);
        long size = Files.size(Path.of(db + ".mv.db"));
        // the lock file H2 leaves behind when it is killed
        Files.writeString(Path.of(db + ".lock.db"), "#FileLock\nhostName=localhost\nmethod=file\nid=killed\n");
        try (Database d = Database.open(db)) {
            Object event = d.dsl().fetchValue("SELECT event FROM game WHERE id = 1");
            d.dsl().execute("UPDATE game SET event = 'changed' WHERE id = 1");
            d.dsl().execute("CHECKPOINT");
            d.dsl().execute("UPDATE game SET event = 'again' WHERE id = 1");
            d.dsl().execute("CHECKPOINT");
            d.dsl().execute("UPDATE game SET event = ? WHERE id = 1", event);
        }
        assertNotEquals(size, Files.size(Path.of(db + ".mv.db")), "a new file");
        assertEquals(0, H2PageAccounting.pagesCountedFree(Path.of(db + ".mv.db")));
        assertEquals(before, rows(db));
    }

    /**
     * A kill during a transaction leaves its undo log in the file, which names the maps of the
     * rows it changed by id; H2 rolls it back when it next opens the file. The rewrite keeps
     * every map's id, so the rollback restores the rows it changed, in the maps it changed them.
     */
    @Test
    void aTransactionAStopLeftOpenIsRolledBackAfterTheRewrite() throws IOException, SQLException {
        String db = copy("open-transaction");
        countFirstGamePageFree(db);
        List<String> before = rows(db);
        String killed = dir.resolve("killed-in-a-transaction").toString();
        try (Database d = Database.open(db); Connection open = d.dataSource().getConnection();
                Connection other = d.dataSource().getConnection()) {
            open.setAutoCommit(false);
            try (Statement st = open.createStatement()) {
                // not the game table, whose page counted free a change would free again (the test above)
                assertTrue(st.executeUpdate("UPDATE game_tag SET value = 'uncommitted' WHERE game_id <= 10") > 0);
                assertTrue(st.executeUpdate("DELETE FROM game_tag WHERE game_id > 10") > 0);
            }
            try (Statement st = other.createStatement()) {
                st.execute("CHECKPOINT"); // the store saved with the open transaction and its undo log in it
            }
            Files.copy(Path.of(db + ".mv.db"), Path.of(killed + ".mv.db")); // what a kill leaves
            open.rollback();
        }
        Path file = Path.of(killed + ".mv.db");
        assertTrue(undoLogEntries(file) > 0, "the transaction's undo log is in the file");
        assertEquals(1, H2PageAccounting.pagesCountedFree(file));
        Files.writeString(Path.of(killed + ".lock.db"), "#FileLock\nhostName=localhost\nmethod=file\nid=killed\n");
        assertEquals(before, rows(killed));
        assertEquals(0, H2PageAccounting.pagesCountedFree(file));
    }

    /** Entries in the file's undo logs: the changes of transactions it holds open. */
    private static long undoLogEntries(Path file) {
        try (MVStore store = new MVStore.Builder().fileName(file.toString()).readOnly().open()) {
            return store.getMapNames().stream().filter(n -> n.startsWith("undoLog"))
                    .mapToLong(n -> store.openMap(n, H2PageAccounting.Census.genericMapBuilder().singleWriter()).sizeAsLong())
                    .sum();
        }
    }

    private String copy(String name) throws IOException {
        Files.copy(stored, dir.resolve(name + ".mv.db"));
        return dir.resolve(name).toString();
    }

    /**
     * Counts the first leaf page of the game table's rows free, as H2 counts a page it replaced,
     * and writes that record to the file; the table's tree still holds the page.
     */
    private static void countFirstGamePageFree(String db) throws SQLException {
        try (Database d = Database.open(db); Connection c = d.dataSource().getConnection()) {
            org.h2.engine.Database h2 = ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase();
            MVStore store = h2.getStore().getMvStore();
            Page<?, ?> page = null;
            for (Table table : h2.getAllTablesAndViews()) {
                if (!table.getName().equals("GAME")) continue;
                for (Index index : table.getIndexes()) {
                    if (index instanceof MVPrimaryIndex rows) page = rows.getMVMap().getRootPage();
                }
            }
            while (!page.isLeaf()) page = page.getChildPage(0);
            store.getFileStore().accountForRemovedPage(page.getPos(), store.getCurrentVersion(), false, -1);
            store.commit(); // a new version, whose chunk records hold the page as free
            d.dsl().execute("CHECKPOINT");
        }
    }

    /** Every game row and tag row, as text. */
    private static List<String> rows(String db) {
        try (Database d = Database.open(db)) {
            List<String> rows = new java.util.ArrayList<>();
            d.dsl().fetch("SELECT * FROM game ORDER BY id").forEach(r -> rows.add(r.formatCSV(false)));
            d.dsl().fetch("SELECT * FROM game_tag ORDER BY game_id, name").forEach(r -> rows.add(r.formatCSV(false)));
            return rows;
        }
    }
}
