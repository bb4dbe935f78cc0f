package org.emergo.viewer.engine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.review.MoveJudgements;
import org.emergo.review.PlyReview;
import org.emergo.review.ReviewText;
import org.emergo.review.TriedMove;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Side;
import org.emergo.search.SearchResult;

/**
 * What the engine says on the analysis board: the position's score and the line it expects,
 * and, for a move tried, the review's judgement of it in the review's words ({@link ReviewText}).
 *
 * @param scoreWhite the score from White's view, in hundredths of a man
 * @param score      the score in words ("+1.25", "White wins in 7 plies")
 * @param bestMove   the move the search would play; null where the game is over
 * @param line       the line it expects, from bestMove
 * @param tried      the judgement of the move that led here; null for none
 */
public record Answer(int scoreWhite, String score, String bestMove, List<String> line, int depth, Tried tried) {

    /**
     * The review's judgement of a move tried.
     *
     * @param moveClass  good, inaccuracy, mistake or blunder (the review's codes)
     * @param glyph      ?!, ? or ??; null for none
     * @param verdict    "loses 2 men by force within 4 plies" and the like, null without a proof of it
     * @param forcedLine the forcing line from the move, empty without a verdict
     * @param judgement  the review's sentences on it, as the game page words a move played
     * @param comment    what an annotated export writes after it ({@code [%eval ...]} and the words)
     */
    public record Tried(String move, String side, String moveClass, String glyph, int loss, double chancesLost,
            String verdict, List<String> forcedLine, String judgement, String comment) {

        public String classWords() {
            return ReviewText.inWords(org.emergo.search.Judgement.MoveClass.of(moveClass));
        }
    }

    static Answer of(Position here, SearchResult r) {
        int white = MoveJudgements.forSide(r.score(), here.sideToMove());
        return new Answer(white, ReviewText.score(white), r.bestMove() == null ? null : r.bestMove().toString(),
                r.line().stream().map(Move::toString).toList(), r.depth(), null);
    }

    static Answer of(Position here, PlyReview after, PlyReview move) {
        ReviewText.Judged words = TriedMove.judged(move);
        Tried tried = new Tried(words.played(), move.toMove() == Side.WHITE ? "White" : "Black", move.moveClass().code(),
                ReviewText.glyph(move.moveClass()), move.loss(), move.chancesLost(), ReviewText.verdict(words),
                words.forcedLine(), ReviewText.judgement(words), ReviewText.comment(words, after.scoreWhite()));
        return new Answer(after.scoreWhite(), ReviewText.score(after.scoreWhite()),
                after.bestMove() == null ? null : after.bestMove().toString(),
                after.line().stream().map(Move::toString).toList(), after.depth(), tried);
    }

    /** The answer as the API gives it. */
    public Map<String, Object> json() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("scoreWhite", scoreWhite);
        o.put("score", score);
        o.put("bestMove", bestMove);
        o.put("line", line);
        o.put("depth", depth);
        if (tried != null) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("move", tried.move());
            t.put("side", tried.side());
            t.put("class", tried.moveClass());
            t.put("glyph", tried.glyph());
            t.put("loss", tried.loss());
            t.put("chancesLost", tried.chancesLost());
            t.put("verdict", tried.verdict());
            t.put("forcedLine", tried.forcedLine());
            t.put("judgement", tried.judgement());
            t.put("comment", tried.comment());
            o.put("tried", t);
        } else {
            o.put("tried", null);
        }
        return o;
    }
}
