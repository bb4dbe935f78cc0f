package org.emergo.store.review;

import java.util.List;
import org.emergo.review.MoveJudgements;
import org.emergo.rules.Move;
import org.emergo.rules.Side;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement.MoveClass;

/**
 * review_ply's text columns as the analyzer's types and back: the one place where a class, a
 * verdict's kind and a proof's outcome become column values, and where they are read back.
 */
final class ReviewColumns {

    /** Longest text of a line column (review_ply.line, forced_line): a longer line keeps its first moves. */
    static final int LINE_CHARS = 4000;

    private ReviewColumns() {}

    static String player(Side side) {
        return String.valueOf(side.letter());
    }

    static Side player(String letter) {
        return Side.ofLetter(letter.charAt(0));
    }

    static String moveClass(MoveClass c) {
        return c == null ? null : c.code();
    }

    static MoveClass moveClass(String code) {
        return MoveClass.of(code);
    }

    static String kind(ForcedLoss.Verdict v) {
        return v == null ? null : v.kind().code();
    }

    /** The kind of a stored verdict: null without one, MEN for a verdict of a review before version 2. */
    static ForcedLoss.Kind kind(Short men, String code) {
        return men == null ? null : ForcedLoss.Kind.of(code);
    }

    static String outcome(ForcedLoss.Proof p) {
        return p == null ? null : p.outcome().code();
    }

    static ForcedLoss.Outcome outcome(String code) {
        return ForcedLoss.Outcome.of(code);
    }

    /**
     * A stored proof as the judgement takes it ({@code MoveJudgements.judge}): its outcome, and
     * its verdict's kind and men (the line is not needed to judge); null where none was tried.
     * A verdict stored without an outcome (reviews before the outcome was stored) was a loss.
     */
    static ForcedLoss.Proof proof(Short men, String kind, String outcome, Short horizon) {
        int h = horizon == null ? 0 : horizon;
        ForcedLoss.Verdict v = men == null ? null : new ForcedLoss.Verdict(kind(men, kind), men, 0, List.of(), h);
        if (outcome == null) return men == null ? null : new ForcedLoss.Proof(ForcedLoss.Outcome.LOSES, v, h);
        return new ForcedLoss.Proof(outcome(outcome), v, h);
    }

    /** Moves separated by spaces, as many whole moves as {@link #LINE_CHARS} holds. */
    static String line(List<Move> moves) {
        StringBuilder sb = new StringBuilder();
        for (Move m : moves) {
            String text = m.toString();
            if (sb.length() + 1 + text.length() > LINE_CHARS) break;
            if (sb.length() > 0) sb.append(' ');
            sb.append(text);
        }
        return sb.toString();
    }

    /** A stored line as its moves' texts. */
    static List<String> words(String text) {
        return text == null || text.isEmpty() ? List.of() : List.of(text.split(" "));
    }
}
