package org.emergo.viewer.http;

import io.javalin.http.Context;
import io.javalin.http.ForbiddenResponse;
import java.net.URI;

/**
 * The guard of the viewer's writes (the review button, a puzzle's or a mistake's move): only the
 * viewer's own pages may ask. Every current browser says where a request comes from in
 * {@code Sec-Fetch-Site}, which no page can set: a request with it is served only when it says
 * {@code same-origin} (its {@code Origin} is then {@code null}, since the viewer's pages send no
 * referrer). An older browser without it still sends {@code Origin} on a POST: then it must be
 * this server's own address ({@code null} could be any page). A request with neither header comes
 * from no browser (curl, a script), which no other site can make a visitor's browser send, so it
 * is served. Everything else is refused with 403.
 */
public final class SameOrigin {

    private SameOrigin() {}

    /** Refuses (403) a request that another site's page made. */
    public static void require(Context ctx) {
        String site = ctx.header("Sec-Fetch-Site");
        if (site != null) {
            if (site.equals("same-origin")) return;
            throw new ForbiddenResponse("only the viewer's own pages may ask for this (a review, a puzzle move; this request came from "
                    + (site.equals("none") ? "no page" : "a " + site + " page") + ")");
        }
        String origin = ctx.header("Origin");
        if (origin != null && !sameHost(origin, ctx.host())) {
            throw new ForbiddenResponse("only the viewer's own pages may ask for this (a review, a puzzle move; this request came from another origin)");
        }
    }

    private static boolean sameHost(String origin, String host) {
        if (host == null) return false;
        try {
            String authority = URI.create(origin).getRawAuthority();
            return authority != null && authority.equalsIgnoreCase(host);
        } catch (IllegalArgumentException e) {
            return false; // "null" or nonsense
        }
    }
}
