package org.emergo.store.stats;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.emergo.store.jooq.Tables.REVIEW_PLY;

import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.emergo.generate.SelfPlay;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.search.Score;
import org.emergo.store.analysis.AnalysisJob;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.jooq.tables.records.ReviewPlyRecord;
import org.emergo.store.review.ReviewSetting;
import org.emergo.store.review.ReviewSettings;
import org.jooq.DSLContext;

/**
 * A database with every figure of the statistics page: games of both boards analysed (captures,
 * shadowpieces, findings of two codes), and reviews of {@link #REVIEWED} games of each board,
 * enough to calibrate both boards' curves. The reviews' scores are made up, not searched (a
 * review of that many games takes minutes): they lean towards the recorded result, the winner's
 * last ones are won scores (some games end below the mark: undecided), and none is large enough
 * for the engine's curve to predict 90% or more, so that bands without a position are stored too.
 */
public final class StatsFixture {

    /** Reviewed games of each board: over twice CurveCalibration's 20 a half. */
    public static final int REVIEWED = 48;

    /** The reviewed games' Event. */
    private static final String REVIEWED_EVENT = "reviewed";

    private static final String WORKED_EXAMPLE = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";

    private StatsFixture() {}

    /** The games, analysed: self-played games of both boards, three with findings, and the games {@link #reviews} reviews. */
    public static void games(Database db) {
        new GameRepository(db.dsl()).insertAll(GAMES, null);
        new AnalysisJob(db, 1).run(false, done -> { });
    }

    /** Played once for every test. */
    private static final List<GameRecord> GAMES = records();

    private static List<GameRecord> records() {
        List<GameRecord> games = new ArrayList<>();
        for (Variant v : Variant.values()) {
            SelfPlay selfPlay = new SelfPlay(v, 1986);
            for (int i = 1; i <= 3; i++) games.add(selfPlay.game(i));
        }
        games.add(record(Variant.EMERGO, "Worked example", "1-0", 0, WORKED_EXAMPLE,
                List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4")));
        // Black takes one man where two were due: the rules refuse move 2
        games.add(record(Variant.EMERGO, "Missed majority", "*", 0, WORKED_EXAMPLE, List.of("f4-e4", "e5xe3")));
        // findings of two more codes: White enters on the centre first (goes on), Black enters on the square White took (stops)
        games.add(record(Variant.EMERGO, "Centre first", "*", 1, null, List.of("e5", "e4")));
        games.add(record(Variant.EMERGO, "Square taken", "*", 2, null, List.of("e4", "e4")));
        String[] results = {"1-0", "0-1", "1/2-1/2"};
        for (Variant v : Variant.values()) {
            for (int i = 0; i < REVIEWED; i++) games.add(record(v, REVIEWED_EVENT, results[i % 3], i, null, List.of()));
        }
        return List.copyOf(games);
    }

    static GameRecord record(Variant variant, String event, String result, int round, String setUp, List<String> moves) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", event);
        tags.put("Round", Integer.toString(round + 1)); // one game each, not duplicates
        tags.put("White", "White " + round);
        tags.put("Black", "Black " + round);
        tags.put("Result", result);
        return new GameRecord(variant, tags, setUp, moves, null, "stats-fixture", round + 1);
    }

    /** Reviews of the fixture's reviewed games at one setting, as the review stores them (the rows the figures read). */
    public static ReviewSetting reviews(Database db) throws SQLException {
        ReviewSetting s = new ReviewSettings(db.dsl()).setting(Limit.depth(2), "stats-fixture");
        DSLContext dsl = db.dsl();
        Random random = new Random(52);
        List<ReviewPlyRecord> plies = new ArrayList<>();
        int n = 0;
        for (var g : dsl.select(GAME.ID, GAME.RESULT).from(GAME).where(GAME.EVENT.eq(REVIEWED_EVENT)).orderBy(GAME.ID).fetch()) {
            int winner = switch (g.value2()) {
                case "1-0" -> 1;
                case "0-1" -> -1;
                default -> 0;
            };
            int last = 16 + n % 9;
            boolean undecided = n % 7 == 0;
            for (int ply = 0; ply <= last; ply++) {
                int score = winner * 120 + random.nextInt(601) - 300;
                if (winner != 0 && !undecided && ply >= last - 2) score = winner * (Score.WIN - (last - ply) - 1);
                ReviewPlyRecord r = dsl.newRecord(REVIEW_PLY);
                r.setGameId(g.value1());
                r.setSettingId(s.id());
                r.setPly(ply);
                r.setPlayer(ply % 2 == 0 ? "w" : "b");
                r.setScoreWhite(score);
                r.setBestTakes((short) 0);
                r.setDepth((short) 2);
                r.setNodes(0L);
                r.setLine("");
                plies.add(r);
            }
            dsl.insertInto(REVIEW)
                    .set(REVIEW.GAME_ID, g.value1())
                    .set(REVIEW.SETTING_ID, s.id())
                    .set(REVIEW.PLIES, last)
                    .set(REVIEW.WHITE_INACCURACIES, (short) 0)
                    .set(REVIEW.WHITE_MISTAKES, (short) 0)
                    .set(REVIEW.WHITE_BLUNDERS, (short) 0)
                    .set(REVIEW.BLACK_INACCURACIES, (short) 0)
                    .set(REVIEW.BLACK_MISTAKES, (short) 0)
                    .set(REVIEW.BLACK_BLUNDERS, (short) 0)
                    .set(REVIEW.WHITE_FORCED_LOSSES, (short) 0)
                    .set(REVIEW.BLACK_FORCED_LOSSES, (short) 0)
                    .set(REVIEW.NODES, 0L)
                    .set(REVIEW.CURVE_GENERATION, 0)
                    .set(REVIEW.REVIEWED_AT, LocalDateTime.now())
                    .execute();
            n++;
        }
        dsl.batchInsert(plies).execute();
        return s;
    }
}
