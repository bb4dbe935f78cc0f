package org.emergo.store;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.GAME_TAG;
import static org.emergo.store.jooq.Tables.IMPORT_ERROR;
import static org.emergo.store.jooq.Tables.SOURCE_FILE;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.db.Database;
import org.emergo.store.sql.ReadOnlyQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * A test class run against one of {@link TestDatabases}: one database per class, emptied
 * before each test. A test file declares its cases in an abstract subclass and runs them
 * twice, in one nested class per database:
 *
 * <pre>
 * class FooTest {
 *     &#64;Nested class OnH2 extends Cases { OnH2() { super(TestDatabases.H2); } }
 *     &#64;Nested &#64;Tag("postgres") class OnPostgres extends Cases { ... }
 *     abstract static class Cases extends DatabaseTestCase { ... }
 * }
 * </pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DatabaseTestCase {

    private final TestDatabases kind;
    protected Database db;

    protected DatabaseTestCase(TestDatabases kind) {
        this.kind = kind;
    }

    @BeforeAll
    void openDatabase() {
        db = kind.open();
    }

    @AfterAll
    void closeDatabase() {
        if (db != null) {
            db.close();
        }
    }

    @BeforeEach
    void emptyTables() {
        // position, tall_column, game_stage and review_ply have no foreign key to game: emptied by hand
        db.dsl().execute("DELETE FROM position");
        db.dsl().execute("DELETE FROM review_ply");
        db.dsl().execute("DELETE FROM tall_column");
        db.dsl().execute("DELETE FROM game_stage");
        db.dsl().execute("DELETE FROM pattern_game");
        db.dsl().execute("DELETE FROM pattern_bits");
        db.dsl().execute("DELETE FROM pattern_segment");
        db.dsl().execute("DELETE FROM pattern_pending");
        db.dsl().deleteFrom(GAME_TAG).execute();
        db.dsl().deleteFrom(GAME).execute();
        db.dsl().deleteFrom(IMPORT_ERROR).execute();
        db.dsl().deleteFrom(SOURCE_FILE).execute();
    }

    /** A query's rows, numbers made comparable across databases ({@link #plain}). */
    protected List<List<Object>> plainRows(String sql) {
        return plain(new ReadOnlyQuery(db).fetch(sql, 100_000).rows());
    }

    /** Rows with numbers made comparable across databases (Long, BigDecimal, Double...). */
    public static List<List<Object>> plain(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>();
            for (Object v : row) {
                if (v instanceof BigDecimal || v instanceof Double || v instanceof Float) r.add(((Number) v).doubleValue());
                else if (v instanceof Number n) r.add(n.longValue());
                else r.add(v);
            }
            out.add(r);
        }
        return out;
    }

    protected TestDatabases kind() {
        return kind;
    }
}
