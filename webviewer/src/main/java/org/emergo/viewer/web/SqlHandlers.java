package org.emergo.viewer.web;

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
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Semaphore;
import org.emergo.store.Database;
import org.emergo.store.OutputFormat;
import org.emergo.store.QueryResult;
import org.emergo.store.ReadOnlyQuery;
import org.emergo.store.ResultColumn;
import org.emergo.store.ResultWriter;
import org.emergo.store.StoreException;
import org.emergo.viewer.data.QueryLibrary;
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

    /** The query asked, and whether it may run. */
    private record Asked(String sql, boolean mayRun) {}

    public void page(Context ctx) {
        Asked asked = asked(ctx);
        QueryResult result = null;
        String error = null;
        long start = System.nanoTime();
        if (!asked.sql().isBlank() && asked.mayRun()) {
            try {
                result = new ReadOnlyQuery(db).fetch(asked.sql(), MAX_ROWS);
            } catch (StoreException e) {
                // the user's query was refused or failed: the page says why, as emergo sql does
                error = e.getMessage();
                ctx.status(400);
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        boolean held = !asked.sql().isBlank() && !asked.mayRun();
        ctx.html(templates.render("sql.jte", new SqlPage(asked.sql(), library.examples(), result, error, millis, MAX_ROWS,
                MAX_CSV_ROWS, token, held)));
    }

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
                new ReadOnlyQuery(db).run(asked.sql(), MAX_CSV_ROWS, started.csvOnto(ctx));
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
        String example = post ? ctx.formParam("example") : ctx.queryParam("example");
        if (example != null && !example.isBlank()) {
            return new Asked(library.find(example).orElseThrow(() -> new NotFoundResponse("no example query " + example)).sql(),
                    true);
        }
        String q = post ? ctx.formParam("q") : ctx.queryParam("q");
        if (q != null && q.length() > MAX_QUERY) throw new BadRequestResponse("the query is too long");
        if (q == null) return new Asked("", true);
        if (post) {
            String sent = ctx.formParam("token");
            if (sent == null || !MessageDigest.isEqual(sent.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
                throw new ForbiddenResponse("the form is not this viewer's own (or the viewer has restarted since the page"
                        + " was loaded): open /sql again and run the query from there");
            }
            return new Asked(q, true);
        }
        String site = ctx.header("Sec-Fetch-Site");
        return new Asked(q, site != null && OWN_SITE.contains(site));
    }
}
