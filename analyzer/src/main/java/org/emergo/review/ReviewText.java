package org.emergo.review;

import java.util.List;
import java.util.Locale;
import org.emergo.rules.Side;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.Score;

/**
 * The review in words, the one writer of them: the signs after a move (?!, ?, ??), its class,
 * the forced-loss verdict, the judgement's sentences, the score, and the comment an annotated
 * export writes ({@code [%eval ...]} and the words). The game page, the API and the export all
 * take their words from here.
 */
public final class ReviewText {

    private ReviewText() {}

    /** What the words of a judged move are made of: a stored review's ply gives it all. */
    public interface Judged {
        /** The side that played the move. */
        Side player();

        /** The move played; null where there is none. */
        String played();

        /** The search's move; null where the game is over. */
        String bestMove();

        /** Hundredths of a man given away against the best move; null without a move. */
        Integer loss();

        /** The mover's winning chances given away, 0 to 1; null without a move. */
        Double chancesLost();

        MoveClass moveClass();

        /** What the verdict says is lost; null without a verdict. */
        ForcedLoss.Kind forcedKind();

        /** The men of the verdict; null without one. */
        Integer forcedMen();

        Integer forcedPlies();

        /** The forcing line from the move played (from the move that wins, for a missed win); empty without a verdict. */
        List<String> forcedLine();

        /** The exact proof's outcome on the move played; null where none was tried. */
        ForcedLoss.Outcome proof();

        /** The deepest horizon the proof completed; null where none was tried. */
        Integer proofHorizon();
    }

    /** The sign a class of move gets after it, as lichess writes them: ?!, ? and ??; null for none. */
    public static String glyph(MoveClass c) {
        if (c == null) return null;
        return switch (c) {
            case INACCURACY -> "?!";
            case MISTAKE -> "?";
            case BLUNDER -> "??";
            case GOOD -> null;
        };
    }

    /** "an inaccuracy", "a mistake", "a blunder", "good". */
    public static String inWords(MoveClass c) {
        if (c == null) return "good";
        return switch (c) {
            case INACCURACY -> "an inaccuracy";
            case MISTAKE -> "a mistake";
            case BLUNDER -> "a blunder";
            case GOOD -> "good";
        };
    }

    /**
     * A verdict in words: {@code loses 3 men by force within 6 plies}, {@code misses a win of 2
     * men by force: d7 wins them within 4 plies} ({@code better}, the move that wins, is the
     * first of a missed win's line; unused for the other kinds).
     */
    public static String verdict(ForcedLoss.Kind kind, int men, int plies, String better) {
        String within = " within " + plies + (plies == 1 ? " ply" : " plies");
        String menWords = men + (men == 1 ? " man" : " men");
        return switch (kind) {
            case MEN -> "loses " + menWords + " by force" + within;
            case GAME -> "loses the game by force" + within;
            case NO_MOVE -> "lets the opponent draw (no legal move)" + within;
            case REPETITION -> "lets the opponent draw (repetition)" + within;
            case MISSES_MEN -> "misses a win of " + menWords + " by force: " + better + (men == 1 ? " wins it" : " wins them") + within;
            case MISSES_GAME -> "misses a win of the game by force: " + better + " wins it" + within;
        };
    }

    /** A verdict of a kind other than a missed win in words (a missed win's move unnamed). */
    public static String verdict(ForcedLoss.Kind kind, int men, int plies) {
        return verdict(kind, men, plies, "another move");
    }

    /** A verdict in words, as {@link #verdict(ForcedLoss.Kind, int, int, String)}. */
    public static String verdict(ForcedLoss.Verdict v) {
        return verdict(v.kind(), v.men(), v.plies(), v.line().isEmpty() ? null : v.line().get(0).toString());
    }

    /** The verdict on a judged move in words, or null without one. */
    public static String verdict(Judged j) {
        if (j.forcedMen() == null) return null;
        return verdict(j.forcedKind(), j.forcedMen(), j.forcedPlies(), j.forcedLine().isEmpty() ? null : j.forcedLine().get(0));
    }

    /** Whether the verdict is of a win another move forces, missed: its line is that move's. */
    public static boolean isMissedWin(ForcedLoss.Kind kind) {
        return kind == ForcedLoss.Kind.MISSES_MEN || kind == ForcedLoss.Kind.MISSES_GAME;
    }

    /**
     * Whether the move loses the game by force from a position already lost: the judgement
     * classes a move into a lost game a mistake at least unless the mover's chances were already
     * below a mistake's drop (MoveJudgements), so a lighter class says the game was lost anyway.
     */
    public static boolean gameAlreadyLost(Judged j) {
        return j.forcedKind() == ForcedLoss.Kind.GAME && j.forcedMen() != null && j.moveClass() != null
                && j.moveClass().compareTo(MoveClass.MISTAKE) < 0;
    }

    /** Whether the move played was the search's own choice. */
    public static boolean wasBest(Judged j) {
        return j.played() != null && j.played().equals(j.bestMove());
    }

