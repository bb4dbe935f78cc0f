package org.emergo.store.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Variant;
import org.emergo.store.game.GameRepository;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.Page;
import org.h2.mvstore.db.MVIndex;
import org.h2.mvstore.type.DataType;
import org.h2.table.Table;
import org.h2.value.VersionedValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keys and the mark of a leaf read from its bytes are what H2 reads from the whole page. */
class LeafKeysTest {

    @TempDir
    Path dir;

    @Test
    void eachLeafReadsAsH2ReadsItAndIsCommittedExactlyWhenEachEntryIs() throws SQLException {
        SelfPlay selfPlay = new SelfPlay(Variant.EMERGO, 45);
        try (Database d = Database.open(dir.resolve("leaves").toString());
                Connection c = d.dataSource().getConnection(); Connection open = d.dataSource().getConnection()) {
            new GameRepository(d.dsl()).insertAll(IntStream.rangeClosed(1, 200).mapToObj(selfPlay::game).toList(), null);
            open.setAutoCommit(false);
            try (Statement st = open.createStatement()) {
                st.executeUpdate("DELETE FROM game_tag WHERE game_id = 100"); // uncommitted entries, stored below
            }
            try (Statement st = c.createStatement()) {
                st.execute("CHECKPOINT");
            }
            org.h2.engine.Database h2 = ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase();
            MVStore store = h2.getStore().getMvStore();
            LeafKeys leaves = new LeafKeys(store.getFileStore());
            Table table = h2.getAllTablesAndViews().stream().filter(t -> t.getName().equals("GAME_TAG")).findFirst().orElseThrow();
            int read = 0;
            int uncommitted = 0;
            for (var index : table.getIndexes()) {
                MVMap<?, ?> map = ((MVIndex<?, ?>) index).getMVMap();
                for (Page<?, ?> leaf : leaves(map.getRootPage())) {
                    LeafKeys.Leaf raw = leaves.read(map, leaf.getPos());
                    assertNotNull(raw, "a saved leaf");
                    Object[] keys = new Object[leaf.getKeyCount()];
                    boolean committed = true;
                    for (int i = 0; i < keys.length; i++) {
                        keys[i] = leaf.getKey(i);
                        committed &= ((VersionedValue<?>) leaf.getValue(i)).isCommitted();
                    }
                    assertEquals(keys.length, raw.keys().length);
                    @SuppressWarnings("unchecked")
                    DataType<Object> keyType = (DataType<Object>) map.getKeyType(); // an index's keys have no equals
                    for (int i = 0; i < keys.length; i++) assertEquals(0, keyType.compare(keys[i], raw.keys()[i]), index.getName());
                    assertEquals(committed, raw.committed());
                    read++;
                    if (!committed) uncommitted++;
                }
            }
            assertTrue(read > 20, read + " leaves");
            assertTrue(uncommitted >= table.getIndexes().size(), "game 100's tags in each map: " + uncommitted);
            open.rollback();
        }
    }

    private static List<Page<?, ?>> leaves(Page<?, ?> page) {
        List<Page<?, ?>> leaves = new ArrayList<>();
        if (page.isLeaf()) {
            if (DataUtils.isPageSaved(page.getPos())) leaves.add(page);
            return leaves;
        }
        for (int i = 0; i < page.getRawChildPageCount(); i++) leaves.addAll(leaves(page.getChildPage(i)));
        return leaves;
    }
}
