package org.emergo.store.db;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.h2.index.Index;
import org.h2.mvstore.db.MVPrimaryIndex;
import org.h2.mvstore.db.MVSecondaryIndex;
import org.h2.result.SearchRow;
import org.h2.table.Table;

/**
 * The games whose rows a stopped program may have written: every game named by a row in a page
 * of the game tables written since it opened the file ({@link WrittenPages}), as
 * {@link H2Leftovers}' walk of those pages meets them. A transaction's rows, the half kept and
 * the half lost, all lie in such pages (H2 writes an insert's, an update's and a delete's entry
 * into its page before the commit), so {@link IncompleteWrites} checks these games alone and not
 * every game of the file. Rows that H2 moved into a new chunk to compact an old one are named
 * too: a few games more to check.
 */
final class RecentGames {

    /** The tables {@link IncompleteWrites} checks, each with the column that names its game. */
    static final List<String> TABLES = List.of("game", "game_tag", "review", "review_ply", "puzzle_mined", "puzzle");

    /** The games named so far, by table (its name in lower case). */
    private final Map<String, Set<Long>> byTable = new HashMap<>();

    /** The games named in the pages of any of {@code tables}, in the order of their ids. */
    Set<Long> in(String... tables) {
        Set<Long> games = new TreeSet<>();
        for (String table : tables) games.addAll(byTable.getOrDefault(table, Set.of()));
        return games;
    }

    /**
     * What names the games of {@code index}'s entries by their keys, for the map of a table
     * {@link IncompleteWrites} checks that {@link #namedBy} picks; null for any other map.
     */
    Consumer<Object> naming(Table table, Index index) {
        String name = table.getName().toLowerCase(Locale.ROOT);
        if (!(TABLES.contains(name) || AnalysisTables.ALL.contains(name)) || namedBy(table) != index) return null;
        Set<Long> games = byTable.computeIfAbsent(name, t -> ConcurrentHashMap.newKeySet()); // walked on every core
        if (index instanceof MVPrimaryIndex) return key -> games.add((Long) key); // the row's key is its game's id
        int column = gameColumn(table);
        return key -> games.add(((SearchRow) key).getValue(column).getLong());
    }

    /**
     * The map whose keys name a table's games, so that its rows need not be read: the rows' map
     * if a row's key is its game's id, else the first index that begins with the game's column;
     * null if there is none (RecentGamesTest: every table checked has one).
     */
    static Index namedBy(Table table) {
        int column = gameColumn(table);
        for (Index index : table.getIndexes()) {
            if (index instanceof MVPrimaryIndex rows && rows.getMainIndexColumn() == column) return index;
        }
        for (Index index : table.getIndexes()) {
            if (index instanceof MVSecondaryIndex && index.getIndexColumns()[0].column.getColumnId() == column) return index;
        }
        return null;
    }

    private static int gameColumn(Table table) {
        return table.getColumn(table.getName().equalsIgnoreCase("game") ? "ID" : "GAME_ID").getColumnId();
    }
}
