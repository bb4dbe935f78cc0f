package org.emergo.store.review;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Score;

/**
 * A game's review as stored (tables review, review_ply, review_setting): what the viewer and
 * the API show.
 *
 * @param setting      {@code depth=N} or {@code nodes=N}
 * @param curve        the winning-chance curve the classes come from, as {@code k=... offset=...}
 * @param curveSource  {@code default} (the engine's, from self-play) or {@code fitted} (to this database's games)
 * @param moves        the moves judged: positions 0..moves are in {@code positions}
 * @param stoppedAtPly the ply of a move the rules refused, where the review stopped; null when none
 * @param positions    one per position from the start, with the move played from it
 */
public record StoredReview(
        long gameId,
        String setting,
        String engineVersion,
        String curve,
        String curveSource,
        int moves,
        Integer stoppedAtPly,
        LocalDateTime reviewedAt,
        SideFigures white,
        SideFigures black,
        List<Ply> positions) {

    public StoredReview {
        positions = List.copyOf(positions);
    }

    /** The sign a class of move gets after it, as lichess writes them: ?!, ? and ??; null for none. */
    public static String glyph(String moveClass) {
        if (moveClass == null) return null;
        return switch (moveClass) {
            case "inaccuracy" -> "?!";
            case "mistake" -> "?";
            case "blunder" -> "??";
            default -> null;
        };
    }

    /**
     * The comment an annotated export writes after the move of a ply (1 the first move): the
     * score after it as {@code [%eval ...]}, and the judgement in words where there is something
     * to say (a class, a verdict, the proof's cap), as lichess leaves good moves at their score;
     * null beyond the review.
     */
    public String comment(int ply) {
        if (ply < 1 || ply >= positions.size()) return null;
        Ply from = positions.get(ply - 1);
        if (from.played() == null) return null;
        String eval = positions.get(ply).evalCommand();
        boolean remarkable = from.glyph() != null || from.verdict() != null || from.provenToKeepMaterial();
        String words = remarkable ? from.judgementText() : null;
        if (eval == null) return words;
        return "[%eval " + eval + "]" + (words == null ? "" : " " + words);
    }

    /** One side's figures: accuracy 0 to 100 (null without a move), counts of classes and of forced-loss verdicts. */
    public record SideFigures(Double accuracy, int inaccuracies, int mistakes, int blunders, int forcedLosses) {}

    /**
     * One position and the move played from it (review_ply).
     *
     * @param player      w or b, the side to move
     * @param scoreWhite  hundredths of a man from White's view; ±(1,000,000 - plies) for a won or lost game
     * @param bestMove    the search's move, null where the game is over
     * @param line        the line the search expects, from bestMove
     * @param played      the move played from here, null at the last position
     * @param loss        hundredths of a man given away against the best move (mover's view), null without a move
     * @param chancesLost the mover's winning chances given away, 0 to 1, null without a move
     * @param moveClass   good, inaccuracy, mistake or blunder; null without a move
     * @param forcedMen   men the move played loses by force (with forcedPlies and forcedLine), or null
     * @param forcedLine  the forcing line from the move played, empty without a verdict
     * @param forcedKind  what the verdict says is lost: men, game, no-move, repetition (ForcedLoss.Kind's
     *                    codes); null without a verdict (and for reviews before version 2, men)
     * @param proof       the exact proof's result on the move played: loses, best, neither, unknown;
     *                    null where none was tried
     * @param proofHorizon the deepest horizon the proof completed, in plies; null where none was tried
     */
    public record Ply(
            int ply,
            String player,
            int scoreWhite,
            String bestMove,
            int depth,
            long nodes,
            List<String> line,
            String played,
            Integer loss,
            Double chancesLost,
            String moveClass,
            Integer forcedMen,
            Integer forcedPlies,
            List<String> forcedLine,
            String forcedKind,
            String proof,
            Integer proofHorizon) {

        public Ply {
            line = List.copyOf(line);
            forcedLine = List.copyOf(forcedLine);
        }

        /** "loses 3 men by force within 6 plies", "loses the game by force within 4 plies", ..., or null. */
        public String verdict() {
            return forcedMen == null ? null
                    : new ForcedLoss.Verdict(ForcedLoss.Kind.of(forcedKind), forcedMen, forcedPlies, List.of(),
                            proofHorizon == null ? 0 : proofHorizon).text();
        }

        /** The sign the move played gets after it, as lichess writes them: ?!, ? and ??; null for none. */
        public String glyph() {
            return StoredReview.glyph(moveClass);
        }

        /** "an inaccuracy", "a mistake", "a blunder", "good". */
        public String classInWords() {
            return switch (moveClass == null ? "" : moveClass) {
                case "inaccuracy" -> "an inaccuracy";
                case "mistake" -> "a mistake";
                case "blunder" -> "a blunder";
                default -> "good";
            };
        }

        /** Whether the move played was the search's own choice. */
        public boolean wasBest() {
            return played != null && played.equals(bestMove);
        }

        /**
         * Whether the exact proof found that the move played keeps as much material as any other,
         * though the search scored it lower: the proof caps its class.
         */
        public boolean provenToKeepMaterial() {
            return "best".equals(proof) && !wasBest() && loss != null && loss > 0;
        }

        /** The men given away against the best move: "1.50 men". */
        public String lossInMen() {
            int hundredths = loss == null ? 0 : loss;
            return String.format(Locale.ROOT, "%.2f %s", hundredths / 100.0, hundredths == 100 ? "man" : "men");
        }

        /** The mover's winning chances given away, in percentage points: "12". */
        public String chancesLostPercent() {
            return chancesLost == null ? "0" : String.format(Locale.ROOT, "%.0f", 100 * chancesLost);
        }

        /**
         * The judgement of the move played in sentences, as the game page words it: its class and
         * what it cost, the forced-loss verdict with its line, the proof's cap; null without a move.
         */
        public String judgementText() {
            if (played == null) return null;
            String side = "w".equals(player) ? "White" : "Black";
            StringBuilder text = new StringBuilder();
            if (wasBest()) {
                text.append("The engine's own choice.");
            } else if (glyph() != null) {
                String words = classInWords();
                text.append(Character.toUpperCase(words.charAt(0))).append(words.substring(1))
                        .append(": it cost ").append(side).append(' ').append(chancesLostPercent())
                        .append(" points of winning chances, ").append(lossInMen()).append(" against the best move, ")
                        .append(bestMove).append('.');
            } else if (loss == null || loss <= 0) {
                text.append("As good as the best move, ").append(bestMove).append('.');
            } else {
                text.append("Gave away ").append(lossInMen()).append(" against the best move, ").append(bestMove)
                        .append(": not enough to count.");
            }
            if (verdict() != null) text.append(" It ").append(verdict()).append(": ").append(String.join(" ", forcedLine)).append('.');
            if (provenToKeepMaterial()) {
                text.append(" The exact proof finds that it keeps as much material as any other move within ")
                        .append(proofHorizon).append(" plies, so it counts as no worse than an inaccuracy.");
            }
            return text.toString();
        }

        /**
         * The score as a PGN {@code [%eval]} value, as lichess writes it: men from White's view
         * ({@code 0.35}), or {@code #N} / {@code #-N} for a win in N moves of the winner; null once the game is over.
         */
        public String evalCommand() {
            if (Score.isWin(scoreWhite) || Score.isLoss(scoreWhite)) {
                int plies = Score.pliesToEnd(scoreWhite);
                if (plies == 0) return null;
                return "#" + (Score.isLoss(scoreWhite) ? "-" : "") + (plies + 1) / 2;
            }
            return String.format(Locale.ROOT, "%.2f", scoreWhite / 100.0);
        }

        /** The score in words, for White: "+1.25", "-0.50", "White wins in 7 plies", "Black has won". */
        public String scoreText() {
            if (Score.isWin(scoreWhite) || Score.isLoss(scoreWhite)) {
                String side = Score.isWin(scoreWhite) ? "White" : "Black";
                int plies = Score.pliesToEnd(scoreWhite);
                return plies == 0 ? side + " has won" : side + " wins in " + plies(plies);
            }
            return String.format(Locale.ROOT, "%+.2f", scoreWhite / 100.0);
        }

        private static String plies(int n) {
            return n + (n == 1 ? " ply" : " plies");
        }
    }
}
