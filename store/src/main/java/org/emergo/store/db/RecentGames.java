package org.emergo.store.db;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.h2.index.Index;
import org.h2.mvstore.db.MVPrimaryIndex;
import org.h2.result.SearchRow;
import org.h2.table.Table;
import org.h2.value.Value;
import org.h2.value.VersionedValue;

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
     * What names the games of {@code index}'s entries, for the rows' map (its primary index) of
     * a table {@link IncompleteWrites} checks; null for any other map.
     */
    BiConsumer<Object, Object> naming(Table table, Index index) {
        String name = table.getName().toLowerCase(Locale.ROOT);
        if (!(index instanceof MVPrimaryIndex rows) || !(TABLES.contains(name) || AnalysisTables.ALL.contains(name))) return null;
        int column = table.getColumn(name.equals("game") ? "ID" : "GAME_ID").getColumnId();
        Set<Long> games = byTable.computeIfAbsent(name, t -> ConcurrentHashMap.newKeySet()); // walked on every core
        if (rows.getMainIndexColumn() == column) return (key, value) -> games.add((Long) key); // the row's key is its game's id
        return (key, value) -> {
            VersionedValue<?> row = (VersionedValue<?>) value;
            for (Object version : Arrays.asList(row.getCurrentValue(), row.getCommittedValue())) {
                Value id = version == null ? null : ((SearchRow) version).getValue(column);
                if (id != null) games.add(id.getLong());
            }
        };
    }
}
