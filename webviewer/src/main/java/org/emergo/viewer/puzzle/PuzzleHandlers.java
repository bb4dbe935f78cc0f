package org.emergo.viewer.puzzle;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.NotFoundResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.emergo.puzzle.PuzzleMiner;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.search.UniqueWin;
import org.emergo.store.db.Database;
import org.emergo.store.puzzle.PuzzleBook;
import org.emergo.store.puzzle.StoredPuzzle;
import org.emergo.viewer.http.Params;
import org.emergo.viewer.http.SameOrigin;
import org.emergo.viewer.http.Templates;
import org.emergo.viewer.http.Urls;

/**
 * The puzzles: {@code /puzzles} sends the browser to the next puzzle that matches the filters,
 * {@code /puzzles/{id}} shows one at a step, and a move tried is a POST to
 * {@code /puzzles/{id}/move}, the viewer's second write, guarded as the review button is
 * ({@link SameOrigin#require}): a right move plays the reply and asks for the next,
 * the last right move or a wrong one stores the attempt and rates the puzzle and the solver, the
 * first attempt only.
 */
public final class PuzzleHandlers {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How far the refutation of a wrong move is searched: as far as the puzzle's proof. */
    static final long REFUTATION_NODES = 200_000;

    private final Database db;
    private final Templates templates;

    public PuzzleHandlers(Database db, Templates templates) {
        this.db = db;
        this.templates = templates;
    }

    public void next(Context ctx) {
        PuzzleFilters filters = PuzzleFilters.parse(ctx::queryParam);
        PuzzleBook book = new PuzzleBook(db);
        var next = book.next(filters.filter());
        if (next.isEmpty()) {
            ctx.status(HttpStatus.OK);
            ctx.html(templates.render("puzzle/puzzles_none.jte", new NoPuzzlePage(filters, book.themes(), book.count(PuzzleBook.Filter.ANY))));
            return;
        }
        ctx.redirect("/puzzles/" + next.get().id() + filters.query("?"), HttpStatus.SEE_OTHER);
    }

    /** The page of no puzzle: the filters, and how many the set holds. */
    public record NoPuzzlePage(PuzzleFilters filters, List<String> themes, int total) {}

    public void puzzle(Context ctx) {
        PuzzleFilters filters = PuzzleFilters.parse(ctx::queryParam);
        PuzzleBook book = new PuzzleBook(db);
        StoredPuzzle p = find(book, ctx.pathParam("id"));
        int at = step(p, ctx.queryParam("at"));
        String wrong = ctx.queryParam("wrong");
        boolean solved = "1".equals(ctx.queryParam("solved"));
        List<String> refutation = new ArrayList<>();
        if (wrong != null) {
            Position q = PuzzlePage.positionAt(p, at);
            Move m = PuzzlePage.legal(q, wrong);
            if (m == null) throw new BadRequestResponse("'" + wrong + "' is no legal move here");
            int plies = Math.max(2, p.horizon() - at);
            for (Move x : UniqueWin.lineAfter(q, new long[0], m, plies, REFUTATION_NODES)) refutation.add(x.toString());
        }
        List<String> captures = wrong != null || solved ? PuzzlePage.capturesAfter(p) : List.of();
        PuzzlePage page = PuzzlePage.of(p, filters, at, wrong, refutation, solved, book.solverRating(), book.themes(),
                book.triedBefore(p.id()), captures);
        ctx.html(templates.render("puzzle/puzzle.jte", page));
    }

