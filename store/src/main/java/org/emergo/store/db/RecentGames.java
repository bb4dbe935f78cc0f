package org.emergo.store.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.db.MVPrimaryIndex;
import org.h2.mvstore.db.MVTable;
import org.h2.result.SearchRow;
import org.h2.table.Table;
import org.h2.value.Value;

/**
 * The games whose rows a stopped program may have written: every game named by a row in a page
 * of the game tables written since it opened the file ({@link WrittenPages}). A transaction's
 * rows, the half kept and the half lost, all lie in such pages (H2 writes an insert's, an
 * update's and a delete's entry into its page before the commit), so {@link IncompleteWrites}
 * checks these games alone and not every game of the file. Rows that H2 moved into a new chunk
 * to compact an old one are named too: a few games more to check.
 */
final class RecentGames {

    /** The tables {@link IncompleteWrites} checks, each with the column that names its game. */
    static final List<String> TABLES = List.of("game", "game_tag", "review", "review_ply", "puzzle_mined", "puzzle");

    private RecentGames() {}

    /** The ids of the games named in pages written since {@code since} (milliseconds since the epoch). */
    static Set<Long> since(Connection c, long since) throws SQLException {
        try {
            org.h2.engine.Database h2 = ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase();
            WrittenPages written = WrittenPages.since(h2.getStore().getMvStore(), since);
            Set<Long> games = new TreeSet<>();
            for (Table table : h2.getAllTablesAndViews()) {
                String name = table.getName().toLowerCase(Locale.ROOT);
                if (!(table instanceof MVTable) || !(TABLES.contains(name) || AnalysisTables.ALL.contains(name))) continue;
                int column = table.getColumn(name.equals("game") ? "ID" : "GAME_ID").getColumnId();
                MVPrimaryIndex rows = (MVPrimaryIndex) table.getIndexes().stream()
                        .filter(i -> i instanceof MVPrimaryIndex).findFirst().orElseThrow();
                boolean keyed = rows.getMainIndexColumn() == column; // the row's key is its game's id
                written.forEachEntry(rows.getMVMap(), (key, value) -> {
                    if (keyed) {
                        games.add(key);
                        return;
                    }
                    for (SearchRow row : Arrays.asList(value.getCurrentValue(), value.getCommittedValue())) {
                        Value id = row == null ? null : row.getValue(column);
                        if (id != null) games.add(id.getLong());
                    }
                });
            }
            return games;
        } catch (MVStoreException e) { // a file H2 opens but whose maps it cannot read: as H2 tells it
            throw new SQLException(e.getMessage(), "HY000", e);
        }
    }
}
