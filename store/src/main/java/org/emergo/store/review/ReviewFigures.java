package org.emergo.store.review;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.emergo.store.jooq.Tables.REVIEW_CURVE;
import static org.emergo.store.jooq.Tables.REVIEW_PLY;
import static org.emergo.store.jooq.Tables.REVIEW_SETTING;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.emergo.rules.Variant;
import org.emergo.search.Score;
import org.emergo.search.WinCurve;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record2;
import org.jooq.Record3;
import org.jooq.Record4;
import org.jooq.Table;
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
        Table<Record2<Integer, Integer>> c = dsl.select(REVIEW.SETTING_ID, DSL.count().as("games"))
                .from(REVIEW)
                .groupBy(REVIEW.SETTING_ID)
                .asTable("c");
        Field<Integer> games = c.field(1, Integer.class);
        Record4<Integer, String, String, Integer> r = dsl.select(REVIEW_SETTING.ID, REVIEW_SETTING.SETTING,
                        REVIEW_SETTING.ENGINE_VERSION, games)
                .from(c)
                .join(REVIEW_SETTING).on(REVIEW_SETTING.ID.eq(c.field(0, Integer.class)))
                .orderBy(games.desc(), REVIEW_SETTING.ID.desc())
                .limit(1)
                .fetchOne();
        if (r == null) return Optional.empty();
        int id = r.value1();
        Map<Variant, WinCurve> curves = new EnumMap<>(Variant.class);
        dsl.select(REVIEW_CURVE.VARIANT, REVIEW_CURVE.CURVE_K, REVIEW_CURVE.CURVE_OFFSET)
                .from(REVIEW_CURVE)
                .where(REVIEW_CURVE.SETTING_ID.eq(id))
                .forEach(v -> curves.put(Variant.parse(v.value1()), new WinCurve(v.value2(), v.value3())));
        return Optional.of(new Setting(id, r.value2(), r.value3(), curves, r.value4()));
    }

    /** A player's reviewed games at the main setting, newest first; empty when no game is reviewed. */
    public Optional<PlayerFigures> player(String name) {
        Optional<Setting> main = mainSetting();
        if (main.isEmpty()) return Optional.empty();
        Setting s = main.get();
        // His games as White, then as Black, each a plain join from the index on that colour: a
        // join of the two colours' union to the reviews led PostgreSQL, which expected one review
        // row, to read the union once per reviewed game (12 s for a player of 20,000 games). The
        // first review_ply row says who moved first, so how many moves were his. A game against
        // himself comes twice, as White first, on every database.
        List<PlayerGame> games = new ArrayList<>();
        for (String colour : List.of("w", "b")) games.addAll(player(name, colour, s));
        games.sort(Comparator.comparingLong(PlayerGame::gameId).reversed()
                .thenComparing(PlayerGame::colour, Comparator.reverseOrder()));
        return Optional.of(new PlayerFigures(s, games));
    }

    private List<PlayerGame> player(String name, String colour, Setting s) {
        boolean white = colour.equals("w");
        return dsl.select(GAME.ID, GAME.DATE, white ? GAME.BLACK : GAME.WHITE, GAME.RESULT,
                        white ? REVIEW.WHITE_ACCURACY : REVIEW.BLACK_ACCURACY, REVIEW.PLIES, REVIEW_PLY.PLAYER,
                        white ? REVIEW.WHITE_INACCURACIES : REVIEW.BLACK_INACCURACIES,
                        white ? REVIEW.WHITE_MISTAKES : REVIEW.BLACK_MISTAKES, white ? REVIEW.WHITE_BLUNDERS : REVIEW.BLACK_BLUNDERS)
                .from(GAME)
                .join(REVIEW).on(REVIEW.GAME_ID.eq(GAME.ID)).and(REVIEW.SETTING_ID.eq(DSL.inline(s.id())))
                .join(REVIEW_PLY).on(REVIEW_PLY.GAME_ID.eq(REVIEW.GAME_ID)).and(REVIEW_PLY.SETTING_ID.eq(REVIEW.SETTING_ID))
                        .and(REVIEW_PLY.PLY.eq(DSL.inline(0)))
                .where((white ? GAME.WHITE : GAME.BLACK).eq(name))
                .fetch(r -> {
                    int plies = r.value6();
                    boolean movedFirst = colour.equals(r.value7().trim());
                    int moves = movedFirst ? (plies + 1) / 2 : plies / 2;
                    Float accuracy = r.value5();
                    return new PlayerGame(r.value1(), r.value2(), colour, r.value3(), r.value4(),
                            accuracy == null ? null : accuracy.doubleValue(), moves, r.value8(), r.value9(), r.value10());
                });
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
        int winnerToMove = threshold((logit - curve.offset()) / curve.k());
        int loserToMove = threshold((logit + curve.offset()) / curve.k());
        Condition whiteWon = GAME.RESULT.eq(DSL.inline("1-0"));
        Field<Integer> winnersScore = DSL.when(whiteWon, REVIEW_PLY.SCORE_WHITE).otherwise(REVIEW_PLY.SCORE_WHITE.neg());
        Field<String> winner = DSL.when(whiteWon, DSL.inline("w")).otherwise(DSL.inline("b"));
        Field<Integer> decidedFrom = DSL.when(REVIEW_PLY.PLAYER.eq(winner), DSL.inline(winnerToMove))
                .otherwise(DSL.inline(loserToMove));
        List<DecidedGame> games = new ArrayList<>();
        for (Record3<Long, Integer, Integer> r : dsl.select(REVIEW.GAME_ID, REVIEW.PLIES,
                        DSL.max(DSL.when(winnersScore.lt(decidedFrom), REVIEW_PLY.PLY)))
                .from(REVIEW)
                .join(GAME).on(GAME.ID.eq(REVIEW.GAME_ID))
                .join(REVIEW_PLY).on(REVIEW_PLY.GAME_ID.eq(REVIEW.GAME_ID)).and(REVIEW_PLY.SETTING_ID.eq(REVIEW.SETTING_ID))
                .where(REVIEW.SETTING_ID.eq(DSL.inline(s.id())))
                .and(GAME.RESULT.in(DSL.inline("1-0"), DSL.inline("0-1")))
                .and(GAME.VARIANT.eq(DSL.inline(variant.tagName())))
                .groupBy(REVIEW.GAME_ID, REVIEW.PLIES)
                .orderBy(REVIEW.GAME_ID)
                .fetch()) {
            int plies = r.value2();
            Integer lastBelow = r.value3();
            Integer decidedAt = lastBelow == null ? Integer.valueOf(0) : lastBelow >= plies ? null : lastBelow + 1;
            games.add(new DecidedGame(r.value1(), plies, decidedAt));
        }
        return games;
    }

    /** A score threshold as a whole number, no further out than the search's won scores. */
    private static int threshold(double score) {
        return (int) Math.max(-Score.WIN_THRESHOLD, Math.min(Score.WIN_THRESHOLD, (long) Math.ceil(score)));
    }
}