    /** A move tried at a step: the POST of the page's form. */
    public void move(Context ctx) {
        SameOrigin.require(ctx);
        PuzzleFilters filters = PuzzleFilters.parse(ctx::formParam);
        PuzzleBook book = new PuzzleBook(db);
        StoredPuzzle p = find(book, ctx.pathParam("id"));
        int at = step(p, ctx.formParam("at"));
        String move = ctx.formParam("move");
        if (move == null || PuzzlePage.legal(PuzzlePage.positionAt(p, at), move) == null) {
            throw new BadRequestResponse("'" + move + "' is no legal move here");
        }
        String base = "/puzzles/" + p.id();
        String query = filters.query("&");
        if (!move.equals(p.moves().get(at))) {
            book.attempt(p.id(), false, move);
            ctx.redirect(base + "?at=" + at + "&wrong=" + Urls.encode(move) + query, HttpStatus.SEE_OTHER);
            return;
        }
        // The replies and the solver's forced moves are played for him, up to the next move he is asked for.
        int next = at + 1;
        while (next < p.moves().size() && !p.asked(next)) next++;
        if (next >= p.moves().size()) {
            book.attempt(p.id(), true, null);
            ctx.redirect(base + "?at=" + p.moves().size() + "&solved=1" + query, HttpStatus.SEE_OTHER);
        } else {
            ctx.redirect(base + "?at=" + next + query, HttpStatus.SEE_OTHER);
        }
    }

    /** {@code /api/puzzles}: the set's puzzles that match the filters, 100 a page. */
    public void api(Context ctx) {
        PuzzleFilters filters = PuzzleFilters.parse(ctx::queryParam);
        String pageText = ctx.queryParam("page");
        int page = pageText == null ? 1 : Math.max(1, Params.number(pageText, "page"));
        PuzzleBook book = new PuzzleBook(db);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (StoredPuzzle p : book.list(filters.filter(), (page - 1) * 100, 100)) rows.add(json(p));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("total", book.count(filters.filter()));
        body.put("page", page);
        body.put("pageSize", 100);
        body.put("puzzles", rows);
        write(ctx, body);
    }

    /** {@code /api/puzzles/{id}}. */
    public void apiOne(Context ctx) {
        write(ctx, json(find(new PuzzleBook(db), ctx.pathParam("id"))));
    }

    private static Map<String, Object> json(StoredPuzzle p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", p.id());
        m.put("variant", p.variant().tagName());
        m.put("epn", p.epn());
        m.put("solver", String.valueOf(p.solver()));
        m.put("moves", p.moves());
        m.put("roles", p.roles());
        m.put("men", p.men());
        m.put("winsGame", p.winsGame());
        m.put("proofFrom", p.proofFrom());
        m.put("horizon", p.horizon());
        m.put("themes", p.themes());
        m.put("difficulty", Math.round(p.difficulty() * 10) / 10.0);
        m.put("rating", p.shownRating());
        m.put("ratingDeviation", Math.round(p.ratingDeviation()));
        m.put("attempts", p.attempts());
        m.put("solved", p.solved());
        m.put("played", p.played());
        m.put("game", p.gameId());
        m.put("ply", p.ply());
        m.put("url", "/puzzles/" + p.id());
        m.put("gameUrl", "/game/" + p.gameId() + "/" + p.ply());
        return m;
    }

    private static void write(Context ctx, Object body) {
        try {
            ctx.contentType("application/json").result(JSON.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static StoredPuzzle find(PuzzleBook book, String id) {
        return book.find(id).orElseThrow(() -> new NotFoundResponse("no puzzle " + id + " (an id is game-ply, such as 12-34)"));
    }

    /** The step of parameter {@code at}: 0 without it; only a step where the solver is asked, or the end. */
    private static int step(StoredPuzzle p, String text) {
        if (text == null) return 0;
        int at = Params.number(text, "step");
        if (at > p.moves().size() || at < p.moves().size() && !p.asked(at)) {
            throw new BadRequestResponse("step " + at + " of puzzle " + p.id() + " is not one the solver plays");
        }
        return at;
    }

    static String difficultyWords(double bits) {
        return String.format(Locale.ROOT, "%.1f bits (start rating %d)", bits, Math.round(PuzzleMiner.startRating(bits)));
    }
}
