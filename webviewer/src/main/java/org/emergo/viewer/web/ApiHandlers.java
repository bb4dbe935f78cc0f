package org.emergo.viewer.web;

import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Params;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.emergo.rules.Position;
import org.emergo.store.analysis.GameLoader;
import org.emergo.store.analysis.GameReplay;
import org.emergo.store.analysis.PositionExplorer;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.emergo.store.review.ReviewRepository;
import org.emergo.store.review.StoredReview;

/** JSON for programs: the games list, one game, a position's next moves and games. */
public final class ApiHandlers {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Database db;
    /** The games a pattern matches (docs/patterns.md#the-text-form), for the list's {@code pattern} filter. */
    private final Function<String, List<Long>> patternGames;

    public ApiHandlers(Database db, Function<String, List<Long>> patternGames) {
        this.db = db;
        this.patternGames = patternGames;
    }

    public void games(Context ctx) {
        GameFilter filter = GameFilter.parse(ctx::queryParam);
        GameList.Page page = new GameList(db.dsl()).find(filter, GameFilter.PAGE_SIZE,
                filter.pattern() == null ? null : patternGames.apply(filter.pattern()));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("total", page.total());
        body.put("page", filter.page());
        body.put("pageSize", GameFilter.PAGE_SIZE);
        body.put("games", page.games());
        Json.send(ctx, body);
    }

    public void game(Context ctx) {
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
        body.put("ratings", RatingHandlers.gameRatings(db, id));
        List<Map<String, Object>> positions = new ArrayList<>();
        for (int ply = 0; ply < g.positions().size(); ply++) {
            positions.add(Json.object("ply", ply, "epn", g.positions().get(ply)));
        }
        body.put("positions", positions);
        body.put("review", review(id));
        Json.send(ctx, body);
    }

    /** The engine's review of a game ({@code emergo review}; the latest if at several settings), or null. */
    private Map<String, Object> review(long id) {
        StoredReview r;
        try {
            r = new ReviewRepository(db).latest(id).orElse(null);
        } catch (SQLException e) {
            throw new StoreException("cannot read the review of game " + id + ": " + e.getMessage(), e);
        }
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
            ply.put("score", p.scoreText());
            ply.put("bestMove", p.bestMove());
            ply.put("line", p.line());
            ply.put("depth", p.depth());
            ply.put("played", p.played());
            ply.put("loss", p.loss());
            ply.put("chancesLost", p.chancesLost());
            ply.put("class", p.moveClass());
            ply.put("forcedLoss", p.forcedMen() == null ? null
                    : Json.object("kind", p.forcedKind() == null ? "men" : p.forcedKind(), "men", p.forcedMen(), "plies",
                            p.forcedPlies(), "horizon", p.proofHorizon(), "line", p.forcedLine(), "verdict", p.verdict()));
            plies.add(ply);
        }
        review.put("positions", plies);
        return review;
    }

    public void positions(Context ctx) {
        Position position = Params.position(ctx);
        org.emergo.store.analysis.ExplorerFilter filter = Params.explorerFilter(ctx);
        PositionExplorer.Result r = new PositionExplorer(db.dsl()).explore(position, filter);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("epn", position.toString());
        body.put("variant", position.variant().tagName());
        if (!filter.isNone()) body.put("filter", filter.params());
        body.put("hash", position.hash());
        body.put("total", r.total());
        body.put("moves", r.moves().stream().map(m -> Json.object("move", m.move(), "games", m.games(), "wins", m.wins(),
                "draws", m.draws(), "losses", m.losses(), "score", m.score())).toList());
        body.put("games", r.games());
        Json.send(ctx, body);
    }
}
