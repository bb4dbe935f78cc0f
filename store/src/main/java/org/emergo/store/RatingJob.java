package org.emergo.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.emergo.ratings.Elo;
import org.emergo.ratings.GameDate;
import org.emergo.ratings.Glicko2;
import org.emergo.ratings.Prediction;
import org.emergo.ratings.Rating;
import org.emergo.ratings.RatingHistory;
import org.emergo.ratings.RatingSystem;
import org.emergo.ratings.Results;
import org.emergo.rules.Variant;
import org.jooq.SQLDialect;

/**
 * Computes every rating again from the stored games, in one pass, and replaces the rating
 * tables (sql/V9__ratings.sql): each variant's games in the order they were played, each
 * system forecasting every game from the ratings before it. The system that forecast the
 * collection best is the one the viewer shows, and its history is the one stored game by game
 * (writing it is most of the time a run takes); every system's ratings now and forecast quality
 * are stored.
 */
public final class RatingJob {

    /** The systems rated, the default first. */
    public static final List<RatingSystem> SYSTEMS = List.of(new Glicko2(), new Elo());

    /**
     * Below this many rated games the forecasts say too little to choose by, and the viewer
     * shows Glicko-2, the system that forecast both the sample games and 100,000 self-play games
     * best (README, Ratings).
     */
    public static final int GAMES_TO_CHOOSE = 100;

    /** How well one system forecast one variant's games. */
    public record Quality(String system, Variant variant, int games, double logLoss, int favouriteGames,
            double favouriteWon) {}

    /** What a computation did. */
    public record Summary(int ratedGames, int players, List<Quality> quality, String shownSystem) {}

    /**
     * The indexes of rating, as sql/V9__ratings.sql makes them: dropped while the rows are
     * written and built once after, which is several times faster than keeping them up row by row.
     */
    static final List<String> INDEXES = List.of(
            "CREATE INDEX IF NOT EXISTS rating_game_idx ON rating (game_id, system)",
            "CREATE INDEX IF NOT EXISTS rating_player_idx ON rating (player_id, system, variant, seq)");

    /** Rows per transaction on H2, which commits small transactions faster than one large one. */
    static final int H2_ROWS_PER_COMMIT = 5000;

    /** What the games were when the ratings were computed: a change means they are out of date. */
    record Seen(long games, long maxGameId, long analyses) {}

    private final Database db;

    public RatingJob(Database db) {
        this.db = db;
    }

    /** Whether the games changed since the ratings were last computed, or they never were. */
    public boolean outOfDate() {
        try (Connection c = db.dataSource().getConnection()) {
            Seen now = seen(c);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT game_count, max_game_id, analysis_count FROM rating_run WHERE id = 1")) {
                return !rs.next() || !now.equals(new Seen(rs.getLong(1), rs.getLong(2), rs.getLong(3)));
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read the ratings: " + e.getMessage(), e);
        }
    }

    /** Computes every rating again and stores them, replacing the ratings there were. */
    public Summary run() {
        try (Connection c = db.dataSource().getConnection()) {
            Seen seen = seen(c);
            Map<String, String> aliases = PlayerAliases.load(c);
            Map<Variant, List<RatingHistory.Game>> games = games(c, aliases);
            return store(c, seen, games);
        } catch (SQLException e) {
            throw new StoreException("cannot compute the ratings: " + e.getMessage(), e);
        }
    }

