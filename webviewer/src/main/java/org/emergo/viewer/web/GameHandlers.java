package org.emergo.viewer.web;

import org.emergo.viewer.http.Templates;
import org.emergo.viewer.http.Params;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.util.List;
import java.util.function.Function;
import org.emergo.store.analysis.GameLoader;
import org.emergo.store.analysis.GameReplay;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameFilter;
import org.emergo.store.game.GameList;
import org.emergo.store.game.PlayerSummary;
import org.emergo.store.rating.RatingRepository;
import org.emergo.store.review.ReviewFigures;

/** The games list, a game at a ply, and a player's page. */
public final class GameHandlers {

    private final Database db;
    /** The games a pattern matches (docs/patterns.md#the-text-form), for the list's {@code pattern} filter. */
    private final Function<String, List<Long>> patternGames;
    private final Templates templates;
    private final RecordDownload records;

    /** @param records the game's record as a file; {@link RecordDownload#NONE} for no download link */
    public GameHandlers(Database db, Templates templates, Function<String, List<Long>> patternGames, RecordDownload records) {
        this.db = db;
        this.templates = templates;
        this.patternGames = patternGames;
        this.records = records;
    }

    public void list(Context ctx) {
        GameFilter filter = GameFilter.parse(ctx::queryParam);
        GameList.Page page = new GameList(db.dsl()).find(filter, GameFilter.PAGE_SIZE,
                filter.pattern() == null ? null : patternGames.apply(filter.pattern()));
        ctx.html(templates.render("games.jte", GamesPage.of(filter, page)));
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

    /** The game's record as an EGN file, with its review in it: what {@code emergo export --annotate} writes. */
    public void record(Context ctx) {
        long id = Params.id(ctx.pathParam("id"));
        String egn = records.egn(db, id).orElseThrow(() -> new NotFoundResponse("no game " + id));
        ctx.contentType("application/x-egn; charset=utf-8");
        ctx.header("Content-Disposition", "attachment; filename=\"game-" + id + ".egn\"");
        ctx.result(egn);
    }

    public void player(Context ctx) {
        String name = ctx.pathParam("name");
        PlayerSummary.Summary summary = new PlayerSummary(db.dsl()).of(name);
        if (summary.games() == 0) throw new NotFoundResponse("no games of a player named " + name);
        ReviewFigures.PlayerFigures review = new ReviewFigures(db.dsl()).player(name)
                .filter(f -> !f.games().isEmpty()).orElse(null);
        PlayerRatings ratings = PlayerRatings.of(new RatingRepository(db.dsl()), name);
        ctx.html(templates.render("player.jte", new PlayerPage(summary, review, ratings)));
    }

    private void render(Context ctx, GameReplay game, int ply) {
        GameRatings ratings = GameRatings.of(new RatingRepository(db.dsl()), game.id());
        GamePage page = GamePage.of(game, ply, "1".equals(ctx.queryParam("flip")), ReviewHandlers.latest(db, game.id()), ratings);
        if (records != RecordDownload.NONE) page = page.withDownload("/game/" + game.id() + ".egn");
        ctx.html(templates.render("game.jte", page));
    }

    private GameReplay load(Context ctx) {
        long id = Params.id(ctx.pathParam("id"));
        return new GameLoader(db.dsl()).load(id).orElseThrow(() -> new NotFoundResponse("no game " + id));
    }
}
