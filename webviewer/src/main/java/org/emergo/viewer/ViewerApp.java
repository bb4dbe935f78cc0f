package org.emergo.viewer;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.staticfiles.Location;
import io.javalin.router.EndpointNotFound;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameExport;
import org.emergo.store.game.GameFilter;
import org.emergo.store.pattern.PatternSearch;
import org.emergo.viewer.analysis.AnalysisHandlers;
import org.emergo.viewer.engine.Engine;
import org.emergo.viewer.explorer.PositionHandlers;
import org.emergo.viewer.game.GameHandlers;
import org.emergo.viewer.game.RecordDownload;
import org.emergo.viewer.http.ErrorPage;
import org.emergo.viewer.http.HostCheck;
import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Templates;
import org.emergo.viewer.player.PlayerHandlers;
import org.emergo.viewer.puzzle.MistakeHandlers;
import org.emergo.viewer.puzzle.PuzzleHandlers;
import org.emergo.viewer.review.ReviewHandlers;
import org.emergo.viewer.search.SearchHandlers;
import org.emergo.viewer.sql.QueryLibrary;
import org.emergo.viewer.sql.SqlHandlers;
import org.emergo.viewer.stats.StatsHandlers;
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
    private final HostCheck hosts;
    private final ReviewHandlers reviews;
    private final PuzzleHandlers puzzles;
    private final MistakeHandlers mistakes;
    private final PlayerHandlers players;
    private final SearchHandlers search;
    private final Engine engine;
    private final AnalysisHandlers analysis;

    /** The viewer as it answers on 127.0.0.1 (and localhost). */
    public ViewerApp(Database db) {
        this(db, "127.0.0.1");
    }

    /** The viewer as it answers when listening on host (an address or a name; 0.0.0.0 for all). */
    public ViewerApp(Database db, String host) {
        this(db, host, RecordDownload.NONE);
    }

    /** The viewer whose game pages download each game's record as {@code records} writes it. */
    public ViewerApp(Database db, String host, RecordDownload records) {
        this(db, host, records, new Engine());
    }

    /** The viewer with the engine that answers the analysis board's moves (a test's, held busy). */
    public ViewerApp(Database db, String host, RecordDownload records, Engine engine) {
        this.engine = engine;
        this.hosts = new HostCheck(host);
        this.search = new SearchHandlers(db, templates, new PatternSearch(db));
        this.games = new GameHandlers(db, templates, search::gameIds, records, engine);
        this.analysis = new AnalysisHandlers(db, templates, engine);
        this.positions = new PositionHandlers(db, templates);
        this.stats = new StatsHandlers(db, templates);
        this.sql = new SqlHandlers(db, templates, QueryLibrary.packaged());
        this.reviews = new ReviewHandlers(db);
        this.puzzles = new PuzzleHandlers(db, templates);
        this.mistakes = new MistakeHandlers(db, templates, engine);
        this.players = new PlayerHandlers(db, templates);
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
            config.routes.before(this::checkHost);
            config.events.serverStopped(reviews::close);
            config.events.serverStopped(engine::close);

            config.routes.get("/", games::list);
            config.routes.get("/games", games::list);
            config.routes.get("/games.egn", ctx -> games.download(ctx, GameExport.Format.EGN));
            config.routes.get("/games.csv", ctx -> games.download(ctx, GameExport.Format.CSV));
            config.routes.get("/game/{id}.egn", games::record);
            config.routes.get("/game/{id}", games::game);
            config.routes.get("/game/{id}/{ply}", games::gameAtPly);
            // the viewer's writes, same-origin only: the review button of a game page, and a puzzle's attempt
            config.routes.post("/game/{id}/review", reviews::review);
            config.routes.get("/puzzles", puzzles::next);
            config.routes.get("/puzzles/{id}", puzzles::puzzle);
            config.routes.post("/puzzles/{id}/move", puzzles::move); // stores the attempt: same-origin only
            config.routes.get("/api/puzzles", puzzles::api);
            config.routes.get("/api/puzzles/{id}", puzzles::apiOne);
            config.routes.get("/player/{name}/mistakes", mistakes::list);
            config.routes.get("/player/{name}/mistakes/{game}/{ply}", mistakes::retry);
            config.routes.post("/player/{name}/mistakes/{game}/{ply}", mistakes::tryMove);
            config.routes.get("/player/{name}", players::player);
            config.routes.get("/players", players::players);
            config.routes.get("/position", positions::page);
            // the analysis board: reads only; its searches run one at a time per client (Engine)
            config.routes.get("/analysis", analysis::page);
            config.routes.get("/api/analyse", analysis::api);
            config.routes.get("/search", search::page);
            config.routes.get("/api/search", search::api);
            config.routes.get("/stats", stats::page);
            config.routes.get("/sql", sql::page);
            config.routes.post("/sql", sql::page);
            config.routes.get("/sql.csv", sql::csv);
            config.routes.post("/sql.csv", sql::csv);
            config.routes.get("/api/sql", sql::api);
            config.routes.post("/api/sql", sql::api);
            config.routes.get("/api/games", games::apiList);
            config.routes.get("/api/games/{id}", games::apiGame);
            config.routes.get("/api/positions", positions::api);
            config.routes.get("/api/players", players::apiPlayers);
            config.routes.get("/api/players/{name}", players::apiPlayer);

            config.routes.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(), e.getMessage()));
            config.routes.exception(GameFilter.Invalid.class, (e, ctx) -> error(ctx, 400, e.getMessage()));
            // no route and no file: Javalin's own type, not its words, tells it from a handler's 404
            config.routes.exception(EndpointNotFound.class, (e, ctx) -> error(ctx, 404, "There is no page at " + ctx.path() + "."));
            // the download's first rows went out: end the connection without the end of a response,
            // so that the browser says the download failed instead of keeping a part of it
            config.routes.exception(SqlHandlers.CutOff.class, (e, ctx) ->
                    ServletContextRequest.getServletContextRequest(ctx.req()).getConnectionMetaData().getConnection()
                            .getEndPoint().close());
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

    /** Refuses a request addressed to another name (see {@link HostCheck}), before it reads anything. */
    private void checkHost(Context ctx) {
        if (!hosts.allows(ctx.header("Host"), ctx.req().getLocalPort())) {
            throw new HttpResponseException(421, "This viewer answers at its own address (such as http://127.0.0.1:"
                    + ctx.req().getLocalPort() + "/), not at the name this request was sent to.");
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
            Json.send(ctx, Json.object("status", status, "error", message));
            ctx.status(status);
            return;
        }
        String title = switch (status) {
            case 400 -> "Bad request";
            case 403 -> "Refused";
            case 404 -> "Not found";
            case 421 -> "Wrong address";
            case 429 -> "Busy";
            default -> "Server error";
        };
        ctx.html(templates.render("error.jte", ErrorPage.of(status, title, message, ctx.path())));
    }
}