    private static Seen seen(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT (SELECT COUNT(*) FROM game), (SELECT COALESCE(MAX(id), 0) FROM game),"
                        + " (SELECT COUNT(*) FROM analysis)")) {
            rs.next();
            return new Seen(rs.getLong(1), rs.getLong(2), rs.getLong(3));
        }
    }

    /**
     * Every rated game by variant, in rating order: both players named (after aliases) and
     * different, and a win or a draw recorded or, where none is, by rule.
     */
    static Map<Variant, List<RatingHistory.Game>> games(Connection c, Map<String, String> aliases) throws SQLException {
        Map<Variant, List<RatingHistory.Game>> games = new EnumMap<>(Variant.class);
        String sql = "SELECT g.id, g.variant, g.date, g.white, g.black, g.result, a.result_by_rule"
                + " FROM game g LEFT JOIN analysis a ON a.game_id = g.id";
        try (Statement st = c.createStatement()) {
            st.setFetchSize(10_000);
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    String white = name(rs.getString(4), aliases);
                    String black = name(rs.getString(5), aliases);
                    if (white == null || black == null || white.equals(black)) continue;
                    OptionalDouble score = Results.ratedScore(rs.getString(6), rs.getString(7));
                    if (score.isEmpty()) continue;
                    games.computeIfAbsent(Variant.parse(rs.getString(2)), v -> new ArrayList<>())
                            .add(new RatingHistory.Game(rs.getLong(1), GameDate.key(rs.getString(3)), white, black,
                                    score.getAsDouble()));
                }
            }
        }
        games.values().forEach(list -> list.sort(RatingHistory.Game.ORDER));
        return games;
    }

    private static String name(String written, Map<String, String> aliases) {
        if (written == null || written.isBlank()) return null;
        return aliases.getOrDefault(written, written);
    }

    private Summary store(Connection c, Seen seen, Map<Variant, List<RatingHistory.Game>> games) throws SQLException {
        SQLDialect dialect = db.dialect();
        Map<String, Integer> ids = new LinkedHashMap<>();
        List<Quality> quality = new ArrayList<>();
        List<Standing> standings = new ArrayList<>();
        int rated = 0;
        // Every system in memory first (fast): its forecasts choose the system whose history is stored.
        for (Map.Entry<Variant, List<RatingHistory.Game>> e : games.entrySet()) {
            rated += e.getValue().size();
            for (RatingHistory.Game g : e.getValue()) {
                ids.putIfAbsent(g.white(), ids.size() + 1);
                ids.putIfAbsent(g.black(), ids.size() + 1);
            }
            for (RatingSystem system : SYSTEMS) {
                RatingHistory history = new RatingHistory(system);
                Map<String, int[]> results = new HashMap<>();
                for (RatingHistory.Game g : e.getValue()) {
                    history.play(g);
                    tally(results, g.white(), g.whiteScore());
                    tally(results, g.black(), 1 - g.whiteScore());
                }
                standings.addAll(ranked(system, e.getKey().tagName(), history, ids, results));
                Prediction p = history.prediction();
                quality.add(new Quality(system.name(), e.getKey(), p.games(), p.logLoss(), p.favouriteGames(),
                        p.favouriteWonShare()));
            }
        }
        String shown = best(quality, rated);
        RatingSystem shownSystem = SYSTEMS.stream().filter(x -> x.name().equals(shown)).findFirst().orElseThrow();
        c.setAutoCommit(false);
        try {
            try (Statement st = c.createStatement()) {
                for (String table : List.of("rating", "player_rating", "player", "rating_quality", "rating_run")) {
                    st.execute("TRUNCATE TABLE " + table);
                }
                st.execute("DROP INDEX IF EXISTS rating_game_idx");
                st.execute("DROP INDEX IF EXISTS rating_player_idx");
            }
            // H2 commits as it goes (PostgreSQL copies all in one transaction); the run row,
            // written last, says the ratings are whole
            boolean chunked = dialect != SQLDialect.POSTGRES;
            try (RowSink rows = RowSink.open(c, dialect, "rating", "system", "variant", "game_id", "side", "player_id", "seq",
                    "games", "expected", "score", "rating_before", "deviation_before", "rating", "deviation", "volatility")) {
                for (Map.Entry<Variant, List<RatingHistory.Game>> e : games.entrySet()) {
                    String variant = e.getKey().tagName();
                    RatingHistory history = new RatingHistory(shownSystem);
                    int seq = 0;
                    for (RatingHistory.Game g : e.getValue()) {
                        RatingHistory.Step step = history.play(g);
                        seq++;
                        row(rows, shownSystem, variant, g, "w", ids.get(g.white()), seq, step.expected(), g.whiteScore(),
                                step.whiteBefore(), step.whiteAfter());
                        row(rows, shownSystem, variant, g, "b", ids.get(g.black()), seq, 1 - step.expected(),
                                1 - g.whiteScore(), step.blackBefore(), step.blackAfter());
                        if (chunked && seq % (H2_ROWS_PER_COMMIT / 2) == 0) {
                            rows.finish();
                            c.commit();
                        }
                    }
                }
                rows.finish();
            }
            try (RowSink out = RowSink.open(c, dialect, "player_rating", "system", "variant", "player_id", "rank", "rating",
                    "deviation", "volatility", "games", "wins", "draws", "losses", "last_game_id")) {
                for (Standing x : standings) {
                    Rating r = x.rating();
                    out.text(x.system()).text(x.variant()).integer(x.playerId()).integer(x.rank())
                            .doublePrecision(r.rating()).doublePrecision(orNull(r.deviation()))
                            .doublePrecision(orNull(r.volatility())).integer(r.games())
                            .integer(x.wdl()[0]).integer(x.wdl()[1]).integer(x.wdl()[2]).bigint(x.lastGameId())
                            .endRow();
                }
                out.finish();
            }
            try (RowSink players = RowSink.open(c, dialect, "player", "id", "name")) {
                for (Map.Entry<String, Integer> p : ids.entrySet()) players.integer(p.getValue()).text(p.getKey()).endRow();
                players.finish();
            }
            try (RowSink q = RowSink.open(c, dialect, "rating_quality", "system", "variant", "games", "log_loss",
                    "favourite_games", "favourite_won")) {
                for (Quality x : quality) {
                    q.text(x.system()).text(x.variant().tagName()).integer(x.games()).doublePrecision(x.logLoss())
                            .integer(x.favouriteGames()).doublePrecision(Double.isNaN(x.favouriteWon()) ? null : x.favouriteWon())
                            .endRow();
                }
                q.finish();
            }
            try (Statement st = c.createStatement()) {
                for (String index : INDEXES) st.execute(index);
            }
            try (PreparedStatement st = c.prepareStatement("INSERT INTO rating_run (id, computed_at, game_count, max_game_id,"
                    + " analysis_count, rated_games, shown_system) VALUES (1, ?, ?, ?, ?, ?, ?)")) {
                st.setObject(1, LocalDateTime.now());
                st.setLong(2, seen.games());
                st.setLong(3, seen.maxGameId());
                st.setLong(4, seen.analyses());
                st.setInt(5, rated);
                st.setString(6, shown);
                st.executeUpdate();
            }
            c.commit();
            return new Summary(rated, ids.size(), quality, shown);
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
            restoreIndexes(c);
        }
    }

    /** Builds the indexes of rating if a run that failed left them dropped. */
    private static void restoreIndexes(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String index : INDEXES) st.execute(index);
        }
    }

    private static void row(RowSink rows, RatingSystem system, String variant, RatingHistory.Game g, String side, int playerId,
            int seq, double expected, double score, Rating before, Rating after) throws SQLException {
        rows.text(system.name()).text(variant).bigint(g.id()).text(side).integer(playerId).integer(seq)
                .integer(after.games()).doublePrecision(expected).real((float) score)
                .doublePrecision(before.rating()).doublePrecision(orNull(before.deviation()))
                .doublePrecision(after.rating()).doublePrecision(orNull(after.deviation()))
                .doublePrecision(orNull(after.volatility()))
                .endRow();
    }

    /** Wins, draws and losses of a player. */
    private static void tally(Map<String, int[]> results, String player, double score) {
        int[] wdl = results.computeIfAbsent(player, p -> new int[3]);
        wdl[score == 1 ? 0 : score == 0.5 ? 1 : 2]++;
    }

    /** A player's rating after his last game, ranked in its variant and system. */
    private record Standing(String system, String variant, int playerId, int rank, Rating rating, int[] wdl, long lastGameId) {}

    private static List<Standing> ranked(RatingSystem system, String variant, RatingHistory history, Map<String, Integer> ids,
            Map<String, int[]> results) {
        List<Map.Entry<String, RatingHistory.Standing>> ranked = new ArrayList<>(history.standings().entrySet());
        // the highest rating first; equal ratings by name, so the order is the same every time
        ranked.sort((a, b) -> {
            int byRating = Double.compare(b.getValue().rating().rating(), a.getValue().rating().rating());
            return byRating != 0 ? byRating : a.getKey().compareTo(b.getKey());
        });
        List<Standing> out = new ArrayList<>(ranked.size());
        for (Map.Entry<String, RatingHistory.Standing> e : ranked) {
            out.add(new Standing(system.name(), variant, ids.get(e.getKey()), out.size() + 1, e.getValue().rating(),
                    results.get(e.getKey()), e.getValue().lastGame().id()));
        }
        return out;
    }

    /**
     * The system with the lowest log-loss over every rated game; with fewer than
     * {@link #GAMES_TO_CHOOSE}, the first of {@link #SYSTEMS}.
     */
    static String best(List<Quality> quality, int ratedGames) {
        String first = SYSTEMS.get(0).name();
        if (ratedGames < GAMES_TO_CHOOSE) return first;
        Map<String, Double> loss = new LinkedHashMap<>();
        for (RatingSystem s : SYSTEMS) loss.put(s.name(), 0.0);
        for (Quality q : quality) loss.merge(q.system(), q.logLoss() * q.games(), Double::sum);
        String best = first;
        for (Map.Entry<String, Double> e : loss.entrySet()) {
            if (e.getValue() < loss.get(best)) best = e.getKey();
        }
        return best;
    }

    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
