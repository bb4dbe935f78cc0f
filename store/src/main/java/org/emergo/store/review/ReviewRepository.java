package org.emergo.store.review;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.emergo.store.jooq.Tables.REVIEW_CURVE;
import static org.emergo.store.jooq.Tables.REVIEW_PLY;
import static org.emergo.store.jooq.Tables.REVIEW_SETTING;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.emergo.review.GameReview;
import org.emergo.review.PlyReview;
import org.emergo.rules.Variant;
import org.emergo.search.WinCurve;
import org.emergo.store.db.Database;
import org.emergo.store.db.Transaction;
import org.emergo.store.game.PendingGame;
import org.emergo.store.game.PendingGames;
import org.emergo.store.jdbc.RowSink;
import org.jooq.Condition;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * Reads the games to review and writes and reads reviews (sql/V7__review.sql; the settings
 * and their curves are {@link ReviewSettings}, the curves fitted to the database's own games
 * {@link OwnCurves}): a game's
 * review_ply rows and its review row go in one transaction, so a game is reviewed whole or not
 * at all. Writes go through {@link RowSink}: JDBC batches on H2, COPY on PostgreSQL, as they
 * are a review run's bulk (a row a position); the reads are jOOQ.
 */
public final class ReviewRepository {

    /** A reviewed game to store. */
    public record ReviewedGame(long gameId, Variant variant, GameReview review) {}

    private static final String[] PLY_COLUMNS = {"game_id", "setting_id", "ply", "player", "score_white", "best_move",
        "best_takes", "depth", "nodes", "line", "played", "loss", "chances_lost", "move_class", "forced_men",
        "forced_plies", "forced_line", "forced_kind", "proof", "proof_horizon"};

    private static final String[] REVIEW_COLUMNS = {"game_id", "setting_id", "plies", "stopped_at_ply", "white_accuracy",
        "black_accuracy", "white_inaccuracies", "white_mistakes", "white_blunders", "black_inaccuracies",
        "black_mistakes", "black_blunders", "white_forced_losses", "black_forced_losses", "nodes", "curve_generation",
        "reviewed_at"};

    private static final String UNIQUE_VIOLATION = ReviewSettings.UNIQUE_VIOLATION;

    private final Database db;

    public ReviewRepository(Database db) {
        this.db = db;
    }

    /** Games matching {@code where} (an SQL condition on table game; null: all) not yet reviewed at the setting. */
    public int countPending(int settingId, String where) throws SQLException {
        return pending(settingId).count(where);
    }

    /** The next games after {@code afterId} in id order that match {@code where} and are not yet reviewed at the setting. */
    public List<PendingGame> pending(int settingId, long afterId, int limit, String where)
            throws SQLException {
        return pending(settingId).next(afterId, limit, where);
    }

    private PendingGames pending(int settingId) {
        return new PendingGames(db, DSL.notExists(DSL.selectOne()
                .from(REVIEW)
                .where(REVIEW.GAME_ID.eq(PendingGames.G.ID))
                .and(REVIEW.SETTING_ID.eq(settingId))));
    }

    /** One game as the review needs it, reviewed or not. */
    public Optional<PendingGame> game(long id) {
        return PendingGames.game(db.dsl(), id);
    }

    /**
     * Stores reviews of games at a setting in one transaction, the review rows after their
     * plies. A game that another program reviewed at the same setting meanwhile is left as that
     * program stored it.
     */
    public void save(List<ReviewedGame> games, ReviewSetting setting) throws SQLException {
        if (games.isEmpty()) return;
        LocalDateTime now = LocalDateTime.now();
        try (Connection c = db.dataSource().getConnection()) {
            try {
                Transaction.run(c, tx -> insert(tx, games, setting, now));
            } catch (SQLException e) {
                if (!UNIQUE_VIOLATION.equals(e.getSQLState())) throw e;
                List<ReviewedGame> rest = new ArrayList<>();
                for (ReviewedGame g : games) if (!isReviewed(c, g.gameId(), setting.id())) rest.add(g);
                if (!rest.isEmpty()) Transaction.run(c, tx -> insert(tx, rest, setting, now));
            }
        }
    }

