package org.emergo.viewer.sql;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.ForbiddenResponse;
import io.javalin.http.HandlerType;
import io.javalin.http.NotFoundResponse;
import io.javalin.http.TooManyRequestsResponse;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.output.OutputFormat;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.output.ResultWriter;
import org.emergo.store.sql.NamedParameters;
import org.emergo.store.sql.QueryResult;
import org.emergo.store.sql.ReadOnlyQuery;
import org.emergo.store.sql.SchemaCatalog;
import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Templates;
import org.emergo.viewer.sql.QueryLibrary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SQL page and its CSV download: user SQL through the store's {@link ReadOnlyQuery}, so
 * the same checks, read-only connection and time limit as {@code emergo sql}.
 *
 * <p>A query someone typed runs only when the request comes from the viewer's own pages: a form
 * posted with this server's token, or a link followed or opened on this site (the browser's
 * {@code Sec-Fetch-Site} says same-origin or none). Another site's page could otherwise make
 * the viewer run queries: such a link shows the query without running it. The example queries
 * run from any link.
 */
public final class SqlHandlers {

    /** Rows the page shows. */
    static final int MAX_ROWS = 1000;

    /** Rows the CSV holds at most: it streams, but a download should end. */
    public static final int MAX_CSV_ROWS = 1_000_000;

    /** Downloads at a time: each holds a connection of the pool's eight while it runs. */
    public static final int DOWNLOADS = 2;

    private static final int MAX_QUERY = 100_000;

    /** What the browser says of where a request came from, when it may run a typed query. */
    private static final Set<String> OWN_SITE = Set.of("same-origin", "none");

    private static final Logger LOG = LoggerFactory.getLogger(SqlHandlers.class);

    private final Database db;
    private final Templates templates;
    private final QueryLibrary library;
    private final String token;
    private final Semaphore downloads = new Semaphore(DOWNLOADS);

    public SqlHandlers(Database db, Templates templates, QueryLibrary library) {
        this.db = db;
        this.templates = templates;
        this.library = library;
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        this.token = HexFormat.of().formatHex(random);
    }

    /** The query asked (an example's name, or null), whether it may run, and the values given for its parameters. */
    private record Asked(String sql, String example, boolean mayRun, Map<String, String> values) {}

