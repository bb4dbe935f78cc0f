package org.emergo.store.rating;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.PLAYER;
import static org.emergo.store.jooq.Tables.RATING;
import static org.emergo.store.jooq.Tables.RATING_CHECKPOINT;
import static org.emergo.store.jooq.Tables.RATING_RUN;

import java.sql.Connection;
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
import org.emergo.ratings.Rating;
import org.emergo.ratings.RatingHistory;
import org.emergo.ratings.RatingSystem;
import org.emergo.ratings.Results;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.jdbc.RowSink;
import org.emergo.store.jdbc.WorkClaims;
import org.jooq.BatchBindStep;
import org.jooq.DSLContext;
import org.jooq.Record3;
import org.jooq.SQLDialect;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

/**
 * Computes every rating again from the stored games, in one pass, and stores them (tables of
 * sql/V9__ratings.sql): each variant's games in the order they were played, each system
 * forecasting every game from the ratings before it. The system that forecast the collection
 * best is the one the viewer shows, and its history is the one stored game by game. Writing
 * that history is most of the time a whole run takes, so the stored history is kept up to the
 * last checkpoint the games give again (sql/V12_1__rating_checkpoint.sql): new games after the
 * old ones cost only their own rows. Every system's ratings now and forecast quality are
 * written whole each time (a row per player).
 */
public final class RatingJob {

    /** The systems rated, the default first. */
    public static final List<RatingSystem> SYSTEMS = List.of(new Glicko2(), new Elo());

    /**
     * Below this many rated games the forecasts say too little to choose by, and the viewer
     * shows Glicko-2, the system that forecast both the sample games and 100,000 self-play games
     * best (docs/ratings.md#ratings).
     */
    public static final int GAMES_TO_CHOOSE = 100;

    /** How well one system forecast one variant's games. */
    public record Quality(String system, Variant variant, int games, double logLoss, int favouriteGames,
            double favouriteWon) {}

    /**
     * What a computation did: keptGames is how many games' stored history it kept, the rest it
     * wrote again.
     */
    public record Summary(int ratedGames, int players, List<Quality> quality, String shownSystem, int keptGames) {}

    /**
     * The indexes of rating, as sql/V9__ratings.sql and V12_1__rating_checkpoint.sql make them:
     * dropped while all rows are written again and built once after, which is several times
     * faster than keeping them up row by row.
     */
    static final List<String> INDEXES = List.of(
            "CREATE INDEX IF NOT EXISTS rating_game_idx ON rating (game_id, system)",
            "CREATE INDEX IF NOT EXISTS rating_player_idx ON rating (player_id, system, variant, seq)",
            "CREATE INDEX IF NOT EXISTS rating_seq_idx ON rating (variant, seq)");

    /**
     * Games between two checkpoints of the stored history (rating_checkpoint); on H2 also the
     * games per transaction, which commits small transactions faster than one large one.
     */
    static final int CHECKPOINT_GAMES = 2500;

    /** What the games were when the ratings were computed: a change means they are out of date. */
    record Seen(long games, long maxGameId, long analyses) {}

    private final Database db;
    private final int checkpointGames;

    public RatingJob(Database db) {
        this(db, CHECKPOINT_GAMES);
    }

    /** With checkpoints every {@code checkpointGames} games (tests use a few). */
    RatingJob(Database db, int checkpointGames) {
        this.db = db;
        this.checkpointGames = checkpointGames;
    }

    /** Whether the games changed since the ratings were last computed, or they never were. */
    public boolean outOfDate() {
        try {
            DSLContext dsl = db.dsl();
            Seen now = seen(dsl);
            Record3<Long, Long, Long> run = dsl.select(RATING_RUN.GAME_COUNT, RATING_RUN.MAX_GAME_ID, RATING_RUN.ANALYSIS_COUNT)
                    .from(RATING_RUN)
                    .where(RATING_RUN.ID.eq(1))
                    .fetchOne();
            return run == null || !now.equals(new Seen(run.value1(), run.value2(), run.value3()));
        } catch (DataAccessException e) {
            throw db.failure("cannot read the ratings", e);
        }
    }

    /** Computes every rating again and stores them, replacing the ratings there were. */
    public Summary run() {
        try {
            // on PostgreSQL store takes its turn by a table lock
            Summary stored = WorkClaims.oneAtATimeOnH2(db, WorkClaims.Step.RATINGS, this::computeAndStore);
            db.confirmCommitsKept();
            return stored;
        } catch (SQLException | DataAccessException e) {
            throw db.failure("cannot compute the ratings", e);
        }
    }

