package org.emergo.viewer.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.emergo.review.PlayedGame;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.store.analysis.GameReplay;
import org.emergo.viewer.board.BoardSvg;
import org.emergo.viewer.board.Overlay;

/**
 * The analysis board at one position: the main line's (a game's, or a position's alone) or one
 * reached by moves tried ({@link Lines}). Every legal move is a link to the position after it,
 * so that without script every position stays an address; the script lets one click the move
 * on the board and follows the same link. In a line tried, the engine's answer comes with it.
 *
 * @param position  the position on the board
 * @param epn       its position string
 * @param mainPly   the main line's ply the board is at or leaves from
 * @param lines     the moves tried, and where the board stands among them
 * @param moves     the legal moves, each with the address after it
 * @param answer    the engine's answer here; null when not asked (or not in time: see {@code busy})
 * @param busy      why the engine gave no answer, or null
 * @param label     the move that led here in words ("12... e4"), or null at the start
 */
public record AnalysisBoard(Position position, String epn, int mainPly, Lines lines, List<Choice> moves, Answer answer,
        String busy, String label, String lastMove, String backUrl, String forwardUrl, String mainLineUrl,
        Map<Integer, List<Lines.Token>> branches) {

    /** A legal move: its canonical text, its squares in order (the route clicked), and where it leads. */
    public record Choice(String move, String route, boolean capture, String href) {}

    /** A game's main line as the engine plays it: its moves up to the first the rules refuse. */
    public static PlayedGame mainLine(GameReplay game) {
        return PlayedGame.replay(PositionText.parse(game.positions().get(0), game.variant()),
                game.moves().stream().map(GameReplay.PlyMove::canonical).toList());
    }

    /** The legal move of {@code p} written {@code text} in canonical notation, or null. */
    public static Move legal(Position p, String text) {
        for (Move m : MoveGen.legalMoves(p)) if (m.toString().equals(text)) return m;
        return null;
    }

    /**
     * The board of a main line and the lines tried.
     *
     * @param base      the main line as the engine plays it (legal moves only)
     * @param mainMoves the main line's moves as shown (may run past base, where a move is not legal)
     * @param mainPly   the main line's ply in the address
     * @param url       the address of the board at a main-line ply with lines
     * @param engine    asked for its answer in a line tried; null not to ask
     * @param client    who asks
     * @param askAlways ask the engine on the main line too (a position alone has no review)
     */
    public static AnalysisBoard of(PlayedGame base, List<String> mainMoves, int mainPly, Lines lines,
            BiFunction<Integer, Lines, String> url, Engine engine, String client, boolean askAlways) {
        int branch = lines.branchPly(mainPly);
        if (lines.inLine() && branch > base.lastPly()) {
            throw new io.javalin.http.BadRequestResponse("moves can be tried up to ply " + base.lastPly() + " only");
        }
        PlayedGame game = lines.inLine() ? Engine.extend(base, branch, lines.played()) : null;
        if (lines.inLine() && game == null) {
            throw new io.javalin.http.BadRequestResponse("a move tried is not legal there: " + String.join(" ", lines.played()));
        }
        Position here = game != null ? game.positions().get(game.lastPly())
                : mainPly <= base.lastPly() ? base.positions().get(mainPly) : null;
        boolean whiteStarts = base.positions().get(0).sideToMove() == Side.WHITE;
        List<Choice> choices = new ArrayList<>();
        if (here != null) {
            String mainMove = !lines.inLine() && mainPly < mainMoves.size() ? mainMoves.get(mainPly) : null;
            for (Move m : MoveGen.legalMoves(here)) {
                Lines next = lines.play(mainPly, mainMove, m.toString());
                String href = next == null
                        ? (m.toString().equals(mainMove) ? url.apply(mainPly + 1, lines) : null)
                        : url.apply(branch, next);
                if (href == null) continue; // the address would hold too many moves
                List<String> squares = new ArrayList<>();
                for (int i = 0; i < m.length(); i++) squares.add(here.board().name(m.square(i)));
                choices.add(new Choice(m.toString(), String.join(" ", squares), m.isCapture(), href));
            }
        }
        Answer answer = null;
        String busy = null;
        if (engine != null && here != null && (game != null || askAlways)) {
            PlayedGame asked = game != null ? game : new PlayedGame(base.positions().subList(0, mainPly + 1),
                    base.moves().subList(0, mainPly), -1);
            try {
                answer = engine.answer(client, asked, game != null);
            } catch (Engine.Busy e) {
                busy = e.getMessage();
            }
        }
        String label = null;
        String last = null;
        if (lines.inLine()) {
            List<String> played = lines.played();
            last = played.get(played.size() - 1);
            label = Lines.label(branch + played.size() - 1, last, true, whiteStarts);
        }
        String back = lines.inLine() ? url.apply(branch, lines.back()) : mainPly > 0 ? url.apply(mainPly - 1, lines) : null;
        Lines fwd = lines.forward();
        String forward = fwd != null ? url.apply(branch, fwd)
                : !lines.inLine() && mainPly < mainMoves.size() ? url.apply(mainPly + 1, lines) : null;
        Map<Integer, List<Lines.Token>> branches = new LinkedHashMap<>();
        for (int p : lines.branchPlies()) branches.put(p, lines.tokens(p, whiteStarts, (i, d) -> url.apply(p, new Lines(lines.lines(), i, d))));
        return new AnalysisBoard(here, here == null ? null : PositionText.format(here), mainPly, lines, choices, answer, busy,
                label, last, back, forward, url.apply(branch, lines.onMainLine()), branches);
    }

    /** The board drawn with the move that led here and the engine's best move. */
    public String svg(Position mainPosition, boolean flipped, Overlay mainOverlay) {
        if (!lines.inLine()) return BoardSvg.draw(mainPosition, mainOverlay, flipped);
        List<String> best = answer == null ? List.of() : Overlay.route(answer.bestMove());
        return BoardSvg.draw(position, new Overlay(Overlay.route(lastMove), List.of(), List.of(), best), flipped);
    }

    public boolean inLine() {
        return lines.inLine();
    }

    public String sideToMove() {
        return position.sideToMove() == Side.WHITE ? "White" : "Black";
    }

    /** The lines tried that leave the main line at {@code ply}, as the move list shows them; empty for none. */
    public List<Lines.Token> branchAt(int ply) {
        return branches.getOrDefault(ply, List.of());
    }
}
