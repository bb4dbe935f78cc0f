package org.emergo.store.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.emergo.store.db.Database;
import org.emergo.store.db.ErrorText;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.output.ResultWriter;

/**
 * Runs one user query ({@code emergo sql}, the web SQL page) read-only and with a time limit.
 *
 * <p>Three locks, so that no single one has to be perfect: the text must be one query that calls
 * nothing that does more than read ({@link ReadOnlySql}); it runs with the rights to read only
 * ({@link ReadOnlyAccess}: a SELECT-only user on H2, which has no read-only transactions; a READ
 * ONLY transaction as a SELECT-only role on PostgreSQL, the session cleaned after it); and the
 * transaction is rolled back whatever happened.
 */
public final class ReadOnlyQuery {

    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(30);

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSS]");

    private final Database db;
    private final Duration timeLimit;

    public ReadOnlyQuery(Database db) {
        this(db, DEFAULT_TIME_LIMIT);
    }

    public ReadOnlyQuery(Database db, Duration timeLimit) {
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("the time limit must be positive");
        }
        this.db = db;
        this.timeLimit = timeLimit;
    }

    /**
     * Runs the query and passes its result to out; returns the number of rows. Parameters the
     * query declares ({@link NamedParameters}) take their defaults.
     */
    public long run(String sql, ResultWriter out) {
        return run(NamedParameters.bind(sql, Map.of()), out);
    }

    /** The same for a query with its parameters bound ({@link NamedParameters}). */
    public long run(NamedParameters.Bound query, ResultWriter out) {
        return execute(query, 0, out);
    }

    /**
     * Runs the query and passes at most maxRows of its rows to out as they are read (a download
     * of millions of rows holds a few hundred at a time); returns the number of rows passed.
     */
    public long run(String sql, int maxRows, ResultWriter out) {
        return run(NamedParameters.bind(sql, Map.of()), maxRows, out);
    }

    /** The same for a query with its parameters bound. */
    public long run(NamedParameters.Bound query, int maxRows, ResultWriter out) {
        if (maxRows <= 0) throw new IllegalArgumentException("maxRows must be positive");
        return execute(query, maxRows, out);
    }

    /** Runs the query and keeps at most maxRows rows (the web page shows a screenful). */
    public QueryResult fetch(String sql, int maxRows) {
        return fetch(NamedParameters.bind(sql, Map.of()), maxRows);
    }

    /** The same for a query with its parameters bound. */
    public QueryResult fetch(NamedParameters.Bound query, int maxRows) {
        List<ResultColumn> columns = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        long read = execute(query, maxRows + 1, new ResultWriter() {
            @Override
            public void columns(List<ResultColumn> c) {
                columns.addAll(c);
            }

            @Override
            public void row(List<Object> values) {
                if (rows.size() < maxRows) {
                    rows.add(values);
                }
            }

            @Override
            public void end() {
            }
        });
        return new QueryResult(columns, rows, read > maxRows);
    }

    private long execute(NamedParameters.Bound bound, int maxRows, ResultWriter out) {
        String query = ReadOnlySql.checkQuery(bound.sql());
        List<Object> values = bound.values();
        try {
            return db.withReadOnlyConnection(c -> stream(c, query, values, maxRows, out));
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    private long stream(Connection c, String query, List<Object> values, int maxRows, ResultWriter out)
            throws SQLException {
        if (db.isPostgres()) {
            try (Statement st = c.createStatement()) {
                // enforced by the server itself; LOCAL: gone with the transaction
                st.execute("SET LOCAL statement_timeout = " + timeLimit.toMillis());
            }
            // Citus runs a query on its workers at once anyway, and does not keep the order of a
            // wrapped query (it is not promised): there the query runs as written
            if (!db.isCitus() && WRAPPABLE.contains(ReadOnlySql.firstWord(query))) {
                Long rows = runWhole(c, query, values, maxRows, out);
                if (rows != null) {
                    return rows;
                }
            }
        }
        try (Statement st = statement(c, query, values)) {
            st.setMaxRows(maxRows);
            st.setFetchSize(maxRows == 0 ? 500 : Math.min(500, maxRows)); // PostgreSQL streams, not loads all
            Working working = new Working(timeLimit);
            ScheduledFuture<?> watch = null;
            if (db.isPostgres()) {
                st.setQueryTimeout(queryTimeoutSeconds());
            } else {
                // H2 reads lazily, and its own timeout would count the time a download spends
                // waiting for a slow reader: the limit is on the database's time to each row
                watch = WATCHDOG.scheduleAtFixedRate(() -> {
                    if (working.overdue(System.nanoTime())) cancel(st);
                }, 100, 100, TimeUnit.MILLISECONDS);
            }
            try {
                working.start(System.nanoTime());
                boolean result = execute(st, query);
                working.stop();
                if (!result) {
                    throw new QueryException("the statement returned no result: only queries are allowed");
                }
                try (ResultSet rs = st.getResultSet()) {
                    return write(rs, out, working);
                }
            } finally {
                if (watch != null) watch.cancel(false);
            }
        }
    }

    /**
     * A statement for the query: with its values bound as parameters, never pasted into the
     * text; a query without parameters as a plain statement, as it always ran.
     */
    private static Statement statement(Connection c, String sql, List<Object> values) throws SQLException {
        Statement st = values.isEmpty() ? c.createStatement() : c.prepareStatement(sql);
        try {
            for (int i = 0; i < values.size(); i++) ((PreparedStatement) st).setObject(i + 1, values.get(i));
            return st;
        } catch (SQLException e) {
            st.close();
            throw e;
        }
    }

    private static boolean execute(Statement st, String sql) throws SQLException {
        return st instanceof PreparedStatement ps ? ps.execute() : st.execute(sql);
    }

    /** Cancels the H2 queries that ran over their limit. */
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "emergo-query-limit");
        t.setDaemon(true);
        return t;
    });

    private static void cancel(Statement st) {
        try {
            st.cancel();
        } catch (SQLException e) {
            // the query ended meanwhile
        }
    }

    /**
     * Since when the database has been working on the next row, if it is: the time limit is on
     * that, not on the time the rows' reader takes (a download to a slow browser).
     */
    static final class Working {
        private final long limitNanos;
        private volatile long since;
        private volatile boolean busy;

        Working(Duration limit) {
            this.limitNanos = limit.toNanos();
        }

        void start(long now) {
            since = now;
            busy = true;
        }

        void stop() {
            busy = false;
        }

        boolean overdue(long now) {
            return busy && now - since > limitNanos;
        }
    }

    /** Rows a PostgreSQL query may return and still be read at once, with its parallel workers. */
    static final int WHOLE_ROWS = 10_000;

    /** The queries that can be wrapped in {@code SELECT * FROM (...)}. */
    private static final Set<String> WRAPPABLE = Set.of("SELECT", "WITH", "VALUES", "TABLE");

    /**
     * PostgreSQL plans no parallel workers into a query whose rows the driver fetches in parts
     * (a fetch size or a row limit: the executor might stop early), so a scan of position would
     * run on one core. The query is run first as a whole, wrapped in a LIMIT of
     * {@link #WHOLE_ROWS} (or a smaller maxRows), and read at once; returns null when it must be
     * run again in parts: the result is larger, or the wrapper made it unreadable (then the user
     * gets the message of the query as written).
     */
    private Long runWhole(Connection c, String query, List<Object> values, int maxRows, ResultWriter out)
            throws SQLException {
        int limit = maxRows > 0 && maxRows <= WHOLE_ROWS ? maxRows : WHOLE_ROWS + 1;
        Buffered rows = new Buffered();
        Savepoint before = c.setSavepoint();
        // a newline before the parenthesis: the query may end in a -- comment
        String wrapped = "SELECT * FROM (\n" + query + "\n) AS emergo_query LIMIT " + limit;
        try (Statement st = statement(c, wrapped, values)) {
            st.setQueryTimeout(queryTimeoutSeconds());
            execute(st, wrapped);
            try (ResultSet rs = st.getResultSet()) {
                write(rs, rows);
            }
        } catch (SQLException e) {
            if (!"42601".equals(e.getSQLState())) { // not a syntax error: the query's own failure
                throw e;
            }
            c.rollback(before);
            return null;
        }
        c.releaseSavepoint(before);
        if (rows.rows.size() > WHOLE_ROWS) {
            return null; // only read in parts is the memory bounded
        }
        out.columns(rows.columns);
        rows.rows.forEach(out::row);
        out.end();
        return (long) rows.rows.size();
    }

    private int queryTimeoutSeconds() {
        return Math.toIntExact(Math.max(1, (timeLimit.toMillis() + 999) / 1000));
    }

    private static long write(ResultSet rs, ResultWriter out) throws SQLException {
        return write(rs, out, null);
    }

    /** Writes the rows, telling working when the database is at work on the next one. */
    private static long write(ResultSet rs, ResultWriter out, Working working) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int n = meta.getColumnCount();
        int[] types = new int[n];
        List<ResultColumn> columns = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            types[i] = meta.getColumnType(i + 1);
            columns.add(new ResultColumn(meta.getColumnLabel(i + 1), isNumeric(types[i])));
        }
        // the first row before the columns: a query that fails on it (H2 reads lazily) fails
        // before a download has sent anything
        boolean more = next(rs, working);
        out.columns(columns);
        long rows = 0;
        while (more) {
            List<Object> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                values.add(value(rs, i + 1, types[i]));
            }
            out.row(values);
            rows++;
            more = next(rs, working);
        }
        out.end();
        return rows;
    }

    private static boolean next(ResultSet rs, Working working) throws SQLException {
        if (working == null) return rs.next();
        working.start(System.nanoTime());
        try {
            return rs.next();
        } finally {
            working.stop();
        }
    }

    /** A result held in memory. */
    private static final class Buffered implements ResultWriter {
        final List<ResultColumn> columns = new ArrayList<>();
        final List<List<Object>> rows = new ArrayList<>();

        @Override
        public void columns(List<ResultColumn> c) {
            columns.addAll(c);
        }

        @Override
        public void row(List<Object> values) {
            rows.add(values);
        }

        @Override
        public void end() {
        }
    }

    /** The value as null, String, Long, BigDecimal, Double or Boolean: what every format can print. */
    private static Object value(ResultSet rs, int i, int type) throws SQLException {
        Object v = switch (type) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> rs.getLong(i);
            case Types.DECIMAL, Types.NUMERIC -> rs.getBigDecimal(i);
            // a REAL read as a float first: PostgreSQL sends it as text or as binary, and the
            // two widen to different doubles; then as the double of the float's own shortest
            // text, so that it prints as 77.69289, not as its widened 77.69288635253906
            case Types.REAL -> {
                float f = rs.getFloat(i);
                yield Float.isFinite(f) ? Double.parseDouble(Float.toString(f)) : (double) f;
            }
            case Types.FLOAT, Types.DOUBLE -> rs.getDouble(i);
            case Types.BOOLEAN, Types.BIT -> rs.getBoolean(i);
            case Types.DATE -> text(rs.getObject(i, LocalDate.class));
            case Types.TIME -> text(rs.getObject(i, LocalTime.class));
            case Types.TIMESTAMP -> {
                LocalDateTime t = rs.getObject(i, LocalDateTime.class);
                yield t == null ? null : TIMESTAMP.format(t);
            }
            case Types.TIMESTAMP_WITH_TIMEZONE -> text(rs.getObject(i, OffsetDateTime.class));
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> {
                byte[] b = rs.getBytes(i);
                yield b == null ? null : HexFormat.of().formatHex(b);
            }
            default -> rs.getString(i);
        };
        return rs.wasNull() ? null : v;
    }

    private static String text(Object o) {
        return o == null ? null : o.toString();
    }

    private static boolean isNumeric(int type) {
        return switch (type) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC,
                    Types.REAL, Types.FLOAT, Types.DOUBLE -> true;
            default -> false;
        };
    }

    /** The database's complaint, in one line, as a QueryException. */
    private QueryException translate(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        int code = e.getErrorCode();
        boolean h2 = !db.isPostgres();
        if ((h2 && (code == 90096 || code == 90040)) || state.equals("25006")) {
            return new QueryException("refused: the database is opened read-only, and this query would change it ("
                    + ErrorText.firstLine(e) + ")", e);
        }
        if (state.equals("42501")) { // the reader role lacks the right
            return new QueryException("refused: a query may only read emergo's tables (" + ErrorText.firstLine(e) + ")", e);
        }
        if (state.equals("57014") || (h2 && code == 57014)) {
            return new QueryException("the query ran longer than the time limit of " + timeLimit.toSeconds()
                    + " s and was stopped", e);
        }
        return new QueryException("the query failed: " + ErrorText.firstLine(e), e);
    }
}
