package org.emergo.store.db;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.db.ValueDataType;
import org.h2.mvstore.tx.TransactionMap;
import org.h2.mvstore.tx.TransactionStore;
import org.h2.result.Row;
import org.h2.tools.Recover;
import org.h2.value.Value;
import org.h2.value.ValueCollectionBase;

/**
 * H2 2.4.240's {@code Recover} script of an MVStore file, made to go on past a page it cannot
 * read. H2's own dump reads every table's rows in one pass and stops the whole script at the
 * first row it cannot read: the rows after it, the other tables, and the statements at the end
 * that say which table is which were all lost (a repair then saved no game at all). Here each
 * table is read on its own, and past a page that cannot be read the next readable row is found
 * by its key (the rows of a table are keyed by a number); the rows between are read from the
 * leaves in the file's chunks ({@link ChunkLeaves}), and so is every table H2's trees do not
 * lead to at all (its store's layout, meta map or record of types damaged, or its newest chunk,
 * so that H2 opens an older version): only the rows of the damaged leaves are left out. The
 * script's text is Recover's own, written by its own methods; a comment line says what was read
 * from the leaves, and each error.
 */
final class RecoverPastBadPages {

    /** Above the id of any table: the tables of maps whose names were lost are numbered from here. */
    static final int UNNAMED = 1_000_000_000;

    private final Recover tool = new Recover();
    private final PrintWriter out;
    private final String fileName;
    /** The maps H2's meta map names, read through H2's trees. */
    private final Set<String> treeNames = new HashSet<>();
    private MVStore mv;
    /** Whether H2 opened the store in its recovery mode only, where a page it cannot read reads as empty. */
    private boolean silent;
    private ChunkLeaves direct;
    /** Recover's methods by name (each name has one), and its field of a row's length. */
    private final Map<String, Method> methods = new HashMap<>();
    private Field recordLength;

    private RecoverPastBadPages(PrintWriter out, String fileName) {
        this.out = out;
        this.fileName = fileName;
        tool.setOut(new PrintStream(OutputStream.nullOutputStream())); // its "Error: ..." lines
    }

    /** Writes the script of the file {@code fileName} (NAME.mv.db) to {@code out}. */
    static void dump(PrintWriter out, String fileName) {
        new RecoverPastBadPages(out, fileName).run();
    }