    /**
     * Whether the exact proof found that the move played keeps as much material as any other,
     * though the search scored it lower: the proof caps its class.
     */
    public static boolean provenToKeepMaterial(Judged j) {
        return j.proof() == ForcedLoss.Outcome.BEST && !wasBest(j) && j.loss() != null && j.loss() > 0;
    }

    /** The men given away against the best move: "1.50 men". */
    public static String lossInMen(Integer loss) {
        int hundredths = loss == null ? 0 : loss;
        return String.format(Locale.ROOT, "%.2f %s", hundredths / 100.0, hundredths == 100 ? "man" : "men");
    }

    /** The mover's winning chances given away, in percentage points: "12". */
    public static String chancesLostPercent(Double chancesLost) {
        return chancesLost == null ? "0" : String.format(Locale.ROOT, "%.0f", 100 * chancesLost);
    }

    /**
     * The judgement of the move played in sentences, as the game page words it: its class and
     * what it cost, the forced-loss verdict with its line, the proof's cap; null without a move.
     */
    public static String judgement(Judged j) {
        if (j.played() == null) return null;
        String side = j.player() == Side.WHITE ? "White" : "Black";
        StringBuilder text = new StringBuilder();
        if (wasBest(j)) {
            text.append("The engine's own choice.");
        } else if (gameAlreadyLost(j)) {
            // the search's move, not a claim that it holds out longer: no proof says so (one of 51 games refuted it)
            text.append("The game was already lost; the engine's choice was ").append(j.bestMove()).append('.');
        } else if (glyph(j.moveClass()) != null) {
            String words = inWords(j.moveClass());
            text.append(Character.toUpperCase(words.charAt(0))).append(words.substring(1))
                    .append(": it cost ").append(side).append(' ').append(chancesLostPercent(j.chancesLost()))
                    .append(" points of winning chances, ").append(lossInMen(j.loss())).append(" against the best move, ")
                    .append(j.bestMove()).append('.');
        } else if (j.loss() == null || j.loss() <= 0) {
            text.append("As good as the best move, ").append(j.bestMove()).append('.');
        } else {
            text.append("Gave away ").append(lossInMen(j.loss())).append(" against the best move, ").append(j.bestMove())
                    .append(": not enough to count.");
        }
        String verdict = verdict(j);
        if (verdict != null && isMissedWin(j.forcedKind())) {
            text.append(" It ").append(verdict).append(" (").append(String.join(" ", j.forcedLine())).append(").");
        } else if (verdict != null) {
            text.append(" It ").append(verdict).append(": ").append(String.join(" ", j.forcedLine())).append('.');
        }
        if (provenToKeepMaterial(j)) {
            text.append(" The exact proof finds that it keeps as much material as any other move within ")
                    .append(j.proofHorizon()).append(" plies, so it counts as no worse than an inaccuracy.");
        }
        return text.toString();
    }

    /**
     * The comment an annotated export writes after a move: the score after it as
     * {@code [%eval ...]}, and the judgement in words where there is something to say (a class,
     * a verdict, the proof's cap), as lichess leaves good moves at their score; null for none.
     *
     * @param move       the move judged
     * @param scoreAfter the score of the position after it, from White's view
     */
    public static String comment(Judged move, int scoreAfter) {
        if (move.played() == null) return null;
        String eval = eval(scoreAfter);
        boolean remarkable = glyph(move.moveClass()) != null || move.forcedMen() != null || provenToKeepMaterial(move);
        String words = remarkable ? judgement(move) : null;
        if (eval == null) return words;
        return "[%eval " + eval + "]" + (words == null ? "" : " " + words);
    }

    /**
     * A score as a PGN {@code [%eval]} value, as lichess writes it: men from White's view
     * ({@code 0.35}), or {@code #N} / {@code #-N} for a win in N moves of the winner; null once the game is over.
     */
    public static String eval(int scoreWhite) {
        if (Score.isWin(scoreWhite) || Score.isLoss(scoreWhite)) {
            int plies = Score.pliesToEnd(scoreWhite);
            if (plies == 0) return null;
            return "#" + (Score.isLoss(scoreWhite) ? "-" : "") + (plies + 1) / 2;
        }
        return String.format(Locale.ROOT, "%.2f", scoreWhite / 100.0);
    }

    /** A score in words, for White: "+1.25", "-0.50", "White wins in 7 plies", "Black has won". */
    public static String score(int scoreWhite) {
        if (Score.isWin(scoreWhite) || Score.isLoss(scoreWhite)) {
            String side = Score.isWin(scoreWhite) ? "White" : "Black";
            int plies = Score.pliesToEnd(scoreWhite);
            return plies == 0 ? side + " has won" : side + " wins in " + plies + (plies == 1 ? " ply" : " plies");
        }
        return String.format(Locale.ROOT, "%+.2f", scoreWhite / 100.0);
    }
}
