package org.emergo.store.review;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.emergo.rules.Variant;
import org.emergo.search.Score;
import org.emergo.search.WinCurve;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;

/**
 * What the viewer shows of many reviews at once: a player's accuracy game by game, and the ply
 * at which decisive games were decided. Figures of different settings do not mix (a deeper
 * search judges the same move otherwise), so each is read at one setting: the one most games
 * are reviewed at ({@link #mainSetting}). Reads review, the first review_ply row of each game,
 * and for {@link #decided} the scores of the reviewed positions of decisive games.
 */
public final class ReviewFigures {

    /** The setting most games are reviewed at (the newest of two with as many), with how many. */
    public record Setting(int id, String setting, String engineVersion, Map<Variant, WinCurve> curves, int games) {
        /** The curve of a board's games at this setting (review_curve). */
        public WinCurve curve(Variant variant) {
            return curves.getOrDefault(variant, WinCurve.of(variant));
        }
    }

    /**
     * One game of a player as reviewed: his colour ({@code w} or {@code b}), his accuracy (null
     * if he made no move) and the moves he made with their classes.
     */
    public record PlayerGame(long gameId, String date, String colour, String opponent, String result, Double accuracy,
            int moves, int inaccuracies, int mistakes, int blunders) {}

    /**
     * A player's reviewed games at a setting, newest first.
     *
     * @param games every reviewed game of the player at the setting
     */
    public record PlayerFigures(Setting setting, List<PlayerGame> games) {
        /** The mean of his games' accuracies (lichess averages a player's games so), null without one. */
        public Double averageAccuracy() {
            var mean = games.stream().filter(g -> g.accuracy() != null).mapToDouble(PlayerGame::accuracy).average();
            return mean.isPresent() ? mean.getAsDouble() : null;
        }

        public int moves() {
            return games.stream().mapToInt(PlayerGame::moves).sum();
        }

        public int inaccuracies() {
            return games.stream().mapToInt(PlayerGame::inaccuracies).sum();
        }

        public int mistakes() {
            return games.stream().mapToInt(PlayerGame::mistakes).sum();
        }

        public int blunders() {
            return games.stream().mapToInt(PlayerGame::blunders).sum();
        }

        /** Blunders per 100 of his moves, null without a move. */
        public Double blundersPer100Moves() {
            return moves() == 0 ? null : 100.0 * blunders() / moves();
        }
    }

    /**
     * The winning chances that count as decided: from the first ply at which the eventual
     * winner's chances (by the setting's curve) stay at or above this until the end of the
     * review, the game is decided.
     */
    public static final double DECIDED_CHANCE = 0.9;

    /**
     * A decisive game (1-0 or 0-1) as reviewed: the ply after which the winner's chances never
     * fell below {@link #DECIDED_CHANCE} again (0 if they never were below), or null if they
     * were below it at the last position reviewed (a game lost on time or resigned early, or a
     * record whose result the board does not bear out).
     */
    public record DecidedGame(long gameId, int plies, Integer decidedAt) {}

    private final DSLContext dsl;

