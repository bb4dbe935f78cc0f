package org.emergo.viewer.web;

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
        Position position = position(ctx);
        ExplorerFilter filter = filter(ctx);
        PositionExplorer.Result result = new PositionExplorer(db.dsl()).explore(position, filter);
        ctx.html(templates.render("position.jte", PositionPage.of(position, result, filter)));
    }

    /** The games counted: parameters player, color, from, to and result (a player's own explorer); a 400 for a bad one. */
    static ExplorerFilter filter(Context ctx) {
        try {
            return ExplorerFilter.parse(ctx::queryParam);
        } catch (IllegalArgumentException e) {
            throw new BadRequestResponse(e.getMessage());
        }
    }

    /** The position of parameters epn and variant: the start position without epn, a 400 for a bad one. */
    static Position position(Context ctx) {
        Variant variant;
        try {
            String v = ctx.queryParam("variant");
            variant = v == null ? Variant.EMERGO : Variant.parse(v);
        } catch (IllegalArgumentException e) {
            throw new BadRequestResponse("variant must be Emergo or HexEmergo");
        }
        String epn = ctx.queryParam("epn");
        if (epn == null || epn.isBlank()) return Position.start(variant);
        if (epn.length() > 2000) throw new BadRequestResponse("the position string is too long");
        try {
            return PositionText.parse(epn, variant);
        } catch (PositionFormatException e) {
            throw new BadRequestResponse("not a position string: " + e.getMessage());
        }
    }
}
