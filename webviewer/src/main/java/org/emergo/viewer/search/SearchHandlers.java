package org.emergo.viewer.search;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.PatternException;
import org.emergo.pattern.PatternText;
import org.emergo.store.analysis.ExplorerFilter;
import org.emergo.store.db.Database;
import org.emergo.store.pattern.PatternHitRows;
import org.emergo.store.pattern.PatternNextMoves;
import org.emergo.store.pattern.PatternSearch;
import org.emergo.store.sql.QueryResult;
import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Params;
import org.emergo.viewer.http.Templates;

/** The pattern search: its page ({@code /search}) and {@code /api/search}. */
public final class SearchHandlers {

    public static final int PAGE_SIZE = 50;

    private final Database db;
    private final Templates templates;
    private final PatternSearch search;

    public SearchHandlers(Database db, Templates templates, PatternSearch search) {
        this.db = db;
        this.templates = templates;
        this.search = search;
    }

    public void page(Context ctx) {
        String text = ctx.queryParam("pattern");
        int page = pageNumber(ctx);
        if (text == null || text.isBlank()) {
            ctx.html(templates.render("search/search.jte", new SearchPage("", PatternText.parse("any"), null, null, null, 1, PAGE_SIZE, null, ExplorerFilter.NONE)));
            return;
        }
        Pattern pattern;
        try {
            pattern = parse(text);
        } catch (BadRequestResponse e) {
            Pattern board = PatternText.parse(text.trim().toLowerCase().startsWith("hex") ? "hexemergo" : "any");
            ctx.status(400).html(templates.render("search/search.jte", new SearchPage(text, board, e.getMessage(), null, null, 1, PAGE_SIZE, null, ExplorerFilter.NONE)));
            return;
        }
        ExplorerFilter filter = Params.explorerFilter(ctx);
        Set<Long> allowed = filter.games(db.dsl());
        // with the table of what was played next, one search gives both the games and the plies
        PatternSearch.WithPlies found = wantsNext(ctx) ? search.findWithPlies(pattern) : null;
        PatternSearch.Result r = (found == null ? search.find(pattern) : found.result()).only(allowed);
        QueryResult games = PatternHitRows.of(db, r.page(page, PAGE_SIZE), pattern.sym() || pattern.colours());
        List<PatternNextMoves.NextMove> next = found == null ? null : PatternNextMoves.of(db, found, allowed);
        ctx.html(templates.render("search/search.jte", new SearchPage(pattern.toString(), pattern, null, r, games, page, PAGE_SIZE, next,
                filter)));
    }

    public void api(Context ctx) {
        String text = ctx.queryParam("pattern");
        if (text == null || text.isBlank()) throw new BadRequestResponse("pattern is missing: /api/search?pattern=e5:w4+");
        Pattern pattern = parse(text);
        int page = pageNumber(ctx);
        ExplorerFilter filter = Params.explorerFilter(ctx);
        Set<Long> allowed = filter.games(db.dsl());
        PatternSearch.WithPlies found = wantsNext(ctx) ? search.findWithPlies(pattern) : null;
        PatternSearch.Result r = (found == null ? search.find(pattern) : found.result()).only(allowed);
        boolean transforms = pattern.sym() || pattern.colours();
        QueryResult games = PatternHitRows.of(db, r.page(page, PAGE_SIZE), transforms);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("pattern", pattern.toString());
        body.put("variant", pattern.variant().tagName());
        if (!filter.isNone()) body.put("filter", filter.params());
        body.put("positions", r.positions());
        body.put("games", r.games());
        body.put("unindexed", r.unindexed());
        body.put("page", page);
        body.put("pageSize", PAGE_SIZE);
        List<Map<String, Object>> hits = new ArrayList<>();
        for (List<Object> row : games.rows()) {
            Map<String, Object> hit = new LinkedHashMap<>();
            hit.put("id", row.get(0));
            hit.put("ply", row.get(1));
            hit.put("positions", row.get(2));
            hit.put("white", row.get(3));
            hit.put("black", row.get(4));
            hit.put("result", row.get(5));
            hit.put("date", row.get(6));
            hit.put("event", row.get(7));
            hit.put("url", "/game/" + row.get(0) + "/" + row.get(1));
            if (transforms) hit.put("transform", row.get(8));
            hits.add(hit);
        }
        body.put("hits", hits);
        if (found != null) {
            List<Map<String, Object>> next = new ArrayList<>();
            for (PatternNextMoves.NextMove m : PatternNextMoves.of(db, found, allowed)) {
                Map<String, Object> move = new LinkedHashMap<>();
                move.put("move", m.move());
                move.put("from", m.from());
                move.put("to", m.to());
                move.put("takes", m.takes());
                move.put("played", m.played());
                move.put("games", m.games());
                move.put("wins", m.wins());
                move.put("draws", m.draws());
                move.put("losses", m.losses());
                move.put("score", m.score());
                next.add(move);
            }
            body.put("next", next);
        }
        Json.send(ctx, body);
    }

    /** The ids of the games a pattern matches, for the games list's {@code pattern} filter; a 400 for a bad one. */
    public List<Long> gameIds(String text) {
        List<Long> ids = new ArrayList<>();
        for (PatternSearch.Hit h : search.find(parse(text)).hits()) ids.add(h.gameId());
        return ids;
    }

    static Pattern parse(String text) {
        if (text.length() > 2000) throw new BadRequestResponse("the pattern is too long");
        try {
            return PatternText.parse(text);
        } catch (PatternException e) {
            throw new BadRequestResponse("pattern: " + e.getMessage());
        }
    }

    /** {@code next=1}: the moves played from the matching positions too. */
    private static boolean wantsNext(Context ctx) {
        String n = ctx.queryParam("next");
        if (n == null || n.equals("0")) return false;
        if (!n.equals("1")) throw new BadRequestResponse("next is 1 (what was played next) or 0, not '" + n + "'");
        return true;
    }

    private static int pageNumber(Context ctx) {
        String p = ctx.queryParam("page");
        if (p == null) return 1;
        if (!p.matches("[1-9][0-9]{0,6}")) throw new BadRequestResponse("page is a whole number from 1, not '" + p + "'");
        return Integer.parseInt(p);
    }
}
