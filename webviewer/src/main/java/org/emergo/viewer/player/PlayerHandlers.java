package org.emergo.viewer.player;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.PlayerSummary;
import org.emergo.store.rating.RatingJob;
import org.emergo.store.rating.RatingRepository;
import org.emergo.store.review.ReviewFigures;
import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Templates;

/** The players ranked by rating, a player's page, and both as JSON. */
public final class PlayerHandlers {

    private final Database db;
    private final Templates templates;

    public PlayerHandlers(Database db, Templates templates) {
        this.db = db;
        this.templates = templates;
    }

    public void players(Context ctx) {
        ctx.html(templates.render("player/players.jte", page(ctx)));
    }

    /** A player's page: games, results, review figures and ratings. */
    public void player(Context ctx) {
        String name = ctx.pathParam("name");
        PlayerSummary.Summary summary = new PlayerSummary(db.dsl()).of(name);
        if (summary.games() == 0) throw new NotFoundResponse("no games of a player named " + name);
        ReviewFigures.PlayerFigures review = new ReviewFigures(db.dsl()).player(name)
                .filter(f -> !f.games().isEmpty()).orElse(null);
        PlayerRatings ratings = PlayerRatings.of(new RatingRepository(db.dsl()), name);
        ctx.html(templates.render("player/player.jte", new PlayerPage(summary, review, ratings)));
    }


    /** {@code /api/players}: the ranking of {@code /players}, with each system's forecast quality. */
    public void apiPlayers(Context ctx) {
        PlayersPage p = page(ctx);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("system", p.system());
        body.put("variant", p.variant() == null ? null : p.variant().tagName());
        body.put("total", p.players());
        body.put("page", p.page());
        body.put("pageSize", PlayersPage.PAGE_SIZE);
        body.put("players", p.leaders());
        body.put("quality", quality(p.quality()));
        Json.send(ctx, body);
    }

    /** {@code /api/players/{name}}: a player's rating in each variant and its history. */
    public void apiPlayer(Context ctx) {
        String name = ctx.pathParam("name");
        RatingRepository ratings = new RatingRepository(db.dsl());
        String system = ratings.run().map(RatingRepository.Run::shownSystem).orElse(null);
        List<RatingRepository.Current> current = system == null ? List.of() : ratings.player(name, system);
        if (current.isEmpty()) throw new NotFoundResponse("no rated player named " + name);
        List<Map<String, Object>> variants = new ArrayList<>();
        for (RatingRepository.Current c : current) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("variant", c.variant().tagName());
            v.put("rank", c.rank());
            v.put("players", c.players());
            v.put("rating", c.rating());
            v.put("deviation", c.deviation());
            v.put("volatility", c.volatility());
            v.put("games", c.games());
            v.put("wins", c.wins());
            v.put("draws", c.draws());
            v.put("losses", c.losses());
            v.put("lastGameId", c.lastGameId());
            v.put("history", ratings.history(name, system, c.variant()));
            variants.add(v);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("system", system);
        body.put("ratings", variants);
        Json.send(ctx, body);
    }

    private PlayersPage page(Context ctx) {
        String v = ctx.queryParam("variant");
        Variant asked = GameFilter.variant(v == null || v.isBlank() ? null : v.strip());
        Integer page = GameFilter.number(ctx::queryParam, "page");
        if (page != null && page < 1) throw new BadRequestResponse("page must be 1 or more");
        RatingRepository ratings = new RatingRepository(db.dsl());
        String system = ratings.run().map(RatingRepository.Run::shownSystem).orElse(null);
        if (system == null) return PlayersPage.none();
        List<Variant> variants = ratings.variants(system);
        Variant variant = asked != null ? asked : variants.isEmpty() ? Variant.EMERGO : variants.get(0);
        int n = page == null ? 1 : page;
        int players = ratings.players(system, variant);
        return new PlayersPage(system, ratings.quality(), variants, variant, n, players,
                ratings.leaders(system, variant, (n - 1) * PlayersPage.PAGE_SIZE, PlayersPage.PAGE_SIZE));
    }

    private static List<Map<String, Object>> quality(List<RatingJob.Quality> quality) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (RatingJob.Quality q : quality) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("system", q.system());
            m.put("variant", q.variant().tagName());
            m.put("games", q.games());
            m.put("logLoss", q.logLoss());
            m.put("favouriteGames", q.favouriteGames());
            m.put("favouriteWon", Double.isNaN(q.favouriteWon()) ? null : q.favouriteWon());
            out.add(m);
        }
        return out;
    }
}
