package org.emergo.viewer.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.search.WinCurve;
import org.emergo.store.Database;
import org.emergo.store.StoredReview;

/**
 * A game's review as the API gives it ({@code review} in {@code /api/games/{id}}): the setting,
 * each side's figures, per position the score, best move and expected line, per move its loss
 * and class. Null values stay in, so every key is always there.
 */
final class ReviewJson {

    private ReviewJson() {}

    /** The game's latest review as JSON, or null when it has none. */
    static Map<String, Object> latest(Database db, long gameId) {
        StoredReview r = ReviewHandlers.latest(db, gameId);
        return r == null ? null : of(r);
    }

    static Map<String, Object> of(StoredReview r) {
        WinCurve curve = WinCurve.parse(r.curve());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("setting", r.setting());
        body.put("engineVersion", r.engineVersion());
        body.put("curve", r.curve());
        body.put("curveSource", r.curveSource());
        body.put("reviewedAt", r.reviewedAt() == null ? null : r.reviewedAt().toString());
        body.put("movesJudged", r.moves());
        body.put("stoppedAtPly", r.stoppedAtPly());
        body.put("white", side(r.white()));
        body.put("black", side(r.black()));
        List<Map<String, Object>> positions = new ArrayList<>();
        List<Map<String, Object>> moves = new ArrayList<>();
        for (StoredReview.Ply p : r.positions()) {
            Map<String, Object> position = new LinkedHashMap<>();
            position.put("ply", p.ply());
            position.put("toMove", p.player());
            position.put("score", p.scoreWhite());
            position.put("scoreText", p.scoreText());
            position.put("whiteWinChance", ReviewPanel.whiteChance(p, curve));
            position.put("bestMove", p.bestMove());
            position.put("line", p.line());
            position.put("depth", p.depth());
            position.put("nodes", p.nodes());
            positions.add(position);
            if (p.played() == null) continue;
            Map<String, Object> move = new LinkedHashMap<>();
            move.put("ply", p.ply() + 1);
            move.put("player", p.player());
            move.put("played", p.played());
            move.put("best", p.bestMove());
            move.put("loss", p.loss());
            move.put("chancesLost", p.chancesLost());
            move.put("class", p.moveClass());
            move.put("annotation", ReviewPanel.annotation(p.moveClass()));
            if (p.forcedMen() == null) {
                move.put("forcedLoss", null);
            } else {
                Map<String, Object> forced = new LinkedHashMap<>();
                forced.put("men", p.forcedMen());
                forced.put("plies", p.forcedPlies());
                forced.put("line", p.forcedLine());
                move.put("forcedLoss", forced);
            }
            moves.add(move);
        }
        body.put("positions", positions);
        body.put("moves", moves);
        return body;
    }

    private static Map<String, Object> side(StoredReview.SideFigures f) {
        Map<String, Object> side = new LinkedHashMap<>();
        side.put("accuracy", f.accuracy());
        side.put("inaccuracies", f.inaccuracies());
        side.put("mistakes", f.mistakes());
        side.put("blunders", f.blunders());
        side.put("forcedLosses", f.forcedLosses());
        return side;
    }
}
