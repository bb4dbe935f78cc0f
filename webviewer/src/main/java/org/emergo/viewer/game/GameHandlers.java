package org.emergo.viewer.game;

import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.emergo.review.ReviewText;
import org.emergo.store.analysis.GameLoader;
import org.emergo.store.analysis.GameReplay;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameExport;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.emergo.store.game.StoredGame;
import org.emergo.store.rating.RatingRepository;
import org.emergo.store.review.ReviewRepository;
import org.emergo.store.review.StoredReview;
import org.emergo.viewer.engine.AnalysisBoard;
import org.emergo.viewer.engine.Engine;
import org.emergo.viewer.engine.Lines;
import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Params;
import org.emergo.viewer.http.Templates;
import org.jooq.Condition;

/** The games list, a game at a ply, its record as a file, and both as JSON. */
public final class GameHandlers {

    private final Database db;
    /** The games a pattern matches (docs/patterns.md#the-text-form), for the list's {@code pattern} filter. */
    private final Function<String, List<Long>> patternGames;
    private final Templates templates;
    private final RecordDownload records;
    private final Engine engine;

    /**
     * @param records the game's record as a file; {@link RecordDownload#NONE} for no download link
     * @param engine  answers the moves tried on the board
     */
    public GameHandlers(Database db, Templates templates, Function<String, List<Long>> patternGames, RecordDownload records,
            Engine engine) {
        this.db = db;
        this.engine = engine;
        this.templates = templates;
        this.patternGames = patternGames;
        this.records = records;
    }

    public void list(Context ctx) {
        GameFilter filter = GameFilter.parse(ctx::queryParam);
        GameList.Page page = find(filter);
        ctx.html(templates.render("game/games.jte", GamesPage.of(filter, page)));
    }

    public void game(Context ctx) {
        GameReplay game = load(ctx);
        render(ctx, game, 0);
    }

    public void gameAtPly(Context ctx) {
        GameReplay game = load(ctx);
        int ply = Params.number(ctx.pathParam("ply"), "ply");
        if (ply > game.lastPly()) {
            throw new NotFoundResponse("game " + game.id() + " has no ply " + ply + ": it has " + game.lastPly());
        }
        render(ctx, game, ply);
    }

    /** The lines tried on a game page, from its address. */
    static Lines lines(Context ctx) {
        return Lines.parse(ctx.queryParams("v"), ctx.queryParam("at"));
    }

    /**
     * The game's record as an EGN file, with its review in it: what {@code emergo export --annotate}
     * writes; with the lines tried of the address ({@code v}) as variations, each move with the
     * engine's comment.
     */
    public void record(Context ctx) {
        long id = Params.id(ctx.pathParam("id"));
        Lines lines = lines(ctx);
        Map<Integer, List<List<RecordDownload.LineMove>>> variations = Map.of();
        if (!lines.lines().isEmpty()) {
            GameReplay game = load(ctx);
            variations = Variations.of(AnalysisBoard.mainLine(game), lines, engine, ctx.ip());
        }
        String egn = records.egn(db, id, variations).orElseThrow(() -> new NotFoundResponse("no game " + id));
        ctx.contentType("application/x-egn; charset=utf-8");
        ctx.header("Content-Disposition", "attachment; filename=\"game-" + id + ".egn\"");
        ctx.result(egn);
    }