    private void insert(Connection c, List<ReviewedGame> games, ReviewSetting setting, LocalDateTime now)
            throws SQLException {
        SQLDialect dialect = db.dialect();
        try (RowSink st = RowSink.open(c, dialect, "review_ply", PLY_COLUMNS)) {
            for (ReviewedGame g : games) {
                for (PlyReview p : g.review().plies()) {
                    st.bigint(g.gameId()).integer(setting.id()).integer(p.ply())
                            .text(ReviewColumns.player(p.toMove())).integer(p.scoreWhite())
                            .text(p.bestMove() == null ? null : p.bestMove().toString())
                            .smallint(p.bestMove() == null ? 0 : p.bestMove().jumps())
                            .smallint(p.depth()).bigint(p.nodes()).text(ReviewColumns.line(p.line()))
                            .text(p.played() == null ? null : p.played().toString())
                            .integer(p.loss()).real(p.chancesLost() == null ? null : p.chancesLost().floatValue())
                            .text(ReviewColumns.moveClass(p.moveClass()))
                            .smallint(p.forcedLoss() == null ? null : p.forcedLoss().men())
                            .smallint(p.forcedLoss() == null ? null : p.forcedLoss().plies())
                            .text(p.forcedLoss() == null ? null : ReviewColumns.line(p.forcedLoss().line()))
                            .text(ReviewColumns.kind(p.forcedLoss()))
                            .text(ReviewColumns.outcome(p.proof()))
                            .smallint(p.proof() == null ? null : p.proof().horizon())
                            .endRow();
                }
            }
            st.finish();
        }
        try (RowSink st = RowSink.open(c, dialect, "review", REVIEW_COLUMNS)) {
            for (ReviewedGame g : games) {
                GameReview r = g.review();
                st.bigint(g.gameId()).integer(setting.id()).integer(r.moves())
                        .integer(r.stoppedAtPly() < 0 ? null : r.stoppedAtPly());
                sideFigures(st, r.white(), r.black());
                st.bigint(r.nodes()).integer(setting.curve(g.variant()).generation()).timestamp(now).endRow();
            }
            st.finish();
        }
    }

    /** The accuracies, then the counts of White, then of Black, then the forced losses of each. */
    private static void sideFigures(RowSink st, GameReview.SideFigures white, GameReview.SideFigures black)
            throws SQLException {
        st.real(accuracy(white)).real(accuracy(black))
                .smallint(white.inaccuracies()).smallint(white.mistakes()).smallint(white.blunders())
                .smallint(black.inaccuracies()).smallint(black.mistakes()).smallint(black.blunders())
                .smallint(white.forcedLosses()).smallint(black.forcedLosses());
    }

    private static Float accuracy(GameReview.SideFigures side) {
        return side.accuracy() == null ? null : side.accuracy().floatValue();
    }

    private boolean isReviewed(Connection c, long gameId, int settingId) {
        return DSL.using(c, db.dialect(), db.dsl().settings())
                .fetchExists(REVIEW, REVIEW.GAME_ID.eq(gameId).and(REVIEW.SETTING_ID.eq(settingId)));
    }

    /** Whether a game is reviewed at a setting. */
    public boolean isReviewed(long gameId, int settingId) throws SQLException {
        return db.dsl().fetchExists(REVIEW, REVIEW.GAME_ID.eq(gameId).and(REVIEW.SETTING_ID.eq(settingId)));
    }

    /** Every game reviewed at a setting: how many, and the classes and forced losses of their moves. */
    public record Totals(int games, long inaccuracies, long mistakes, long blunders, long forcedLosses) {}

    public Totals totals(int settingId) throws SQLException {
        Record r = db.dsl().select(DSL.count(),
                        DSL.sum(REVIEW.WHITE_INACCURACIES.plus(REVIEW.BLACK_INACCURACIES)),
                        DSL.sum(REVIEW.WHITE_MISTAKES.plus(REVIEW.BLACK_MISTAKES)),
                        DSL.sum(REVIEW.WHITE_BLUNDERS.plus(REVIEW.BLACK_BLUNDERS)),
                        DSL.sum(REVIEW.WHITE_FORCED_LOSSES.plus(REVIEW.BLACK_FORCED_LOSSES)))
                .from(REVIEW)
                .where(REVIEW.SETTING_ID.eq(settingId))
                .fetchSingle();
        return new Totals(r.get(0, int.class), r.get(1, long.class), r.get(2, long.class), r.get(3, long.class),
                r.get(4, long.class));
    }

    // ---- reading a game's review

    /** A game's review at a setting. */
    public Optional<StoredReview> find(long gameId, ReviewSetting s) {
        return find(gameId, REVIEW.SETTING_ID.eq(s.id()));
    }

    /**
     * A game's review: of all the settings it was reviewed at, the one reviewed last (the
     * setting made last, between two at once).
     */
    public Optional<StoredReview> latest(long gameId) {
        return find(gameId, DSL.trueCondition());
    }

