package org.emergo.viewer.game;

import java.util.ArrayList;
import java.util.List;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.store.analysis.GameReplay;
import org.emergo.store.review.ReviewJob;
import org.emergo.store.review.StoredReview;
import org.emergo.viewer.board.BoardSvg;
import org.emergo.viewer.board.Overlay;
import org.emergo.viewer.engine.AnalysisBoard;
import org.emergo.viewer.engine.Lines;
import org.emergo.viewer.http.Urls;

/**
 * What the game page shows at one ply: the board with its overlay, the move list with the
 * current move, the findings, the links that step through the game, and the engine's review
 * (null when the game has none).
 */
public record GamePage(
        GameReplay game,
        int ply,
        boolean flipped,
        String epn,
        String sideToMove,
        String boardSvg,
        List<MoveRow> moveRows,
        List<GameReplay.FindingRow> findingsHere,
        List<GameReplay.FindingRow> dueHere,
        List<Overlay.Mark> shadowMarks,
        String lastMove,
        ReviewPanel review,
        GameRatings ratings,
        String downloadUrl,
        AnalysisBoard analysis) {

    /** One line of the move list: a move number with White's and Black's ply (either may be missing). */
    public record MoveRow(int number, MoveCell white, MoveCell black) {}

    /** A ply in the move list, with the class the review gave the move (null: not reviewed). */
    public record MoveCell(int ply, String canonical, String written, boolean writtenDiffers, boolean current,
            List<String> findingCodes, String moveClass) {
        public boolean hasFinding() {
            return !findingCodes.isEmpty();
        }

        /** ?!, ? or ?? after an inaccuracy, a mistake or a blunder; null otherwise. */
        public String annotation() {
            return ReviewPanel.annotation(moveClass);
        }
    }

    public static GamePage of(GameReplay game, int ply, boolean flipped) {
        return of(game, ply, flipped, null, null, null);
    }

    /**
     * The page at a ply with the game's review, if it has one, and both players' ratings when
     * the game began (null: not rated).
     */
    public static GamePage of(GameReplay game, int ply, boolean flipped, StoredReview review, GameRatings ratings,
            AnalysisBoard analysis) {
        Lines lines = analysis == null ? Lines.NONE : analysis.lines();
        Position position = PositionText.parse(game.positions().get(ply), game.variant());
        String last = ply == 0 ? null : game.moves().get(ply - 1).canonical();
        List<GameReplay.FindingRow> here = game.findings().stream().filter(f -> f.ply() == ply).toList();
        // a capture that was due here and the next move did not play
        List<GameReplay.FindingRow> due = game.findings().stream()
                .filter(f -> f.ply() == ply + 1 && f.expected() != null && !f.expected().isBlank())
                .toList();
        List<Overlay.Mark> marks = ShadowMarks.at(game, ply);
        ReviewPanel panel = review == null ? null
                : ReviewPanel.of(review, game.variant(), ply, p -> p <= game.lastPly() ? moveLabel(game, p) : "ply " + p,
                        p -> url(game.id(), p, lines.onMainLine(), flipped));
        List<String> best = panel == null || panel.here() == null ? List.of() : Overlay.route(panel.here().bestMove());
        Overlay overlay = new Overlay(Overlay.route(last), due.isEmpty() ? List.of() : Overlay.route(due.get(0).expected()),
                marks, best);
        boolean inLine = analysis != null && analysis.inLine();
        String svg = analysis != null ? analysis.svg(position, flipped, overlay) : BoardSvg.draw(position, overlay, flipped);
        return new GamePage(game, ply, flipped, inLine ? analysis.epn() : game.positions().get(ply),
                inLine ? analysis.sideToMove() : position.sideToMove() == Side.WHITE ? "White" : "Black", svg,
                rows(game, inLine ? -1 : ply, review), here, due, marks, last, panel, ratings, null, analysis);
    }

    /** The page with a link that downloads the game's record (with its review), at this address. */
    public GamePage withDownload(String url) {
        return new GamePage(game, ply, flipped, epn, sideToMove, boardSvg, moveRows, findingsHere, dueHere, shadowMarks,
                lastMove, review, ratings, url, analysis);
    }

    private static List<MoveRow> rows(GameReplay game, int current, StoredReview review) {
        List<MoveRow> rows = new ArrayList<>();
        boolean whiteStarts = game.positions().get(0).startsWith("w");
        int number = 1;
        MoveCell white = null;
        for (GameReplay.PlyMove m : game.moves()) {
            boolean byWhite = (m.ply() % 2 == 1) == whiteStarts;
            List<String> codes = game.findings().stream().filter(f -> f.ply() == m.ply()).map(GameReplay.FindingRow::code).toList();
            String moveClass = review != null && m.ply() - 1 < review.positions().size()
                    ? ReviewPanel.code(review.positions().get(m.ply() - 1).moveClass()) : null;
            MoveCell cell = new MoveCell(m.ply(), m.canonical(), m.written(), m.writtenDiffers(), m.ply() == current, codes,
                    moveClass);
            if (byWhite) {
                if (white != null) rows.add(new MoveRow(number++, white, null));
                white = cell;
            } else {
                rows.add(new MoveRow(number++, white, cell));
                white = null;
            }
        }
        if (white != null) rows.add(new MoveRow(number, white, null));
        return rows;
    }

    public int lastPly() {
        return game.lastPly();
    }

    /** The main line at ply {@code p}, the lines tried kept. */
    public String plyUrl(int p) {
        return url(game.id(), p, lines().onMainLine(), flipped);
    }

    /** The game page's address at a ply of the main line with lines tried. */
    public static String url(long id, int ply, Lines lines, boolean flipped) {
        String q = lines.query();
        if (flipped) q = q.isEmpty() ? "flip=1" : q + "&flip=1";
        return "/game/" + id + "/" + ply + (q.isEmpty() ? "" : "?" + q);
    }

    /** The moves tried on this page, none without. */
    public Lines lines() {
        return analysis == null ? Lines.NONE : analysis.lines();
    }

    /** Whether the board stands in a line tried rather than on the game's moves. */
    public boolean inLine() {
        return analysis != null && analysis.inLine();
    }

    /** The heading over the board: the move that led here, the game's or one tried. */
    public String boardLabel() {
        return inLine() ? analysis.label() + " (tried)" : moveLabel(ply);
    }

    /** The moves of the main line from the start as plain text, for the copy button: "1. d4 f6 2. e3 ...". */
    public String movesText() {
        StringBuilder sb = new StringBuilder();
        boolean whiteStarts = game.positions().get(0).startsWith("w");
        for (GameReplay.PlyMove m : game.moves()) {
            int index = whiteStarts ? m.ply() - 1 : m.ply();
            if (sb.length() > 0) sb.append(' ');
            if (index % 2 == 0) sb.append(index / 2 + 1).append(". ");
            else if (m.ply() == 1) sb.append(index / 2 + 1).append("... ");
            sb.append(m.canonical());
        }
        return sb.toString();
    }

    /** Where the review button posts to. */
    public String reviewUrl() {
        return "/game/" + game.id() + "/review";
    }

    /** How deep the review button has the engine search: the default setting of {@code emergo review}. */
    public int reviewDepth() {
        return ReviewJob.DEFAULT_DEPTH;
    }

    public String flipUrl() {
        return url(game.id(), ply, lines(), !flipped);
    }

    public String positionUrl() {
        return Urls.position(epn, game.variant());
    }

    public String playerUrl(String name) {
        return "/player/" + Urls.segment(name);
    }

    /** The move number and side of a ply, as a player reads it: "12." or "12...". */
    public String moveLabel(int p) {
        return moveLabel(game, p);
    }

    private static String moveLabel(GameReplay game, int p) {
        if (p == 0) return "Start";
        boolean whiteStarts = game.positions().get(0).startsWith("w");
        int index = whiteStarts ? p - 1 : p;
        return (index / 2 + 1) + (index % 2 == 0 ? ". " : "... ") + game.moves().get(p - 1).canonical();
    }

    public boolean resultsDisagree() {
        return game.resultByRule() != null && !"*".equals(game.resultByRule()) && !game.resultByRule().equals(game.result());
    }
}