    private static Seen seen(DSLContext dsl) {
        Record3<Integer, Long, Integer> r = dsl.select(DSL.field(DSL.selectCount().from(GAME)),
                        DSL.field(DSL.select(DSL.coalesce(DSL.max(GAME.ID), 0L)).from(GAME)),
                        DSL.field(DSL.selectCount().from(ANALYSIS)))
                .fetchSingle();
        return new Seen(r.value1(), r.value2(), r.value3());
    }

    /**
     * Every rated game by variant, in rating order: both players named (after aliases) and
     * different, and a win or a draw recorded or, where none is, by rule.
     */
    static Map<Variant, List<RatingHistory.Game>> games(DSLContext dsl, Map<String, String> aliases) {
        Map<Variant, List<RatingHistory.Game>> games = new EnumMap<>(Variant.class);
        try (var rows = dsl.select(GAME.ID, GAME.VARIANT, GAME.DATE, GAME.WHITE, GAME.BLACK, GAME.RESULT,
                        ANALYSIS.RESULT_BY_RULE)
                .from(GAME)
                .leftJoin(ANALYSIS).on(ANALYSIS.GAME_ID.eq(GAME.ID))
                .fetchSize(10_000)
                .fetchLazy()) {
            for (var r : rows) {
                String white = name(r.value4(), aliases);
                String black = name(r.value5(), aliases);
                if (white == null || black == null || white.equals(black)) continue;
                OptionalDouble score = Results.ratedScore(r.value6(), r.value7());
                if (score.isEmpty()) continue;
                games.computeIfAbsent(Variant.parse(r.value2()), v -> new ArrayList<>())
                        .add(new RatingHistory.Game(r.value1(), GameDate.key(r.value3()), white, black,
                                score.getAsDouble()));
            }
        }
        games.values().forEach(list -> list.sort(RatingHistory.Game.ORDER));
        return games;
    }

    private static String name(String written, Map<String, String> aliases) {
        if (written == null || written.isBlank()) return null;
        return aliases.getOrDefault(written, written);
    }

    private Summary computeAndStore() throws SQLException {
        try (Connection c = db.dataSource().getConnection()) {
            DSLContext dsl = DSL.using(c, db.dialect(), db.dsl().settings());
            Seen seen = seen(dsl);
            Map<String, String> aliases = PlayerAliases.load(dsl);
            return store(c, seen, games(dsl, aliases));
        }
    }