    /**
     * {@code /games.egn} and {@code /games.csv}: every game the list's filters match, as
     * {@code emergo export} writes them, read and sent a page of games at a time.
     */
    public void download(Context ctx, GameExport.Format format) {
        GameFilter filter = GameFilter.parse(ctx::queryParam);
        Set<Long> patterned = filter.pattern() == null ? null : new HashSet<>(patternGames.apply(filter.pattern()));
        Condition where = GameList.matching(filter, db.dsl().dialect());
        String extension = format.name().toLowerCase(Locale.ROOT);
        ctx.contentType(format == GameExport.Format.EGN ? "application/x-egn; charset=utf-8" : "text/csv; charset=utf-8");
        ctx.header("Content-Disposition", "attachment; filename=\"emergo-games." + extension + "\"");
        Writer out = new BufferedWriter(new OutputStreamWriter(ctx.outputStream(), StandardCharsets.UTF_8), 1 << 16);
        db.readOnly(dsl -> {
            try {
                new GameExport(dsl).write(format, where, id -> patterned == null || patterned.contains(id),
                        StoredGame::toGameRecord, out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return null;
        });
    }

    /** {@code /api/games}: the games list as JSON. */
    public void apiList(Context ctx) {
        GameFilter filter = GameFilter.parse(ctx::queryParam);
        GameList.Page page = find(filter);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("total", page.total());
        body.put("page", filter.page());
        body.put("pageSize", GameFilter.PAGE_SIZE);
        body.put("games", page.games());
        Json.send(ctx, body);
    }

    /** The page of the games list a filter asks for, as the page and the API show it. */
    private GameList.Page find(GameFilter filter) {
        return new GameList(db.dsl()).find(filter, GameFilter.PAGE_SIZE,
                filter.pattern() == null ? null : patternGames.apply(filter.pattern()));
    }

    /** {@code /api/games/{id}}: a game with its positions, ratings and review. */
    public void apiGame(Context ctx) {
        long id = Params.id(ctx.pathParam("id"));
        GameReplay g = new GameLoader(db.dsl()).load(id).orElseThrow(() -> new NotFoundResponse("no game " + id));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", g.id());
        body.put("variant", g.variant().tagName());
        body.put("tags", g.tags());
        body.put("result", g.result());
        body.put("resultByRule", g.resultByRule());
        body.put("termination", g.termination());
        body.put("analysed", g.analysed());
        body.put("moves", g.moves());
        body.put("findings", g.findings());
        body.put("shadowpieces", g.shadowpieces());
        body.put("ratings", ratingsJson(id));
        List<Map<String, Object>> positions = new ArrayList<>();
        for (int ply = 0; ply < g.positions().size(); ply++) {
            positions.add(Json.object("ply", ply, "epn", g.positions().get(ply)));
        }
        body.put("positions", positions);
        body.put("review", reviewJson(id));
        Json.send(ctx, body);
    }

    /** The engine's review of a game ({@code emergo review}; the latest if at several settings), or null. */
    private Map<String, Object> reviewJson(long id) {
        StoredReview r = latestReview(id);
        if (r == null) return null;
        Map<String, Object> review = new LinkedHashMap<>();
        review.put("setting", r.setting());
        review.put("engineVersion", r.engineVersion());
        review.put("curve", r.curve());
        review.put("curveSource", r.curveSource());
        review.put("moves", r.moves());
        review.put("stoppedAtPly", r.stoppedAtPly());
        review.put("white", r.white());
        review.put("black", r.black());
        List<Map<String, Object>> plies = new ArrayList<>();
        for (StoredReview.Ply p : r.positions()) {
            Map<String, Object> ply = new LinkedHashMap<>();
            ply.put("ply", p.ply());
            ply.put("scoreWhite", p.scoreWhite());
            ply.put("score", ReviewText.score(p.scoreWhite()));
            ply.put("bestMove", p.bestMove());
            ply.put("line", p.line());
            ply.put("depth", p.depth());
            ply.put("played", p.played());
            ply.put("loss", p.loss());
            ply.put("chancesLost", p.chancesLost());
            ply.put("class", p.moveClass() == null ? null : p.moveClass().code());
            ply.put("forcedLoss", p.forcedMen() == null ? null
                    : Json.object("kind", p.forcedKind().code(), "men", p.forcedMen(), "plies", p.forcedPlies(),
                            "horizon", p.proofHorizon(), "line", p.forcedLine(), "verdict", ReviewText.verdict(p)));
            plies.add(ply);
        }
        review.put("positions", plies);
        return review;
    }

    /** The rating fields of {@code /api/games/{id}}: both players' ratings when the game began, or null. */
    private Map<String, Object> ratingsJson(long gameId) {
        GameRatings r = GameRatings.of(new RatingRepository(db.dsl()), gameId);
        if (r == null) return null;
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("system", r.system());
        body.put("white", r.white());
        body.put("black", r.black());
        return body;
    }

    /** A game's latest review (of any setting, as {@link ReviewRepository#latest} says), or null when it has none. */
    private StoredReview latestReview(long gameId) {
        return new ReviewRepository(db).latest(gameId).orElse(null);
    }

    private void render(Context ctx, GameReplay game, int ply) {
        GameRatings ratings = GameRatings.of(new RatingRepository(db.dsl()), game.id());
        boolean flipped = "1".equals(ctx.queryParam("flip"));
        Lines lines = lines(ctx);
        AnalysisBoard board = AnalysisBoard.of(AnalysisBoard.mainLine(game), game.moves().stream().map(GameReplay.PlyMove::canonical).toList(),
                ply, lines, (p, l) -> GamePage.url(game.id(), p, l, flipped), engine, ctx.ip(), false);
        GamePage page = GamePage.of(game, lines.branchPly(ply), flipped, latestReview(game.id()), ratings, board);
        if (records != RecordDownload.NONE) {
            String q = lines.query().replaceAll("&at=.*$", "");
            page = page.withDownload("/game/" + game.id() + ".egn" + (q.isEmpty() ? "" : "?" + q));
        }
        ctx.html(templates.render("game/game.jte", page));
    }

    private GameReplay load(Context ctx) {
        long id = Params.id(ctx.pathParam("id"));
        return new GameLoader(db.dsl()).load(id).orElseThrow(() -> new NotFoundResponse("no game " + id));
    }
}
