package org.emergo.store.db;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
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
 * by its key (the rows of a table are keyed by a number): only the rows of the damaged pages
 * are left out. The script's text is Recover's own, written by its own methods.
 */
final class RecoverPastBadPages {

    private final Recover tool = new Recover();
    private final PrintWriter out;
    /** Recover's methods by name (each name has one), and its field of a row's length. */
    private final Map<String, Method> methods = new HashMap<>();
    private Field recordLength;

    private RecoverPastBadPages(PrintWriter out) {
        this.out = out;
        tool.setOut(new PrintStream(OutputStream.nullOutputStream())); // its "Error: ..." lines
    }

    /** Writes the script of the file {@code fileName} (NAME.mv.db) to {@code out}. */
    static void dump(PrintWriter out, String fileName) {
        new RecoverPastBadPages(out).run(fileName);
    }

    private void run(String fileName) {
        out.println("-- MVStore");
        out.println("CREATE ALIAS IF NOT EXISTS READ_BLOB_MAP FOR 'org.h2.tools.Recover.readBlobMap';");
        out.println("CREATE ALIAS IF NOT EXISTS READ_CLOB_MAP FOR 'org.h2.tools.Recover.readClobMap';");
        call("resetSchema");
        call("setDatabaseName", String.class, fileName.substring(0, fileName.length() - ".mv.db".length()));
        MVStore opened;
        try {
            opened = new MVStore.Builder().fileName(fileName).recoveryMode().readOnly().open();
        } catch (MVStoreException e) {
            if (e.getErrorCode() == DataUtils.ERROR_FILE_LOCKED) throw new Locked(e);
            throw e;
        }
        try (MVStore mv = opened) {
            try {
                call("dumpLobMaps", PrintWriter.class, out, MVStore.class, mv);
            } catch (MissingRecover e) {
                throw e;
            } catch (RuntimeException e) {
                error(e);
            }
            out.println("-- Tables");
            TransactionStore store = new TransactionStore(mv, new ValueDataType());
            try {
                store.init();
            } catch (RuntimeException e) {
                error(e);
            }
            // the schema's own table first: its rows say what the others are
            eachRow(store, "table.0", (key, value) -> call("writeMetaRow", Row.class, (Row) value));
            call("writeSchemaSET", PrintWriter.class, out);
            out.println("---- Table Data ----");
            for (String name : mv.getMapNames()) {
                if (!name.startsWith("table.") || name.equals("table.0")) continue;
                int id = Integer.parseInt(name.substring("table.".length()));
                boolean[] created = {false};
                eachRow(store, name, (key, value) -> insert(id, value, created));
            }
            call("writeSchema", PrintWriter.class, out);
            out.println("DROP ALIAS READ_BLOB_MAP;");
            out.println("DROP ALIAS READ_CLOB_MAP;");
            out.println("DROP TABLE IF EXISTS INFORMATION_SCHEMA.LOB_BLOCKS;");
        } catch (MissingRecover e) {
            throw e;
        } catch (RuntimeException e) {
            error(e);
        }
        out.flush();
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
        TransactionMap<Object, Object> map;
        try {
            map = store.begin().openMap(name);
        } catch (RuntimeException e) {
            error(e);
            return;
        }
        Long from = null;
        while (true) {
            Long last = null;
            try {
                Iterator<Object> keys = map.keyIterator(from);
                while (keys.hasNext()) {
                    Object key = keys.next();
                    Object value = map.get(key);
                    if (value != null) row.accept(key, value);
                    if (key instanceof Long k) last = k;
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
                if (next == null) return;
                from = next;
            }
        }
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
        out.println("-- error: " + ErrorText.firstLine(e.toString()));
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
