package org.emergo.viewer.web;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import org.emergo.store.Database;
import org.emergo.store.OutputFormat;
import org.emergo.store.QueryResult;
import org.emergo.store.ReadOnlyQuery;
import org.emergo.store.StoreException;
import org.emergo.viewer.data.QueryLibrary;

/**
 * The SQL page and its CSV download: user SQL through the store's {@link ReadOnlyQuery}, so
 * the same checks, read-only connection and time limit as {@code emergo sql}.
 */
public final class SqlHandlers {

    /** Rows the page shows; the CSV has them all. */
    static final int MAX_ROWS = 1000;

    private static final int MAX_QUERY = 100_000;

    private final Database db;
    private final Templates templates;
    private final QueryLibrary library;

    public SqlHandlers(Database db, Templates templates, QueryLibrary library) {
        this.db = db;
        this.templates = templates;
        this.library = library;
    }

    public void page(Context ctx) {
        String query = query(ctx);
        QueryResult result = null;
        String error = null;
        long start = System.nanoTime();
        if (!query.isBlank()) {
            try {
                result = new ReadOnlyQuery(db).fetch(query, MAX_ROWS);
            } catch (StoreException e) {
                // the user's query was refused or failed: the page says why, as emergo sql does
                error = e.getMessage();
                ctx.status(400);
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        ctx.html(templates.render("sql.jte", new SqlPage(query, library.examples(), result, error, millis, MAX_ROWS)));
    }

    public void csv(Context ctx) {
        String query = query(ctx);
        if (query.isBlank()) throw new BadRequestResponse("give a query: /sql.csv?q=SELECT ...");
        StringBuilder out = new StringBuilder();
        try {
            new ReadOnlyQuery(db).run(query, OutputFormat.CSV.writer(out));
        } catch (StoreException e) {
            throw new BadRequestResponse(e.getMessage());
        }
        ctx.contentType("text/csv; charset=utf-8");
        ctx.header("Content-Disposition", "attachment; filename=\"emergo-query.csv\"");
        ctx.result(out.toString());
    }

    /** The query asked: q, or an example by name. */
    private String query(Context ctx) {
        String example = ctx.queryParam("example");
        if (example != null && !example.isBlank()) {
            return library.find(example).orElseThrow(() -> new NotFoundResponse("no example query " + example)).sql();
        }
        String q = ctx.queryParam("q");
        if (q != null && q.length() > MAX_QUERY) throw new BadRequestResponse("the query is too long");
        return q == null ? "" : q;
    }
}