    private Summary store(Connection c, Seen seen, Map<Variant, List<RatingHistory.Game>> games) throws SQLException {
        SQLDialect dialect = db.dialect();
        DSLContext dsl = DSL.using(c, dialect, db.dsl().settings());
        // not Transaction: on H2 it commits at every checkpoint as it goes; the tables are rewritten by
        // plain JDBC (TRUNCATE, indexes dropped and built again, batches or COPY), the rest is jOOQ
        c.setAutoCommit(false);
        try {
            if (dialect == SQLDialect.POSTGRES) {
                // one computation at a time (several analyze processes may finish together): the
                // next reads the players and checkpoints this one stored
                try (Statement st = c.createStatement()) {
                    st.execute("LOCK TABLE rating_run IN EXCLUSIVE MODE");
                }
            }
            Map<String, Integer> storedIds = storedPlayerIds(dsl);
            Map<String, Integer> ids = playerIds(storedIds, games);
            RatingComputation.Result computed = RatingComputation.compute(games, ids);
            List<Quality> quality = computed.quality();
            int rated = computed.rated();
            String shown = computed.shown();
            RatingSystem shownSystem = SYSTEMS.stream().filter(x -> x.name().equals(shown)).findFirst().orElseThrow();
            Map<Variant, Integer> kept = keptHistory(dsl, shown, games);
            // with less than half kept, deleting the rest row by row costs more than writing all again
            boolean whole = 2 * kept.values().stream().mapToInt(Integer::intValue).sum() < rated;
            try (Statement st = c.createStatement()) {
                for (String table : List.of("player_rating", "rating_quality", "rating_run")) {
                    st.execute("TRUNCATE TABLE " + table);
                }
                if (whole) {
                    // all of it written again: faster without the indexes, built once after
                    st.execute("TRUNCATE TABLE rating");
                    st.execute("TRUNCATE TABLE rating_checkpoint");
                    for (String index : List.of("rating_game_idx", "rating_player_idx", "rating_seq_idx")) {
                        st.execute("DROP INDEX IF EXISTS " + index);
                    }
                }
            }
            if (!whole) dropAfter(dsl, kept);
            // the new players' numbers before any row that uses them: a stopped run leaves none
            // unknown to the next, which gives each name the number stored
            try (RowSink players = RowSink.open(c, dialect, "player", "id", "name")) {
                for (Map.Entry<String, Integer> p : ids.entrySet()) {
                    if (!storedIds.containsKey(p.getKey())) players.integer(p.getValue()).text(p.getKey()).endRow();
                }
                players.finish();
            }
            // H2 commits as it goes (PostgreSQL copies all in one transaction); the run row,
            // written last, says the ratings are whole, and each checkpoint is committed with
            // the rows before it
            boolean chunked = dialect != SQLDialect.POSTGRES;
            if (chunked) c.commit();
            List<Checkpoint> checkpoints = new ArrayList<>();
            try (RowSink rows = RowSink.open(c, dialect, "rating", "system", "variant", "game_id", "side", "player_id", "seq",
                    "games", "expected", "score", "rating_before", "deviation_before", "rating", "deviation", "volatility")) {
                for (Map.Entry<Variant, List<RatingHistory.Game>> e : games.entrySet()) {
                    String variant = e.getKey().tagName();
                    int from = whole ? 0 : kept.get(e.getKey());
                    RatingHistory history = new RatingHistory(shownSystem);
                    OrderDigest digest = new OrderDigest();
                    int seq = 0;
                    for (RatingHistory.Game g : e.getValue()) {
                        RatingHistory.Step step = history.play(g);
                        digest.add(g);
                        seq++;
                        if (seq <= from) continue;
                        row(rows, shownSystem, variant, g, "w", ids.get(g.white()), seq, step.expected(), g.whiteScore(),
                                step.whiteBefore(), step.whiteAfter());
                        row(rows, shownSystem, variant, g, "b", ids.get(g.black()), seq, 1 - step.expected(),
                                1 - g.whiteScore(), step.blackBefore(), step.blackAfter());
                        if (seq % checkpointGames == 0) {
                            checkpoints.add(new Checkpoint(variant, seq, digest.value()));
                            if (chunked) {
                                rows.finish();
                                insert(dsl, checkpoints);
                                c.commit();
                            }
                        }
                    }
                }
                rows.finish();
            }
            // after the copy on PostgreSQL, which allows no other statement while it runs
            insert(dsl, checkpoints);
            try (RowSink out = RowSink.open(c, dialect, "player_rating", "system", "variant", "player_id", "rank", "rating",
                    "deviation", "volatility", "games", "wins", "draws", "losses", "last_game_id")) {
                for (RatingComputation.Standing x : computed.standings()) {
                    Rating r = x.rating();
                    out.text(x.system()).text(x.variant()).integer(x.playerId()).integer(x.rank())
                            .doublePrecision(r.rating()).doublePrecision(orNull(r.deviation()))
                            .doublePrecision(orNull(r.volatility())).integer(r.games())
                            .integer(x.wdl()[0]).integer(x.wdl()[1]).integer(x.wdl()[2]).bigint(x.lastGameId())
                            .endRow();
                }
                out.finish();
            }
            List<Integer> gone = new ArrayList<>(); // names no longer rated (an alias merged them)
            for (Map.Entry<String, Integer> p : storedIds.entrySet()) if (!ids.containsKey(p.getKey())) gone.add(p.getValue());
            if (!gone.isEmpty()) dsl.deleteFrom(PLAYER).where(PLAYER.ID.in(gone)).execute();
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
            dsl.insertInto(RATING_RUN)
                    .set(RATING_RUN.ID, 1)
                    .set(RATING_RUN.COMPUTED_AT, LocalDateTime.now())
                    .set(RATING_RUN.GAME_COUNT, seen.games())
                    .set(RATING_RUN.MAX_GAME_ID, seen.maxGameId())
                    .set(RATING_RUN.ANALYSIS_COUNT, seen.analyses())
                    .set(RATING_RUN.RATED_GAMES, rated)
                    .set(RATING_RUN.SHOWN_SYSTEM, shown)
                    .execute();
            c.commit();
            return new Summary(rated, ids.size(), quality, shown,
                    whole ? 0 : kept.values().stream().mapToInt(Integer::intValue).sum());
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
            restoreIndexes(c);
        }
    }

    /** The players' numbers stored, by name. */
    private static Map<String, Integer> storedPlayerIds(DSLContext dsl) {
        Map<String, Integer> stored = new HashMap<>();
        dsl.select(PLAYER.ID, PLAYER.NAME).from(PLAYER).forEach(r -> stored.put(r.value2(), r.value1()));
        return stored;
    }

    /**
     * The players' numbers: each name keeps the number it had, and new names get the next ones
     * in the order they first play. A name no longer rated (an alias merged it) loses its number.
     */
    private static Map<String, Integer> playerIds(Map<String, Integer> stored, Map<Variant, List<RatingHistory.Game>> games) {
        int last = stored.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        Map<String, Integer> ids = new LinkedHashMap<>();
        for (List<RatingHistory.Game> list : games.values()) {
            for (RatingHistory.Game g : list) {
                for (String name : List.of(g.white(), g.black())) {
                    if (ids.containsKey(name)) continue;
                    Integer id = stored.get(name);
                    ids.put(name, id != null ? id : ++last);
                }
            }
        }
        return ids;
    }