    public void page(Context ctx) {
        Asked asked = asked(ctx);
        QueryResult result = null;
        String error = null;
        long start = System.nanoTime();
        if (!asked.sql().isBlank() && asked.mayRun()) {
            try {
                result = new ReadOnlyQuery(db).fetch(NamedParameters.bind(asked.sql(), asked.values()), MAX_ROWS);
            } catch (StoreException e) {
                // the user's query was refused or failed: the page says why, as emergo sql does
                error = e.getMessage();
                ctx.status(400);
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        boolean held = !asked.sql().isBlank() && !asked.mayRun();
        ctx.html(templates.render("sql/sql.jte", new SqlPage(asked.sql(), asked.example(), fields(asked), library.examples(),
                schema(), result, error, millis, MAX_ROWS, MAX_CSV_ROWS, token, held)));
    }

    /**
     * The same as JSON for programs, with the page's guards: {@code {"columns": [...], "rows":
     * [[...]], "truncated": false, "parameters": {...}}}.
     */
    public void api(Context ctx) {
        Asked asked = asked(ctx);
        if (asked.sql().isBlank()) throw new BadRequestResponse("give example=NAME or q=QUERY");
        if (!asked.mayRun()) {
            throw new ForbiddenResponse("a typed query runs only from the viewer's own pages (or POSTed with the SQL page's"
                    + " token); the example queries run from anywhere");
        }
        NamedParameters.Bound bound;
        QueryResult result;
        try {
            bound = NamedParameters.bind(asked.sql(), asked.values());
            result = new ReadOnlyQuery(db).fetch(bound, MAX_ROWS);
        } catch (StoreException e) {
            throw new BadRequestResponse(e.getMessage());
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        for (SqlPage.Field f : fields(asked)) parameters.put(f.name(), f.value());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("columns", result.columns().stream().map(ResultColumn::label).toList());
        body.put("rows", result.rows());
        body.put("truncated", result.truncated());
        body.put("parameters", parameters);
        Json.send(ctx, body);
    }

    /** The fields of the parameters the query declares, with the values given or their defaults. */
    private static List<SqlPage.Field> fields(Asked asked) {
        List<SqlPage.Field> fields = new ArrayList<>();
        for (NamedParameters.Parameter p : NamedParameters.declared(asked.sql())) {
            String given = asked.values().get(p.name());
            fields.add(new SqlPage.Field(p.name(), given != null ? given : p.defaultText(), p.description(), p.isNumber()));
        }
        return fields;
    }

    /** Every table and view with its columns, read once: the schema changes only when a migration runs. */
    private List<SchemaCatalog.Table> schema() {
        List<SchemaCatalog.Table> s = schema;
        if (s == null) {
            try {
                s = SchemaCatalog.read(db);
            } catch (StoreException e) {
                return List.of(); // the page still runs queries; the panel stays empty
            }
            schema = s;
        }
        return s;
    }

    private volatile List<SchemaCatalog.Table> schema;

    /**
     * The result as CSV, written as the rows are read: the first {@link #MAX_CSV_ROWS}. A query
     * that fails before its first row is a 400 page; one that fails later cuts the download off,
     * so that it cannot pass for the whole result.
     */
    public void csv(Context ctx) {
        Asked asked = asked(ctx);
        if (asked.sql().isBlank()) throw new BadRequestResponse("give a query: the SQL page's download button sends one");
        if (!asked.mayRun()) {
            throw new ForbiddenResponse("a query is downloaded only from the viewer's own SQL page: open /sql, run it there,"
                    + " and download it from the result");
        }
        if (!downloads.tryAcquire()) {
            throw new TooManyRequestsResponse(DOWNLOADS + " downloads are running; try again when one has finished");
        }
        try {
            Started started = new Started();
            try {
                new ReadOnlyQuery(db).run(NamedParameters.bind(asked.sql(), asked.values()), MAX_CSV_ROWS, started.csvOnto(ctx));
            } catch (StoreException e) {
                if (!started.started) throw new BadRequestResponse(e.getMessage());
                LOG.warn("a CSV download stopped after it began: {}", e.getMessage());
                throw new CutOff(e);
            }
        } finally {
            downloads.release();
        }
    }

    /** A download that failed after its first bytes went out: the connection is cut, not finished. */
    public static final class CutOff extends RuntimeException {
        CutOff(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** The CSV writer onto the response, begun at the header row, so that a failure before it is still a page. */
    private static final class Started {
        boolean started;

        ResultWriter csvOnto(Context ctx) {
            return new ResultWriter() {
                private ResultWriter csv;
                private Writer out;

                @Override
                public void columns(List<ResultColumn> columns) {
                    started = true;
                    ctx.contentType("text/csv; charset=utf-8");
                    ctx.header("Content-Disposition", "attachment; filename=\"emergo-query.csv\"");
                    out = new BufferedWriter(new OutputStreamWriter(ctx.outputStream(), StandardCharsets.UTF_8), 1 << 16);
                    csv = OutputFormat.CSV.writer(out);
                    csv.columns(columns);
                }

                @Override
                public void row(List<Object> values) {
                    csv.row(values);
                }

                @Override
                public void end() {
                    csv.end();
                }
            };
        }
    }

    /** The query asked (an example by name, or q) and whether it may run: see the class comment. */
    private Asked asked(Context ctx) {
        boolean post = ctx.method() == HandlerType.POST;
        Function<String, String> param = post ? ctx::formParam : ctx::queryParam;
        String example = param.apply("example");
        if (example != null && !example.isBlank()) {
            // named with or without its .sql, as people shorten a link
            QueryLibrary.Example found = library.find(example).or(() -> library.find(example + ".sql"))
                    .orElseThrow(() -> new NotFoundResponse("no example query " + example));
            return new Asked(found.sql(), found.name(), true, values(found.sql(), param));
        }
        String q = param.apply("q");
        if (q != null && q.length() > MAX_QUERY) throw new BadRequestResponse("the query is too long");
        if (q == null) return new Asked("", null, true, Map.of());
        if (post) {
            String sent = ctx.formParam("token");
            if (sent == null || !MessageDigest.isEqual(sent.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
                throw new ForbiddenResponse("the form is not this viewer's own (or the viewer has restarted since the page"
                        + " was loaded): open /sql again and run the query from there");
            }
            return new Asked(q, null, true, values(q, param));
        }
        String site = ctx.header("Sec-Fetch-Site");
        return new Asked(q, null, site != null && OWN_SITE.contains(site), values(q, param));
    }

    /** The values the request gives for the query's declared parameters (a blank field takes the default). */
    private static Map<String, String> values(String sql, Function<String, String> param) {
        Map<String, String> values = new LinkedHashMap<>();
        for (NamedParameters.Parameter p : NamedParameters.declared(sql)) {
            if (RESERVED.contains(p.name())) continue;
            String v = param.apply(p.name());
            if (v != null && !v.isBlank()) values.put(p.name(), v);
        }
        return values;
    }

    /** The page's own fields: a parameter of these names takes its default. */
    private static final Set<String> RESERVED = Set.of("q", "example", "token");
}