    private void run() {
        out.println("-- MVStore");
        out.println("CREATE ALIAS IF NOT EXISTS READ_BLOB_MAP FOR 'org.h2.tools.Recover.readBlobMap';");
        out.println("CREATE ALIAS IF NOT EXISTS READ_CLOB_MAP FOR 'org.h2.tools.Recover.readClobMap';");
        call("resetSchema");
        call("setDatabaseName", String.class, fileName.substring(0, fileName.length() - ".mv.db".length()));
        // H2's recovery mode reads a page it cannot read as an empty one, and says nothing: opened
        // without it, a damaged page is an error, and the rows under it are read from their leaves
        MVStore opened = open(fileName, false);
        Path copy = null;
        if (opened == null) {
            // H2 keeps the lock of a file it failed to open: its recovery mode reads a copy
            try {
                copy = Path.of(fileName.substring(0, fileName.length() - ".mv.db".length()) + "-recovery.mv.db");
                Files.copy(Path.of(fileName), copy, StandardCopyOption.REPLACE_EXISTING);
                opened = open(copy.toString(), true);
                silent = opened != null;
            } catch (IOException e) {
                error(e);
            }
        }
        mv = opened;
        try (MVStore open = opened) {
            TransactionStore store = null;
            ChunkLeaves leaves = direct();
            if (mv != null && leaves != null && leaves.newestWhole() > mv.getCurrentVersion()) {
                // H2 took the newest chunk that it reads whole for the last, and the file has newer
                // ones: its trees are of an older version, and the leaves are read instead
                out.println("-- error: H2 opened version " + mv.getCurrentVersion() + " of the store, and the file holds chunks up to version "
                        + leaves.newestWhole() + ": every table is read from its leaves");
            } else if (mv != null) {
                try {
                    call("dumpLobMaps", PrintWriter.class, out, MVStore.class, mv);
                } catch (MissingRecover e) {
                    throw e;
                } catch (RuntimeException | AssertionError e) {
                    error(e);
                }
                store = new TransactionStore(mv, new ValueDataType());
                try {
                    store.init();
                } catch (RuntimeException | AssertionError e) {
                    error(e);
                }
                try {
                    treeNames.addAll(mv.getMapNames());
                } catch (RuntimeException | AssertionError e) {
                    error(e); // the meta map is damaged: the names are read from its leaves
                    treeNames.clear();
                    store = null;
                }
            }
            out.println("-- Tables");
            // the schema's own table first: its rows say what the others are
            eachRow(store, "table.0", (key, value) -> call("writeMetaRow", Row.class, (Row) value));
            call("writeSchemaSET", PrintWriter.class, out);
            out.println("---- Table Data ----");
            Set<String> names = new TreeSet<>(treeNames);
            // a damaged leaf of the meta map can end H2's list of names early, and say nothing: its leaves name the rest
            if (leaves != null) names.addAll(leaves.mapIds().keySet());
            for (String name : names) {
                if (!name.matches("table\\.\\d+") || name.equals("table.0")) continue;
                int id = Integer.parseInt(name.substring("table.".length()));
                boolean[] created = {false};
                eachRow(store, name, (key, value) -> insert(id, value, created));
            }
            if (leaves != null) unnamed(leaves, names);
            call("writeSchema", PrintWriter.class, out);
            out.println("DROP ALIAS READ_BLOB_MAP;");
            out.println("DROP ALIAS READ_CLOB_MAP;");
            out.println("DROP TABLE IF EXISTS INFORMATION_SCHEMA.LOB_BLOCKS;");
        } catch (MissingRecover e) {
            throw e;
        } catch (RuntimeException e) {
            error(e);
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException e) {
                    // left in the repair's work folder, which goes
                }
            }
        }
        out.flush();
    }

    /** The store read-only, in H2's recovery mode or not; null when H2 cannot open it (what is wrong goes in the script). */
    private MVStore open(String file, boolean recovery) {
        MVStore.Builder builder = new MVStore.Builder().fileName(file).readOnly();
        try {
            return (recovery ? builder.recoveryMode() : builder).open();
        } catch (MVStoreException e) {
            if (e.getErrorCode() == DataUtils.ERROR_FILE_LOCKED) throw new Locked(e);
            error(e); // the store's own records are damaged: its maps are read from their leaves alone
        } catch (RuntimeException | AssertionError e) {
            error(e);
        }
        return null;
    }

    /** One row as Recover writes it: its table made at its first row, then an INSERT of its values. */
    private void insert(int tableId, Object value, boolean[] created) {
        Value[] values;
        int length;
        if (value instanceof Row row) {
            values = row.getValueList();
            length = values.length;
        } else {
            values = ((ValueCollectionBase) value).getList();
            length = values.length - 1;
        }
        setRecordLength(length);
        String table = (String) call("setStorage", int.class, tableId);
        if (!created[0]) {
            StringBuilder types = new StringBuilder();
            for (int i = 0; i < length; i++) {
                types.setLength(0);
                call("getSQL", StringBuilder.class, types, String.class, table + "." + i, Value.class, values[i]);
            }
            call("createTemporaryTable", PrintWriter.class, out);
            created[0] = true;
        }
        StringBuilder sql = new StringBuilder("INSERT INTO O_").append(tableId).append(" VALUES(");
        for (int i = 0; i < length; i++) {
            if (i > 0) sql.append(", ");
            call("getSQL", StringBuilder.class, sql, String.class, table + "." + i, Value.class, values[i]);
        }
        out.println(sql.append(");"));
    }

    /**
     * Every row of the map that can be read, in key order. Past a row that cannot be read, the
     * first key from which the rows read again is found by doubling a step and then halving it:
     * the keys between are on the damaged pages.
     */
    private void eachRow(TransactionStore store, String name, BiConsumer<Object, Object> row) {
        if (store == null || !treeNames.contains(name)) {
            fromLeaves(name, null, null, row); // no tree leads to it
            return;
        }
        TransactionMap<Object, Object> map;
        try {
            map = store.begin().openMap(name);
        } catch (RuntimeException | AssertionError e) { // its record of types, say
            error(e);
            fromLeaves(name, null, null, row);
            return;
        }
        Set<Long> read = new HashSet<>();
        BiConsumer<Object, Object> each = silent ? (key, value) -> {
            if (key instanceof Long k) read.add(k);
            row.accept(key, value);
        } : row;
        Long from = null;
        while (true) {
            Long last = null;
            try {
                Iterator<Object> keys = map.keyIterator(from);
                while (keys.hasNext()) {
                    Object key = keys.next();
                    Object value = map.get(key);
                    if (value != null) each.accept(key, value);
                    if (key instanceof Long k) last = k;
                }
                if (silent) {
                    // the tree may have passed over damaged pages without a word: the leaves say what else there is
                    fromLeaves(name, null, null, (key, value) -> {
                        if (!read.contains(key)) row.accept(key, value);
                    });
                }
                return;
            } catch (MissingRecover e) {
                throw e;
            } catch (RuntimeException | AssertionError e) { // H2's assertions, on in tests, on a damaged page's bytes
                // a table's rows are keyed by a number: the search for the next readable one needs it
                error(e);
                long after = last != null ? last : from != null ? from : Long.MIN_VALUE;
                if (after == Long.MAX_VALUE) return;
                Long next = firstReadableAfter(map, after);
                // the keys between: on the damaged pages, or under a damaged page above intact leaves
                fromLeaves(name, after, next, row);
                if (next == null) return;
                from = next;
            }
        }
    }

    /**
     * The rows of the map {@code name} whose keys are above {@code after} and below {@code before}
     * (null: no bound), read from the leaves in the file's chunks ({@link ChunkLeaves}): those the
     * trees of H2 do not lead to, past a damaged page above them or a damaged record of the store.
     */
    private void fromLeaves(String name, Long after, Long before, BiConsumer<Object, Object> row) {
        ChunkLeaves leaves = direct();
        if (leaves == null) return;
        Integer mapId = treeNames.contains(name) ? mapIdOf(name) : null;
        if (mapId == null) mapId = leaves.mapIds().get(name); // the meta map's leaves say
        if (mapId == null) {
            out.println("-- error: the map " + name + " is named nowhere that reads");
            return;
        }
        int columns = TableLeaves.columns(leaves, mapId);
        out.println("-- " + name + " from its leaves" + (after == null ? "" : ", keys above " + after)
                + (before == null ? "" : ", keys below " + before) + ": " + (columns < 0 ? "no leaf of it reads" : columns + " columns"));
        if (columns < 0) return;
        for (Map.Entry<Long, Row> r : TableLeaves.rows(leaves, mapId, columns, after, before).entrySet()) {
            try {
                row.accept(r.getKey(), r.getValue());
            } catch (MissingRecover e) {
                throw e;
            } catch (RuntimeException e) { // a row that does not convert: the rest go on
                error(e);
            }
        }
    }

    /**
     * The rows of the maps whose names were lost with the meta map's leaves that held them: each
     * whose leaves read as rows goes in a table of its own, named {@code O_} and a number above
     * any table's id ({@link #UNNAMED} and the map's id). The schema names none of them: the
     * repair names the games' and the tags' by their shape.
     */
    private void unnamed(ChunkLeaves leaves, Set<String> names) {
        Set<Integer> named = new HashSet<>(leaves.mapIds().values());
        for (String name : names) {
            Integer id = treeNames.contains(name) ? mapIdOf(name) : null;
            if (id != null) named.add(id);
        }
        for (int map : leaves.maps()) {
            if (named.contains(map) || map == 0) continue;
            int columns = TableLeaves.columns(leaves, map);
            if (columns < 0) continue;
            out.println("-- the map " + map + ", named nowhere that reads, from its leaves: " + columns + " columns");
            boolean[] created = {false};
            for (Map.Entry<Long, Row> r : TableLeaves.rows(leaves, map, columns, null, null).entrySet()) {
                try {
                    insert(UNNAMED + map, r.getValue(), created);
                } catch (MissingRecover e) {
                    throw e;
                } catch (RuntimeException e) {
                    error(e);
                }
            }
        }
    }

    /** The id of the map {@code name} as H2's meta map says, or null. */
    private Integer mapIdOf(String name) {
        try {
            return Integer.parseInt(mv.getMetaMap().get(DataUtils.META_NAME + name), 16);
        } catch (RuntimeException | AssertionError e) {
            return null;
        }
    }

    /** The file's leaves, read once, when first needed; null when the file cannot be read. */
    private ChunkLeaves direct() {
        if (direct == null) {
            try {
                direct = ChunkLeaves.of(Path.of(fileName));
            } catch (IOException e) {
                error(e);
            }
        }
        return direct;
    }

    /** The least key above {@code after} from which the map reads again, or null when none does. */
    private static Long firstReadableAfter(TransactionMap<Object, Object> map, long after) {
        long step = 1;
        long bad = after;
        long good;
        while (true) {
            long probe = after + step;
            if (probe <= after) return null; // past the last key there is
            if (reads(map, probe)) {
                good = probe;
                break;
            }
            bad = probe;
            step *= 2;
        }
        while (good - bad > 1) {
            long mid = bad + (good - bad) / 2;
            if (reads(map, mid)) good = mid;
            else bad = mid;
        }
        return good;
    }

    /** Whether the first row at or after {@code key} reads, or there is none. */
    private static boolean reads(TransactionMap<Object, Object> map, long key) {
        try {
            Iterator<Object> keys = map.keyIterator(key);
            if (keys.hasNext()) map.get(keys.next());
            return true;
        } catch (RuntimeException | AssertionError e) {
            return false;
        }
    }

    /** A line of the script that says what could not be read: a comment of one line, which the repair passes over. */
    private void error(Throwable e) {
        // a comment of one line: what a damaged page named (a class, a value) may hold any character
        out.println("-- error: " + ErrorText.firstLine(e.toString()).replaceAll("[^\\x20-\\x7E]", "?"));
    }

    // Recover's methods and fields that its own dump uses, not public

    private Object call(String name, Object... typesAndArguments) {
        Class<?>[] types = new Class<?>[typesAndArguments.length / 2];
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            types[i] = (Class<?>) typesAndArguments[2 * i];
            arguments[i] = typesAndArguments[2 * i + 1];
        }
        try {
            Method m = methods.get(name); // looked up once: getSQL runs for every value of every row
            if (m == null) {
                m = Recover.class.getDeclaredMethod(name, types);
                m.setAccessible(true);
                methods.put(name, m);
            }
            return m.invoke(tool, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new MissingRecover(name, e);
        }
    }

    private void setRecordLength(int value) {
        try {
            if (recordLength == null) {
                recordLength = Recover.class.getDeclaredField("recordLength");
                recordLength.setAccessible(true);
            }
            recordLength.setInt(tool, value);
        } catch (ReflectiveOperationException e) {
            throw new MissingRecover("recordLength", e);
        }
    }

    /**
     * The file is locked in this program: H2 keeps the lock of a file it failed to open (a check
     * before the repair), and the copy read here is a link to the same file.
     */
    static final class Locked extends RuntimeException {
        Locked(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** Recover is not what H2 2.4.240 has: the repair falls back on Recover as a whole. */
    static final class MissingRecover extends RuntimeException {
        MissingRecover(String member, Throwable cause) {
            super("H2's Recover." + member + " is not what H2 2.4.240 has", cause);
        }
    }
}
