package org.emergo.viewer.game;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.emergo.review.ReviewText;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.Judgement;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.WinCurve;
import org.emergo.store.review.StoredReview;
import org.emergo.viewer.chart.ReviewGraph;

/**
 * What the game page shows of the engine's review at one ply: the evaluation graph, the score,
 * best move and expected line of the position, the judgement of the move that led to it, the
 * plies of the previous and next mistake, and each side's figures.
 *
 * @param review       the review as stored
 * @param ply          the ply shown
 * @param here         the position shown as reviewed, null beyond the moves reviewed
 * @param graphSvg     the evaluation graph, drawn here (every text in it escaped)
 * @param judged       the move that led to the position shown, null at the start or when not judged
 * @param previousMistake the ply after the previous mistake or blunder before this ply, or -1
 * @param nextMistake  the ply after the next mistake or blunder after this ply, or -1
 */
public record ReviewPanel(
        StoredReview review,
        int ply,
        StoredReview.Ply here,
        String graphSvg,
        JudgedMove judged,
        int previousMistake,
        int nextMistake) {

    /**
     * A move as judged: who played it, its label ("12... e4-e5"), its class and the best move
     * it was judged against.
     */
    public record JudgedMove(String side, String label, StoredReview.Ply from) {

        /** The class's code, which the page's style colours: good, inaccuracy, mistake, blunder. */
        public String moveClass() {
            return code(from.moveClass());
        }

        public boolean marked() {
            return ReviewText.glyph(from.moveClass()) != null;
        }

        /** The judgement in sentences. */
        public String judgement() {
            return ReviewText.judgement(from);
        }
    }

    /** The sign a class of move gets after it in the move list: ?!, ? and ??; null for none. */
    public static String annotation(String moveClass) {
        return ReviewText.glyph(MoveClass.of(moveClass));
    }

    /** A class's code (null for none), as the pages write it in their styles. */
    static String code(MoveClass c) {
        return c == null ? null : c.code();
    }

    /** The moves counted as mistakes by the keys and the links to the next and previous one. */
    static boolean isMistake(MoveClass c) {
        return c == MoveClass.MISTAKE || c == MoveClass.BLUNDER;
    }

    /**
     * The review at a ply; {@code label} names the move that led to a ply ("12... e4-e5"),
     * {@code url} is the address of a ply.
     */
    public static ReviewPanel of(StoredReview review, int ply, IntFunction<String> label, IntFunction<String> url) {
        return of(review, WinCurve.parse(review.curve()), ply, label, url);
    }

    /**
     * As {@link #of(StoredReview, int, IntFunction, IntFunction)}, the graph drawn with the curve
     * that classes the board's moves ({@link Judgement#curve}), so that its drops are the classes'.
     */
    public static ReviewPanel of(StoredReview review, Variant variant, int ply, IntFunction<String> label, IntFunction<String> url) {
        return of(review, Judgement.curve(variant), ply, label, url);
    }

    private static ReviewPanel of(StoredReview review, WinCurve curve, int ply, IntFunction<String> label, IntFunction<String> url) {
        List<StoredReview.Ply> positions = review.positions();
        List<ReviewGraph.Point> points = new ArrayList<>(positions.size());
        for (int i = 0; i < positions.size(); i++) {
            StoredReview.Ply p = positions.get(i);
            StoredReview.Ply before = i == 0 ? null : positions.get(i - 1);
            String moveClass = before == null ? null : code(before.moveClass());
            String title = label.apply(p.ply()) + (annotation(moveClass) == null ? "" : annotation(moveClass)) + ": "
                    + ReviewText.score(p.scoreWhite()) + (annotation(moveClass) == null ? "" : ", " + moveClass);
            points.add(new ReviewGraph.Point(p.ply(), whiteChance(p, curve), title, annotation(moveClass) == null ? null : moveClass));
        }
        StoredReview.Ply here = ply < positions.size() ? positions.get(ply) : null;
        JudgedMove judged = null;
        if (ply >= 1 && ply - 1 < positions.size() && positions.get(ply - 1).played() != null) {
            StoredReview.Ply from = positions.get(ply - 1);
            judged = new JudgedMove(from.player() == Side.WHITE ? "White" : "Black", label.apply(ply), from);
        }
        int previous = -1;
        int next = -1;
        for (int p = 1; p < positions.size(); p++) {
            if (!isMistake(positions.get(p - 1).moveClass())) continue;
            if (p < ply) previous = p;
            if (p > ply && next < 0) next = p;
        }
        return new ReviewPanel(review, ply, here, ReviewGraph.draw(points, ply, url), judged, previous, next);
    }

    /**
     * White's winning chances at a reviewed position by a curve, whoever is to move there
     * ({@link Judgement#whiteChance}): no credit for having the move, so the graph does not saw
     * with the turn.
     */
    static double whiteChance(StoredReview.Ply p, WinCurve curve) {
        return Judgement.whiteChance(curve, p.scoreWhite());
    }

    /** The expected line as text, moves separated by spaces. */
    public String line() {
        return here == null ? "" : String.join(" ", here.line());
    }

    /** The score in men for White ("+1.25 men"), or who wins in how many plies. */
    public String score() {
        if (here == null) return "";
        String text = ReviewText.score(here.scoreWhite());
        return text.startsWith("+") || text.startsWith("-") ? text + " (White's view, in men)" : text;
    }

    /** Whether the review stopped before the end of the game (a move the rules refused). */
    public boolean stopped() {
        return review.stoppedAtPly() != null;
    }
}