    private Optional<StoredReview> find(long gameId, Condition setting) {
        // one transaction, so one snapshot on PostgreSQL: the review row and its plies agree
        return db.dsl().transactionResult(tx -> {
            Record r = tx.dsl().select(REVIEW.SETTING_ID, REVIEW_SETTING.SETTING, REVIEW_SETTING.ENGINE_VERSION,
                            REVIEW_CURVE.CURVE_K, REVIEW_CURVE.CURVE_OFFSET, REVIEW_CURVE.CURVE_SOURCE, REVIEW.PLIES,
                            REVIEW.STOPPED_AT_PLY, REVIEW.REVIEWED_AT, REVIEW.WHITE_ACCURACY, REVIEW.BLACK_ACCURACY,
                            REVIEW.WHITE_INACCURACIES, REVIEW.WHITE_MISTAKES, REVIEW.WHITE_BLUNDERS,
                            REVIEW.BLACK_INACCURACIES, REVIEW.BLACK_MISTAKES, REVIEW.BLACK_BLUNDERS,
                            REVIEW.WHITE_FORCED_LOSSES, REVIEW.BLACK_FORCED_LOSSES)
                    .from(REVIEW)
                    .join(REVIEW_SETTING).on(REVIEW_SETTING.ID.eq(REVIEW.SETTING_ID))
                    .join(GAME).on(GAME.ID.eq(REVIEW.GAME_ID))
                    .join(REVIEW_CURVE).on(REVIEW_CURVE.SETTING_ID.eq(REVIEW.SETTING_ID)
                            .and(REVIEW_CURVE.VARIANT.eq(GAME.VARIANT)))
                    .where(REVIEW.GAME_ID.eq(gameId))
                    .and(setting)
                    .orderBy(REVIEW.REVIEWED_AT.desc(), REVIEW.SETTING_ID.desc())
                    .limit(1)
                    .fetchOne();
            if (r == null) return Optional.<StoredReview>empty();
            List<StoredReview.Ply> rows = tx.dsl().selectFrom(REVIEW_PLY)
                    .where(REVIEW_PLY.GAME_ID.eq(gameId))
                    .and(REVIEW_PLY.SETTING_ID.eq(r.get(REVIEW.SETTING_ID)))
                    .orderBy(REVIEW_PLY.PLY)
                    .fetch(p -> new StoredReview.Ply(p.getPly(), ReviewColumns.player(p.getPlayer()), p.getScoreWhite(),
                            p.getBestMove(), orZero(p.getDepth()), p.getNodes() == null ? 0 : p.getNodes(),
                            ReviewColumns.words(p.getLine()), p.getPlayed(), p.getLoss(), real(p.getChancesLost()),
                            ReviewColumns.moveClass(p.getMoveClass()), integer(p.getForcedMen()),
                            integer(p.getForcedPlies()), ReviewColumns.words(p.getForcedLine()),
                            ReviewColumns.kind(p.getForcedMen(), p.getForcedKind()), ReviewColumns.outcome(p.getProof()),
                            integer(p.getProofHorizon())));
            return Optional.of(new StoredReview(gameId, r.get(REVIEW_SETTING.SETTING),
                    r.get(REVIEW_SETTING.ENGINE_VERSION),
                    new WinCurve(r.get(REVIEW_CURVE.CURVE_K), r.get(REVIEW_CURVE.CURVE_OFFSET)).toString(),
                    r.get(REVIEW_CURVE.CURVE_SOURCE), r.get(REVIEW.PLIES), r.get(REVIEW.STOPPED_AT_PLY),
                    r.get(REVIEW.REVIEWED_AT),
                    new StoredReview.SideFigures(real(r.get(REVIEW.WHITE_ACCURACY)),
                            orZero(r.get(REVIEW.WHITE_INACCURACIES)), orZero(r.get(REVIEW.WHITE_MISTAKES)),
                            orZero(r.get(REVIEW.WHITE_BLUNDERS)), orZero(r.get(REVIEW.WHITE_FORCED_LOSSES))),
                    new StoredReview.SideFigures(real(r.get(REVIEW.BLACK_ACCURACY)),
                            orZero(r.get(REVIEW.BLACK_INACCURACIES)), orZero(r.get(REVIEW.BLACK_MISTAKES)),
                            orZero(r.get(REVIEW.BLACK_BLUNDERS)), orZero(r.get(REVIEW.BLACK_FORCED_LOSSES))),
                    rows));
        });
    }

    private static Double real(Float f) {
        return f == null ? null : (double) f;
    }

    private static Integer integer(Short s) {
        return s == null ? null : (int) s;
    }

    private static int orZero(Short s) {
        return s == null ? 0 : s;
    }
}
