package org.emergo.viewer.http;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import org.emergo.rules.Position;
import org.emergo.rules.PositionFormatException;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.ExplorerFilter;

/** A request's parameters as the handlers read them: a malformed one is a 400 that names it. */
public final class Params {

    private Params() {}

    /** A game's id. */
    public static long id(String text) {
        if (!text.matches("\\d{1,18}")) throw new BadRequestResponse("a game id is a whole number, not '" + text + "'");
        return Long.parseLong(text);
    }

    /** A whole number named what (a ply, a page, a step). */
    public static int number(String text, String what) {
        if (!text.matches("\\d{1,9}")) throw new BadRequestResponse("a " + what + " is a whole number, not '" + text + "'");
        return Integer.parseInt(text);
    }

    /** The games counted: parameters player, color, from, to and result (a player's own explorer). */
    public static ExplorerFilter explorerFilter(Context ctx) {
        try {
            return ExplorerFilter.parse(ctx::queryParam);
        } catch (IllegalArgumentException e) {
            throw new BadRequestResponse(e.getMessage());
        }
    }

    /** The position of parameters epn and variant: the start position without epn. */
    public static Position position(Context ctx) {
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
