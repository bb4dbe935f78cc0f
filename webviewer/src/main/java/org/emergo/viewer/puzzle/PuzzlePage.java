package org.emergo.viewer.puzzle;

import java.util.ArrayList;
import java.util.List;
import org.emergo.ratings.Rating;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.search.UniqueWin;
import org.emergo.store.puzzle.StoredPuzzle;
import org.emergo.viewer.board.BoardSvg;
import org.emergo.viewer.board.Overlay;
import org.emergo.viewer.http.Urls;

/**
 * A puzzle's page at one step: the board after the first {@code at} moves of the solution, and
 * either the moves to choose from (each a button of a form, no script needed), or, once solved
 * or failed, the solution and for a wrong move the line that refutes it.
 *
 * @param at         moves of the solution played so far (the next is the solver's to find)
 * @param wrong      the wrong move just tried, or null
 * @param refutation the line after the wrong move, the move first (empty without one)
 * @param solved     whether the whole solution was found
 * @param triedBefore whether the solver has an attempt at it: only the first is rated
 */
public record PuzzlePage(StoredPuzzle puzzle, PuzzleFilters filters, int at, String wrong, List<String> refutation,
        boolean solved, Rating solver, List<String> themes, String boardSvg, List<String> choices, String lastReply,
        boolean triedBefore, List<String> captures) {

    public static PuzzlePage of(StoredPuzzle p, PuzzleFilters filters, int at, String wrong, List<String> refutation,
            boolean solved, Rating solver, List<String> themes, boolean triedBefore) {
        return of(p, filters, at, wrong, refutation, solved, solver, themes, triedBefore, List.of());
    }

    /** @param captures the proof's line past the solution to its last capture, where the men are taken (empty for none) */
    public static PuzzlePage of(StoredPuzzle p, PuzzleFilters filters, int at, String wrong, List<String> refutation,
            boolean solved, Rating solver, List<String> themes, boolean triedBefore, List<String> captures) {
        Position q = positionAt(p, at);
        boolean flip = p.solver() == 'b';
        String last = at > 0 ? p.moves().get(at - 1) : null;
        Overlay overlay = last == null ? Overlay.NONE : new Overlay(Overlay.route(last), List.of(), List.of());
        List<String> choices = new ArrayList<>();
        if (wrong == null && !solved) for (Move m : MoveGen.legalMoves(q)) choices.add(m.toString());
        return new PuzzlePage(p, filters, at, wrong, refutation, solved, solver, themes, BoardSvg.draw(q, overlay, flip),
                choices, last, triedBefore, List.copyOf(captures));
    }

    /**
     * The exact proof's line past the solution, up to its last capture: a solution may end on a
     * quiet move whose men are taken only after it ("wins 7 men" and no capture shown). Empty
     * when the line has no capture past the solution, or the proof's line is not the solution's.
     */
    static List<String> capturesAfter(StoredPuzzle p) {
        Position start = positionAt(p, 0);
        Move first = legal(start, p.moves().get(0));
        List<Move> line = UniqueWin.lineAfter(start, new long[0], first, Math.max(p.horizon(), p.moves().size()),
                PuzzleHandlers.REFUTATION_NODES);
        List<String> out = new ArrayList<>();
        if (line.size() <= p.moves().size()) return out;
        for (int i = 0; i < p.moves().size(); i++) if (!line.get(i).toString().equals(p.moves().get(i))) return out;
        int last = -1;
        for (int i = p.moves().size(); i < line.size(); i++) if (line.get(i).isCapture()) last = i;
        for (int i = p.moves().size(); i <= last; i++) out.add(line.get(i).toString());
        return out;
    }

    /** The line after the wrong move, without the move itself: "b4 is answered by e5xe7 ...". */
    public List<String> answer() {
        return !refutation.isEmpty() && refutation.get(0).equals(wrong) ? refutation.subList(1, refutation.size()) : refutation;
    }

    /** A legal move's squares in order, as the board's script matches the squares clicked. */
    public static String route(String move) {
        return String.join(" ", Overlay.route(move));
    }

    /** The position after the first {@code at} moves of the solution. */
    static Position positionAt(StoredPuzzle p, int at) {
        Position q = PositionText.parse(p.epn(), p.variant());
        for (int i = 0; i < at; i++) q = q.play(legal(q, p.moves().get(i)));
        return q;
    }

    /** The legal move of {@code q} written {@code canonical}, or null. */
    static Move legal(Position q, String canonical) {
        for (Move m : MoveGen.legalMoves(q)) if (m.toString().equals(canonical)) return m;
        return null;
    }

    public String title() {
        return "Puzzle " + puzzle.id();
    }

    /** What the solver is to do, in words: {@code White to move wins 2 men}. */
    public String task() {
        String side = puzzle.solver() == 'w' ? "White" : "Black";
        String what = puzzle.winsGame() ? "the game" : puzzle.men() == 1 ? "a man" : puzzle.men() + " men";
        return side + " to move wins " + what + " by force";
    }

    public boolean failed() {
        return wrong != null;
    }

    public boolean open() {
        return wrong == null && !solved;
    }

    public String solution() {
        return String.join(" ", puzzle.moves());
    }

    public String moveUrl() {
        return "/puzzles/" + puzzle.id() + "/move";
    }

    public String againUrl() {
        return "/puzzles/" + puzzle.id() + filters.query("?");
    }

    public String nextUrl() {
        return "/puzzles" + filters.query("?");
    }

    public String gameUrl() {
        return "/game/" + puzzle.gameId() + "/" + puzzle.ply();
    }

    public String source() {
        String white = puzzle.white() == null ? "?" : puzzle.white();
        String black = puzzle.black() == null ? "?" : puzzle.black();
        return "game " + puzzle.gameId() + ", ply " + puzzle.ply() + ": " + white + " – " + black
                + (puzzle.event() == null || puzzle.event().isBlank() ? "" : ", " + puzzle.event());
    }

    public long solverRating() {
        return Math.round(solver.rating());
    }

    /** The puzzle's position on the analysis board, to try other moves. */
    public String analysisUrl() {
        return Urls.analysis(puzzle.epn(), puzzle.variant());
    }

    public String apiUrl() {
        return "/api/puzzles/" + puzzle.id();
    }
}
