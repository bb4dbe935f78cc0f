package org.emergo.viewer.puzzle;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.NotFoundResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.emergo.review.PlayedGame;
import org.emergo.review.Reviewer;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.search.Judgement;
import org.emergo.store.db.Database;
import org.emergo.store.game.PendingGame;
import org.emergo.store.puzzle.PlayerMistakes;
import org.emergo.store.review.ReviewJob;
import org.emergo.store.review.ReviewRepository;
import org.emergo.viewer.board.BoardSvg;
import org.emergo.viewer.board.Overlay;
import org.emergo.viewer.engine.Engine;
import org.emergo.viewer.http.Params;
import org.emergo.viewer.http.SameOrigin;
import org.emergo.viewer.http.Templates;
import org.emergo.viewer.http.Urls;

/**
 * A player's own mistakes to retry: {@code /player/{name}/mistakes} lists the moves of his
 * reviewed games that the judgement classed a mistake or a blunder, newest first, a page of
 * {@link #PAGE} at a time with how many there are; each opens
 * the position before it with every legal move a button. A move tried (a POST guarded as the
 * review button is) is judged by the review's search at its default setting: the engine's best
 * move, or any move the judgement classes as good, counts as solved.
 */
public final class MistakeHandlers {

    /** Mistakes listed a page. */
    static final int PAGE = 100;

    private final Database db;
    private final Templates templates;
    private final Engine engine;

    /** @param engine judges a move tried, one at a time per client as the analysis board's moves */
    public MistakeHandlers(Database db, Templates templates, Engine engine) {
        this.db = db;
        this.templates = templates;
        this.engine = engine;
    }

    /** The list page: page {@code page} (from 1) of the player's {@code total} mistakes. */
    public record ListPage(String player, List<PlayerMistakes.Mistake> mistakes, int total, int page) {
        public String retryUrl(PlayerMistakes.Mistake m) {
            return Urls.player(player) + "/mistakes/" + m.gameId() + "/" + m.ply();
        }

        public int first() {
            return (page - 1) * PAGE + 1;
        }

        public int last() {
            return (page - 1) * PAGE + mistakes.size();
        }

        public String pageUrl(int n) {
            return Urls.player(player) + "/mistakes" + (n == 1 ? "" : "?page=" + n);
        }

        public boolean hasNext() {
            return last() < total;
        }

        public String playerUrl() {
            return Urls.player(player);
        }
    }

    /** The retry page: the position, its moves as buttons, and what a move tried was. */
    public record RetryPage(String player, PlayerMistakes.Mistake mistake, String boardSvg, List<String> choices, String tried,
            String verdict, boolean solved, boolean showBest, String busy, PlayerMistakes.Mistake next) {
        public String actionUrl() {
            return Urls.player(player) + "/mistakes/" + mistake.gameId() + "/" + mistake.ply();
        }

        /** The same wrong move with the engine's best shown: asked for, not given at once. */
        public String showBestUrl() {
            return actionUrl() + "?tried=" + Urls.encode(tried) + "&show=1";
        }

        /** The next mistake of the list to retry, or null after the last. */
        public String nextUrl() {
            return next == null ? null : Urls.player(player) + "/mistakes/" + next.gameId() + "/" + next.ply();
        }

        /** "a mistake", "an inaccuracy". */
        public String verdictWords() {
            return verdict == null ? "" : verdict.startsWith("i") ? "an " + verdict : "a " + verdict;
        }

        public static String route(String move) {
            return String.join(" ", Overlay.route(move));
        }

        public String listUrl() {
            return Urls.player(player) + "/mistakes";
        }

        public String gameUrl() {
            return "/game/" + mistake.gameId() + "/" + mistake.ply();
        }
    }

    public void list(Context ctx) {
        String player = ctx.pathParam("name");
        String pageText = ctx.queryParam("page");
        int page = pageText == null ? 1 : Math.max(1, Params.number(pageText, "page"));
        PlayerMistakes mistakes = new PlayerMistakes(db.dsl());
        ctx.html(templates.render("puzzle/mistakes.jte", new ListPage(player, mistakes.page(player, (page - 1) * PAGE, PAGE),
                mistakes.count(player), page)));
    }

    public void retry(Context ctx) {
        String player = ctx.pathParam("name");
        PlayerMistakes.Mistake m = mistake(player, ctx);
        PlayedGame g = game(m.gameId());
        Position q = g.positions().get(m.ply());
        String tried = ctx.queryParam("tried");
        String verdict = null;
        String busy = null;
        boolean solved = false;
        List<String> choices = new ArrayList<>();
        if (tried == null) {
            for (Move x : MoveGen.legalMoves(q)) choices.add(x.toString());
        } else {
            Move x = PuzzlePage.legal(q, tried);
            if (x == null) throw new BadRequestResponse("'" + tried + "' is no legal move here");
            try {
                Judgement.MoveClass c = engine.run(ctx.ip(), () -> new Reviewer(ReviewJob.DEFAULT_LIMIT).classOf(g, m.ply(), x));
                solved = c == Judgement.MoveClass.GOOD;
                verdict = c.name().toLowerCase(Locale.ROOT);
            } catch (Engine.Busy e) {
                busy = e.getMessage();
            }
        }
        PlayerMistakes.Mistake next = solved ? new PlayerMistakes(db.dsl()).next(player, m.gameId(), m.ply()).orElse(null) : null;
        Overlay overlay = m.ply() == 0 ? Overlay.NONE
                : new Overlay(Overlay.route(g.moveFrom(m.ply() - 1).toString()), List.of(), List.of());
        ctx.html(templates.render("puzzle/mistake.jte", new RetryPage(player, m,
                BoardSvg.draw(q, overlay, q.sideToMove() == Side.BLACK), choices, tried, verdict, solved, "1".equals(ctx.queryParam("show")),
                busy, next)));
    }

    /** A move tried: the POST of the retry page's form, answered by the page with its judgement. */
    public void tryMove(Context ctx) {
        SameOrigin.require(ctx);
        String player = ctx.pathParam("name");
        PlayerMistakes.Mistake m = mistake(player, ctx);
        String move = ctx.formParam("move");
        if (move == null || !move.matches("[a-i0-9x-]{2,400}")) throw new BadRequestResponse("which move? (form field move)");
        ctx.redirect(Urls.player(player) + "/mistakes/" + m.gameId() + "/" + m.ply() + "?tried="
                + Urls.encode(move), HttpStatus.SEE_OTHER);
    }

    private PlayerMistakes.Mistake mistake(String player, Context ctx) {
        long game = Params.id(ctx.pathParam("game"));
        int ply = Params.number(ctx.pathParam("ply"), "ply");
        return new PlayerMistakes(db.dsl()).find(player, game, ply)
                .orElseThrow(() -> new NotFoundResponse("no mistake of " + player + " at ply " + ply + " of game " + game));
    }

    private PlayedGame game(long id) {
        PendingGame g = new ReviewRepository(db).game(id).orElseThrow(() -> new NotFoundResponse("no game " + id));
        return PlayedGame.replay(g.start(), g.moves());
    }
}
