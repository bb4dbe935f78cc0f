package org.emergo.viewer.explorer;

import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import org.emergo.rules.Position;
import org.emergo.store.analysis.ExplorerFilter;
import org.emergo.store.analysis.PositionExplorer;
import org.emergo.store.db.Database;
import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Params;
import org.emergo.viewer.http.Templates;

/** The position explorer. */
public final class PositionHandlers {

    private final Database db;
    private final Templates templates;

    public PositionHandlers(Database db, Templates templates) {
        this.db = db;
        this.templates = templates;
    }

    public void page(Context ctx) {
        Position position = Params.position(ctx);
        ExplorerFilter filter = Params.explorerFilter(ctx);
        PositionExplorer.Result result = new PositionExplorer(db.dsl()).explore(position, filter);
        ctx.html(templates.render("explorer/position.jte", PositionPage.of(position, result, filter)));
    }

    /** {@code /api/positions}: the explorer's answer as JSON. */
    public void api(Context ctx) {
        Position position = Params.position(ctx);
        ExplorerFilter filter = Params.explorerFilter(ctx);
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
