package org.emergo.viewer.web;

import org.emergo.viewer.http.Templates;
import org.emergo.viewer.http.Params;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import org.emergo.rules.Position;
import org.emergo.rules.PositionFormatException;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.ExplorerFilter;
import org.emergo.store.analysis.PositionExplorer;
import org.emergo.store.db.Database;

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
        ctx.html(templates.render("position.jte", PositionPage.of(position, result, filter)));
    }
}