    /**
     * Per variant, how many games of the stored history are kept: up to the last checkpoint
     * whose digest the games now give again, and none when another system's history is stored.
     */
    private Map<Variant, Integer> keptHistory(DSLContext dsl, String shown, Map<Variant, List<RatingHistory.Game>> games) {
        Map<Variant, Integer> kept = new EnumMap<>(Variant.class);
        for (Variant v : games.keySet()) kept.put(v, 0);
        String storedSystem = dsl.select(RATING_RUN.SHOWN_SYSTEM).from(RATING_RUN).limit(1).fetchOne(RATING_RUN.SHOWN_SYSTEM);
        // the run row is gone while a computation writes: what it left is kept up to its checkpoints
        if (storedSystem == null) storedSystem = dsl.select(DSL.min(RATING.SYSTEM)).from(RATING).fetchOne(0, String.class);
        if (!shown.equals(storedSystem)) return kept;
        Map<Variant, Map<Integer, Long>> stored = new EnumMap<>(Variant.class);
        dsl.select(RATING_CHECKPOINT.VARIANT, RATING_CHECKPOINT.SEQ, RATING_CHECKPOINT.DIGEST)
                .from(RATING_CHECKPOINT)
                .forEach(r -> stored.computeIfAbsent(Variant.parse(r.value1()), x -> new HashMap<>()).put(r.value2(), r.value3()));
        for (Map.Entry<Variant, List<RatingHistory.Game>> e : games.entrySet()) {
            Map<Integer, Long> checkpoints = stored.getOrDefault(e.getKey(), Map.of());
            OrderDigest digest = new OrderDigest();
            int seq = 0;
            for (RatingHistory.Game g : e.getValue()) {
                digest.add(g);
                seq++;
                if (seq % checkpointGames != 0) continue;
                Long was = checkpoints.get(seq);
                if (was == null || was != digest.value()) break;
                kept.put(e.getKey(), seq);
            }
        }
        return kept;
    }

    /** A checkpoint of the stored history (rating_checkpoint). */
    private record Checkpoint(String variant, int seq, long digest) {}

    /** Writes the checkpoints and forgets them. */
    private static void insert(DSLContext dsl, List<Checkpoint> checkpoints) {
        if (checkpoints.isEmpty()) return;
        BatchBindStep insert = dsl.batch(dsl.insertInto(RATING_CHECKPOINT)
                .set(RATING_CHECKPOINT.VARIANT, DSL.param(RATING_CHECKPOINT.VARIANT))
                .set(RATING_CHECKPOINT.SEQ, DSL.param(RATING_CHECKPOINT.SEQ))
                .set(RATING_CHECKPOINT.DIGEST, DSL.param(RATING_CHECKPOINT.DIGEST)));
        for (Checkpoint x : checkpoints) insert.bind(x.variant(), x.seq(), x.digest());
        insert.execute();
        checkpoints.clear();
    }

    /** Deletes each variant's history after the games kept, and that of variants no longer rated. */
    private static void dropAfter(DSLContext dsl, Map<Variant, Integer> kept) {
        for (Variant v : Variant.values()) {
            int from = kept.getOrDefault(v, 0);
            dsl.deleteFrom(RATING).where(RATING.VARIANT.eq(v.tagName())).and(RATING.SEQ.gt(from)).execute();
            dsl.deleteFrom(RATING_CHECKPOINT)
                    .where(RATING_CHECKPOINT.VARIANT.eq(v.tagName()))
                    .and(RATING_CHECKPOINT.SEQ.gt(from))
                    .execute();
        }
    }

    /**
     * A digest of a rating order up to a game: equal digests, the same games with the same
     * players and scores in the same order (64 bits: a chance collision is not to be feared).
     */
    static final class OrderDigest {
        private long value = 0x9E3779B97F4A7C15L;

        void add(RatingHistory.Game g) {
            mix(g.id());
            mix(text(g.white()));
            mix(text(g.black()));
            mix(Double.doubleToLongBits(g.whiteScore()));
        }

        long value() {
            return value;
        }

        private void mix(long x) {
            // splitmix64's finaliser over the running value and the next word
            long z = value ^ (x + 0x9E3779B97F4A7C15L + (value << 6) + (value >>> 2));
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            value = z ^ (z >>> 31);
        }

        private static long text(String s) {
            long h = 0xcbf29ce484222325L; // FNV-1a, 64 bits
            for (int i = 0; i < s.length(); i++) {
                h ^= s.charAt(i);
                h *= 0x100000001b3L;
            }
            return h;
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
    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
