package org.emergo.store.db;

import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.List;
import java.util.NavigableMap;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.db.RowDataType;
import org.h2.result.Row;
import org.h2.result.RowFactory;
import org.h2.value.CompareMode;

/**
 * The rows of an H2 table's map read from its leaves ({@link ChunkLeaves}), as H2 2.4.240 writes
 * them: keys of a number ({@code LongDataType}), each value a {@code VersionedValueType} of a row
 * of the table's columns ({@code RowDataType}, without its key), each value tagged with its type.
 * The number of columns is in the store's record of the map's types, which may be what was
 * damaged: it is the one with which the map's leaves read to their last byte.
 */
final class TableLeaves {

    /** More than any table of the program has. */
    private static final int MOST_COLUMNS = 256;
    /** The leaves of a map tried so, newest first. */
    private static final int MOST_TRIED = 8;

    private TableLeaves() {}

    /** The number of columns with which the map's newest leaf that reads so reads whole (of its {@value #MOST_TRIED} newest); -1 when none does. */
    static int columns(ChunkLeaves leaves, int map) {
        List<ChunkLeaves.Leaf> all = new java.util.ArrayList<>(leaves.leaves(map));
        all.sort(Comparator.comparingLong(ChunkLeaves.Leaf::version).reversed());
        int tried = 0;
        for (ChunkLeaves.Leaf leaf : all) {
            if (leaf.keyCount() == 0) continue;
            if (++tried > MOST_TRIED) break; // a map of another kind (an index's) reads with none
            for (int columns = 1; columns <= MOST_COLUMNS; columns++) {
                if (leaves.readsWhole(leaf, entries(columns))) return columns;
            }
        }
        return -1;
    }

    /** The rows of the map with keys above {@code after} and below {@code before} (null: no bound), each its newest that reads. */
    static NavigableMap<Long, Row> rows(ChunkLeaves leaves, int map, int columns, Long after, Long before) {
        return leaves.newest(map, entries(columns), Comparator.naturalOrder(), after, before);
    }

    /** A leaf's entries: its keys, then a mark (0: all committed) and the rows; of a row not committed, its committed value. */
    static ChunkLeaves.Entries<Long, Row> entries(int columns) {
        RowDataType rowType = RowFactory.getDefaultRowFactory().createRowFactory(null, CompareMode.getInstance(null, 0), null,
                null, null, null, columns, false).getRowDataType();
        return (page, count, keys, values) -> {
            for (int i = 0; i < count; i++) keys.add(DataUtils.readVarLong(page));
            boolean committed = page.get() == 0;
            for (int i = 0; i < count; i++) {
                if (committed) {
                    values.add(row(rowType, page));
                    continue;
                }
                long operation = DataUtils.readVarLong(page);
                if (operation == 0) {
                    values.add(row(rowType, page));
                    continue;
                }
                byte flags = page.get();
                if ((flags & 1) != 0) row(rowType, page); // not committed: left out
                values.add((flags & 2) != 0 ? row(rowType, page) : null);
            }
        };
    }

    private static Row row(RowDataType type, ByteBuffer page) {
        return (Row) type.read(page);
    }
}
