package org.emergo.viewer.analysis;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.NotFoundResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.review.PlayedGame;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.store.analysis.GameLoader;
import org.emergo.store.db.Database;
import org.emergo.viewer.engine.AnalysisBoard;
import org.emergo.viewer.engine.Answer;
import org.emergo.viewer.engine.Engine;
import org.emergo.viewer.engine.Lines;
import org.emergo.viewer.http.Json;
import org.emergo.viewer.http.Params;
import org.emergo.viewer.http.Templates;
import org.emergo.viewer.http.Urls;

/** The analysis board of a position string, and the engine's answer as JSON ({@code /api/analyse}). */
public final class AnalysisHandlers {

    private final Database db;
    private final Templates templates;
    private final Engine engine;

    public AnalysisHandlers(Database db, Templates templates, Engine engine) {
        this.db = db;
        this.templates = templates;
        this.engine = engine;
    }

    /** {@code /analysis?epn=...}: a position alone on the analysis board, with the lines tried from it. */
    public void page(Context ctx) {
        Position start = Params.position(ctx);
        boolean flipped = "1".equals(ctx.queryParam("flip"));
        Lines lines = Lines.parse(ctx.queryParams("v"), ctx.queryParam("at"));
        String base = "/analysis?epn=" + Urls.encode(start.toString())
                + (start.variant() == org.emergo.rules.Variant.HEXEMERGO ? "&variant=HexEmergo" : "");
        PlayedGame alone = new PlayedGame(List.of(start), List.of(), -1);
        AnalysisBoard board = AnalysisBoard.of(alone, List.of(), 0, lines, (p, l) -> url(base, l, flipped), engine, ctx.ip(), true);
        ctx.html(templates.render("analysis/analysis.jte", new AnalysisPage(start, board, flipped, url(base, lines, !flipped),
                url(base, Lines.NONE, flipped))));
    }

    private static String url(String base, Lines lines, boolean flipped) {
        String q = lines.query();
        return base + (q.isEmpty() ? "" : "&" + q) + (flipped ? "&flip=1" : "");
    }

    /**
     * {@code /api/analyse}: the legal moves, the score, the best line and the judgement of the
     * last move tried, of a game at a ply ({@code game}, {@code ply}) or a position string
     * ({@code epn}, {@code variant}), after {@code moves} (docs/api.md#analyse).
     */
    public void api(Context ctx) {
        List<String> moves = new ArrayList<>();
        String text = ctx.queryParam("moves");
        if (text != null && !text.isBlank()) {
            for (String m : text.split("[ ,]+")) if (!m.isEmpty()) moves.add(m);
        }
        if (moves.size() > Lines.MAX_MOVES) throw new BadRequestResponse("at most " + Lines.MAX_MOVES + " moves");
        PlayedGame base;
        int ply;
        Map<String, Object> body = new LinkedHashMap<>();
        String gameId = ctx.queryParam("game");
        if (gameId != null) {
            long id = Params.id(gameId);
            var game = new GameLoader(db.dsl()).load(id).orElseThrow(() -> new NotFoundResponse("no game " + id));
            base = AnalysisBoard.mainLine(game);
            String plyText = ctx.queryParam("ply");
            ply = plyText == null ? 0 : Params.number(plyText, "ply");
            if (ply > base.lastPly()) throw new BadRequestResponse("game " + id + " can be analysed up to ply " + base.lastPly());
            body.put("game", id);
            body.put("ply", ply);
        } else {
            Position start = Params.position(ctx);
            base = new PlayedGame(List.of(start), List.of(), -1);
            ply = 0;
        }
        // moves as the API takes them: canonical, or any spelling the notation reads that names one legal move
        List<String> canonical = new ArrayList<>();
        Position p = base.positions().get(ply);
        for (String m : moves) {
            Move move = resolve(p, m);
            canonical.add(move.toString());
            p = p.play(move);
        }
        PlayedGame game = Engine.extend(base, ply, canonical);
        Position here = game.positions().get(game.lastPly());
        body.put("start", PositionText.format(base.positions().get(ply)));
        body.put("moves", canonical);
        body.put("epn", PositionText.format(here));
        body.put("variant", here.variant().tagName());
        body.put("sideToMove", here.sideToMove() == org.emergo.rules.Side.WHITE ? "White" : "Black");
        body.put("legalMoves", MoveGen.legalMoves(here).stream().map(Move::toString).toList());
        Answer a;
        try {
            a = engine.answer(ctx.ip(), game, !canonical.isEmpty());
        } catch (Engine.Busy e) {
            throw new HttpResponseException(429, e.getMessage());
        }
        body.putAll(a.json());
        body.put("limit", Engine.LIMIT.toString());
        Json.send(ctx, body);
    }

    private static Move resolve(Position p, String text) {
        Move exact = AnalysisBoard.legal(p, text);
        if (exact != null) return exact;
        try {
            var r = org.emergo.rules.MoveMatcher.resolve(p, org.emergo.rules.Notation.parse(text));
            if (r instanceof org.emergo.rules.Resolution.Resolved res) {
                Move legal = AnalysisBoard.legal(p, res.move().toString());
                if (legal != null) return legal;
            }
        } catch (RuntimeException e) {
            // not a move at all: said below
        }
        throw new BadRequestResponse("not a legal move in " + p + ": " + text);
    }
}
