package org.emergo.store.sql;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.emergo.store.db.Database;

/**
 * What can be asked: every table and view of emergo's schema with its columns, their types and
 * what each holds, read from the database's own comments (the migrations' COMMENT ON
 * statements), so that it says what psql's \d+ says.
 */
public final class SchemaCatalog {

    /** One column: its name (lower case, as users write it), its SQL type and what it holds. */
    public record Column(String name, String type, String description) {}

    /** One table or view with its columns in their order. */
    public record Table(String name, boolean view, String description, List<Column> columns) {}

    /** Flyway's bookkeeping: not emergo's data. */
    private static final String FLYWAY_TABLE = "flyway_schema_history";

    /**
     * The migrations that comment views: the comments of the tables and views that existed before
     * V11, and the puzzle set's. H2 keeps a view's own comment but forgets those of its columns
     * when it opens a file again: those are read from here.
     */
    private static final List<String> VIEW_COMMENT_MIGRATIONS =
            List.of("db/migration/V11__comments.sql", "db/migration/V18__puzzles.sql", "db/migration/V24__puzzle_set_stored.sql");

    private static final Pattern COLUMN_COMMENT =
            Pattern.compile("COMMENT ON COLUMN (\\w+)\\.(\\w+) IS '((?:[^']|'')*)';");

    private SchemaCatalog() {}

    /**
     * The tables and views an extension made in the current schema (Citus's citus_tables,
     * citus_shards, ... in public): not emergo's, not listed.
     */
    private static Set<String> extensionRelations(Connection c) throws SQLException {
        Set<String> names = new HashSet<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT c.relname FROM pg_class c"
                + " JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e'"
                + " WHERE c.relnamespace = current_schema()::regnamespace")) {
            while (rs.next()) names.add(rs.getString(1));
        }
        return names;
    }

    /** Every table and view, sorted by name. */
    public static List<Table> read(Database db) {
        try (Connection c = db.dataSource().getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            String schema = db.isPostgres() ? c.getSchema() : "PUBLIC";
            Map<String, String> fallback = null;
            List<Table> tables = new ArrayList<>();
            Set<String> extensions = db.isPostgres() ? extensionRelations(c) : Set.of();
            try (ResultSet rs = meta.getTables(null, schema, "%", new String[] {"TABLE", "VIEW"})) {
                while (rs.next()) {
                    String name = rs.getString("TABLE_NAME");
                    if (name.equalsIgnoreCase(FLYWAY_TABLE) || extensions.contains(name)) continue;
                    tables.add(new Table(name.toLowerCase(Locale.ROOT), "VIEW".equals(rs.getString("TABLE_TYPE")),
                            rs.getString("REMARKS"), new ArrayList<>()));
                }
            }
            List<Table> result = new ArrayList<>(tables.size());
            for (Table t : tables) {
                List<Column> columns = new ArrayList<>();
                String stored = db.isPostgres() ? t.name() : t.name().toUpperCase(Locale.ROOT);
                try (ResultSet rs = meta.getColumns(null, schema, stored, "%")) {
                    while (rs.next()) {
                        String column = rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT);
                        String description = rs.getString("REMARKS");
                        if (blank(description) && t.view() && !db.isPostgres()) {
                            if (fallback == null) fallback = migrationComments();
                            description = fallback.get(t.name() + "." + column);
                        }
                        columns.add(new Column(column, typeName(rs), blank(description) ? null : description));
                    }
                }
                result.add(new Table(t.name(), t.view(), blank(t.description()) ? null : t.description(),
                        List.copyOf(columns)));
            }
            result.sort((a, b) -> a.name().compareTo(b.name()));
            return List.copyOf(result);
        } catch (SQLException e) {
            throw db.failure("cannot read the schema of " + db.where(), e);
        }
    }

    /** The standard type name, the same on H2 and PostgreSQL: BIGINT, VARCHAR(100), SMALLINT ... */
    private static String typeName(ResultSet rs) throws SQLException {
        JDBCType type;
        try {
            type = JDBCType.valueOf(rs.getInt("DATA_TYPE"));
        } catch (IllegalArgumentException e) {
            return rs.getString("TYPE_NAME").toUpperCase(Locale.ROOT);
        }
        // bytes: PostgreSQL's BYTEA says BINARY, H2's VARBINARY says VARBINARY
        if (type == JDBCType.BINARY || type == JDBCType.LONGVARBINARY) return JDBCType.VARBINARY.getName();
        // truth values: PostgreSQL's driver reports its boolean as BIT
        if (type == JDBCType.BIT) return JDBCType.BOOLEAN.getName();
        String name = type.getName();
        if (type == JDBCType.VARCHAR || type == JDBCType.CHAR) {
            int size = rs.getInt("COLUMN_SIZE");
            // a view's computed text has no declared length (PostgreSQL says 2147483647)
            if (size > 0 && size < Integer.MAX_VALUE) return name + "(" + size + ")";
        }
        return name;
    }

    /** table.column to comment, from the text of the migrations that comment views. */
    static Map<String, String> migrationComments() {
        Map<String, String> comments = new HashMap<>();
        for (String migration : VIEW_COMMENT_MIGRATIONS) {
            String text;
            try (InputStream in = SchemaCatalog.class.getClassLoader().getResourceAsStream(migration)) {
                if (in == null) continue;
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Matcher m = COLUMN_COMMENT.matcher(text);
            while (m.find()) {
                comments.put(m.group(1).toLowerCase(Locale.ROOT) + "." + m.group(2).toLowerCase(Locale.ROOT),
                        m.group(3).replace("''", "'"));
            }
        }
        return comments;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