    public ReviewFigures(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** The setting most games are reviewed at; empty when no game is reviewed. */
    public Optional<Setting> mainSetting() {
        Record r = dsl.fetchOne("""
                SELECT s.id, s.setting, s.engine_version, c.games
                FROM (SELECT setting_id, COUNT(*) AS games FROM review GROUP BY setting_id) c
                JOIN review_setting s ON s.id = c.setting_id
                ORDER BY c.games DESC, s.id DESC
                LIMIT 1""");
        if (r == null) return Optional.empty();
        int id = r.get(0, int.class);
        Map<Variant, WinCurve> curves = new EnumMap<>(Variant.class);
        for (Record c : dsl.fetch("SELECT variant, curve_k, curve_offset FROM review_curve WHERE setting_id = {0}",
                DSL.inline(id))) {
            curves.put(Variant.parse(c.get(0, String.class)), new WinCurve(c.get(1, double.class), c.get(2, double.class)));
        }
        return Optional.of(new Setting(id, r.get(1, String.class), r.get(2, String.class), curves, r.get(3, int.class)));
    }

    /** A player's reviewed games at the main setting, newest first; empty when no game is reviewed. */
    public Optional<PlayerFigures> player(String name) {
        Optional<Setting> main = mainSetting();
        if (main.isEmpty()) return Optional.empty();
        Setting s = main.get();
        // The player's games with his colour through the two player indexes, as PlayerSummary
        // reads them; the first review_ply row says who moved first, so how many moves were his. A
        // game against himself comes twice, as White first, on every database.
        Field<String> player = DSL.inline(name);
        List<PlayerGame> games = dsl.fetch("""
                SELECT g.id, g.date, p.colour, CASE WHEN p.colour = 'w' THEN g.black ELSE g.white END, g.result,
                       CASE WHEN p.colour = 'w' THEN r.white_accuracy ELSE r.black_accuracy END,
                       r.plies, z.player,
                       CASE WHEN p.colour = 'w' THEN r.white_inaccuracies ELSE r.black_inaccuracies END,
                       CASE WHEN p.colour = 'w' THEN r.white_mistakes ELSE r.black_mistakes END,
                       CASE WHEN p.colour = 'w' THEN r.white_blunders ELSE r.black_blunders END
                FROM (SELECT id, 'w' AS colour FROM game WHERE white = {0}
                      UNION ALL
                      SELECT id, 'b' AS colour FROM game WHERE black = {0}) p
                JOIN game g ON g.id = p.id
                JOIN review r ON r.game_id = p.id AND r.setting_id = {1}
                JOIN review_ply z ON z.game_id = r.game_id AND z.setting_id = r.setting_id AND z.ply = 0
                ORDER BY g.id DESC, p.colour DESC""", player, DSL.inline(s.id()))
                .map(r -> {
                    String colour = r.get(2, String.class);
                    int plies = r.get(6, int.class);
                    boolean movedFirst = colour.equals(r.get(7, String.class).trim());
                    int moves = movedFirst ? (plies + 1) / 2 : plies / 2;
                    Float accuracy = r.get(5, Float.class);
                    return new PlayerGame(r.get(0, long.class), r.get(1, String.class), colour, r.get(3, String.class),
                            r.get(4, String.class), accuracy == null ? null : accuracy.doubleValue(), moves,
                            r.get(8, int.class), r.get(9, int.class), r.get(10, int.class));
                });
        return Optional.of(new PlayerFigures(s, games));
    }

    /**
     * Every decisive game reviewed at the setting, in id order, with the ply at which it was
     * decided ({@link DecidedGame}). The winner's chances come from the setting's curve as the
     * judgement of moves computes them, each board's with its own curve: a position's score is
     * for its side to move.
     */
    public List<DecidedGame> decided(Setting s) {
        List<DecidedGame> games = new ArrayList<>();
        for (Variant v : Variant.values()) games.addAll(decided(s, v));
        games.sort(Comparator.comparingLong(DecidedGame::gameId));
        return games;
    }

    /** The decisive games of one board, judged with that board's curve. */
    private List<DecidedGame> decided(Setting s, Variant variant) {
        // The winner's chances reach DECIDED_CHANCE at a score (hundredths of a man, for the
        // winner) of at least ln(9)/k less the curve's offset when the winner is to move, plus it
        // when the loser is; won scores lie beyond either. Scores are whole numbers, so whole
        // thresholds compare the same.
        WinCurve curve = s.curve(variant);
        double logit = Math.log(DECIDED_CHANCE / (1 - DECIDED_CHANCE));
        long winnerToMove = threshold((logit - curve.offset()) / curve.k());
        long loserToMove = threshold((logit + curve.offset()) / curve.k());
        List<DecidedGame> games = new ArrayList<>();
        for (Record r : dsl.fetch("""
                SELECT r.game_id, r.plies,
                       MAX(CASE WHEN (CASE WHEN g.result = '1-0' THEN p.score_white ELSE -p.score_white END)
                                     < (CASE WHEN p.player = (CASE WHEN g.result = '1-0' THEN 'w' ELSE 'b' END)
                                             THEN {0} ELSE {1} END)
                                THEN p.ply END)
                FROM review r
                JOIN game g ON g.id = r.game_id
                JOIN review_ply p ON p.game_id = r.game_id AND p.setting_id = r.setting_id
                WHERE r.setting_id = {2} AND g.result IN ('1-0', '0-1') AND g.variant = {3}
                GROUP BY r.game_id, r.plies
                ORDER BY r.game_id""", DSL.inline(winnerToMove), DSL.inline(loserToMove), DSL.inline(s.id()),
                DSL.inline(variant.tagName()))) {
            int plies = r.get(1, int.class);
            Integer lastBelow = r.get(2, Integer.class);
            Integer decidedAt = lastBelow == null ? Integer.valueOf(0) : lastBelow >= plies ? null : lastBelow + 1;
            games.add(new DecidedGame(r.get(0, long.class), plies, decidedAt));
        }
        return games;
    }

    /** A score threshold as a whole number, no further out than the search's won scores. */
    private static long threshold(double score) {
        return Math.max(-Score.WIN_THRESHOLD, Math.min(Score.WIN_THRESHOLD, (long) Math.ceil(score)));
    }
}
