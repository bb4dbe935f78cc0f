package org.emergo.viewer;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.staticfiles.Location;
import org.emergo.store.Database;
import org.emergo.viewer.data.QueryLibrary;
import org.emergo.viewer.web.ApiHandlers;
import org.emergo.viewer.web.ErrorPage;
import org.emergo.viewer.web.GameHandlers;
import org.emergo.viewer.web.PositionHandlers;
import org.emergo.viewer.web.RatingHandlers;
import org.emergo.viewer.web.SqlHandlers;
import org.emergo.viewer.web.StatsHandlers;
import org.emergo.viewer.web.Templates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web viewer: every route in one place, the handlers given the database they read.
 * Pages are HTML from precompiled jte templates; CSS and script come from the jar; nothing is
 * fetched from anywhere else.
 */
public final class ViewerApp {

    /** Only this server's own files, no inline script or style, no framing. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    private static final Logger LOG = LoggerFactory.getLogger(ViewerApp.class);

    private final Templates templates = new Templates();
    private final GameHandlers games;
    private final PositionHandlers positions;
    private final StatsHandlers stats;
    private final SqlHandlers sql;
    private final ApiHandlers api;
    private final RatingHandlers ratings;

    public ViewerApp(Database db) {
        this.games = new GameHandlers(db, templates);
        this.positions = new PositionHandlers(db, templates);
        this.stats = new StatsHandlers(db, templates);
        this.sql = new SqlHandlers(db, templates, QueryLibrary.packaged());
        this.api = new ApiHandlers(db);
        this.ratings = new RatingHandlers(db, templates);
    }

    /** The Javalin app with every route; start it with {@code start(host, port)}. */
    public Javalin create() {
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.staticFiles.add(files -> {
                files.hostedPath = "/static";
                files.directory = "/static";
                files.location = Location.CLASSPATH;
            });
            config.routes.before(ViewerApp::securityHeaders);

            config.routes.get("/", games::list);
            config.routes.get("/games", games::list);
            config.routes.get("/game/{id}", games::game);
            config.routes.get("/game/{id}/{ply}", games::gameAtPly);
            config.routes.get("/player/{name}", games::player);
            config.routes.get("/players", ratings::players);
            config.routes.get("/position", positions::page);
            config.routes.get("/stats", stats::page);
            config.routes.get("/sql", sql::page);
            config.routes.get("/sql.csv", sql::csv);
            config.routes.get("/api/games", api::games);
            config.routes.get("/api/games/{id}", api::game);
            config.routes.get("/api/positions", api::positions);
            config.routes.get("/api/players", ratings::apiPlayers);
            config.routes.get("/api/players/{name}", ratings::apiPlayer);

            config.routes.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(), e.getMessage()));
            config.routes.exception(Exception.class, (e, ctx) -> {
                if (shuttingDown()) {
                    // Ctrl-C while requests are in flight: H2 closes its file in a shutdown hook
                    // of its own, which the server cannot wait for; no trace for an expected end
                    error(ctx, 503, "The viewer is stopping.");
                    return;
                }
                LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
                error(ctx, 500, "Something went wrong on the server; the log says what.");
            });
            config.routes.error(404, ctx -> {
                if (ctx.result() == null || ctx.result().isEmpty() || ctx.result().equals("Endpoint GET " + ctx.path() + " not found")) {
                    error(ctx, 404, "There is no page at " + ctx.path() + ".");
                }
            });
        });
    }

    /** Whether the JVM is running its shutdown hooks: it then takes no new one. */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    private static void securityHeaders(Context ctx) {
        ctx.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "no-referrer");
        ctx.header("X-Frame-Options", "DENY");
    }

    /** An error as a page, or as JSON under /api; never a stack trace. */
    private void error(Context ctx, int status, String message) {
        ctx.status(status);
        if (ctx.path().startsWith("/api/")) {
            ApiHandlers.json(ctx, java.util.Map.of("status", status, "error", message));
            ctx.status(status);
            return;
        }
        String title = switch (status) {
            case 400 -> "Bad request";
            case 404 -> "Not found";
            default -> "Server error";
        };
        ctx.html(templates.render("error.jte", ErrorPage.of(status, title, message, ctx.path())));
    }
}
