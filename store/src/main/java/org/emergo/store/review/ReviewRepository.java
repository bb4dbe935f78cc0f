package org.emergo.store.review;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.emergo.review.GameReview;
import org.emergo.review.PlyReview;
import org.emergo.rules.Move;
import org.emergo.rules.Variant;
import org.emergo.search.Judgement.MoveClass;
import org.emergo.search.WinCurve;
import org.emergo.store.db.Database;
import org.emergo.store.db.ErrorText;
import org.emergo.store.db.Transaction;
import org.emergo.store.game.PendingGame;
import org.emergo.store.jdbc.RowSink;
import org.emergo.store.sql.QueryException;
import org.emergo.store.sql.ReadOnlySql;
import org.jooq.SQLDialect;

/**
 * Reads the games to review and writes and reads reviews (sql/V7__review.sql; the settings
 * and their curves are {@link ReviewSettings}, the curves fitted to the database's own games
 * {@link OwnCurves}): a game's
 * review_ply rows and its review row go in one transaction, so a game is reviewed whole or not
 * at all. Writes go through {@link RowSink}: JDBC batches on H2, COPY on PostgreSQL.
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

    /** Longest text of a line column (review_ply.line, forced_line): a longer line keeps its first moves. */
    static final int LINE_CHARS = 4000;

    private static final String UNIQUE_VIOLATION = ReviewSettings.UNIQUE_VIOLATION;

    private final Database db;

    public ReviewRepository(Database db) {
        this.db = db;
    }

    /** Games matching {@code where} (an SQL condition on table game; null: all) not yet reviewed at the setting. */
    public int countPending(int settingId, String where) throws SQLException {
        String sql = "SELECT COUNT(*) FROM game g WHERE " + pendingCondition(where);
        return readChecked(where, c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setInt(1, settingId);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }

    /** The next games after {@code afterId} in id order that match {@code where} and are not yet reviewed at the setting. */
    public List<PendingGame> pending(int settingId, long afterId, int limit, String where)
            throws SQLException {
        String sql = "SELECT " + PendingGame.COLUMNS + " FROM game g WHERE g.id > ? AND "
                + pendingCondition(where) + " ORDER BY g.id LIMIT ?";
        return readChecked(where, c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setLong(1, afterId);
                st.setInt(2, settingId);
                st.setInt(3, limit);
                List<PendingGame> games = new ArrayList<>(limit);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) games.add(PendingGame.read(rs));
                }
                return games;
            }
        });
    }

    /** One game as the review needs it, reviewed or not. */
    public Optional<PendingGame> game(long id) throws SQLException {
        String sql = "SELECT " + PendingGame.COLUMNS + " FROM game g WHERE g.id = ?";
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setLong(1, id);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(PendingGame.read(rs)) : Optional.empty();
            }
        }
    }

    private static String pendingCondition(String where) {
        String own = "NOT EXISTS (SELECT 1 FROM review r WHERE r.game_id = g.id AND r.setting_id = ?)";
        return where == null || where.isBlank() ? own : own + " AND (" + ReadOnlySql.checkCondition(where) + ")";
    }

    /**
     * Reads with the user's condition on a read-only connection ({@link Database#readOnly}), so
     * that the condition can change nothing; its failure is said as {@code emergo export}'s is.
     */
    private <T> T readChecked(String where, Database.SqlWork<T> work) throws SQLException {
        if (where == null || where.isBlank()) {
            try (Connection c = db.dataSource().getConnection()) {
                return work.run(c);
            }
        }
        try {
            return db.withReadOnlyConnection(work);
        } catch (SQLException e) {
            throw new QueryException("the condition failed: " + ErrorText.firstLine(e), e);
        }
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
                            .text(String.valueOf(p.toMove().letter())).integer(p.scoreWhite())
                            .text(p.bestMove() == null ? null : p.bestMove().toString())
                            .smallint(p.bestMove() == null ? 0 : p.bestMove().jumps())
                            .smallint(p.depth()).bigint(p.nodes()).text(line(p.line()))
                            .text(p.played() == null ? null : p.played().toString())
                            .integer(p.loss()).real(p.chancesLost() == null ? null : p.chancesLost().floatValue())
                            .text(p.moveClass() == null ? null : className(p.moveClass()))
                            .smallint(p.forcedLoss() == null ? null : p.forcedLoss().men())
                            .smallint(p.forcedLoss() == null ? null : p.forcedLoss().plies())
                            .text(p.forcedLoss() == null ? null : line(p.forcedLoss().line()))
                            .text(p.forcedLoss() == null ? null : p.forcedLoss().kind().code())
                            .text(p.proof() == null ? null : p.proof().outcome().name().toLowerCase(java.util.Locale.ROOT))
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

    /** A class as stored: good, inaccuracy, mistake, blunder. */
    static String className(MoveClass c) {
        return c.name().toLowerCase(Locale.ROOT);
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

    private static boolean isReviewed(Connection c, long gameId, int settingId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM review WHERE game_id = ? AND setting_id = ?")) {
            st.setLong(1, gameId);
            st.setInt(2, settingId);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Whether a game is reviewed at a setting. */
    public boolean isReviewed(long gameId, int settingId) throws SQLException {
        try (Connection c = db.dataSource().getConnection()) {
            return isReviewed(c, gameId, settingId);
        }
    }

    /** Every game reviewed at a setting: how many, and the classes and forced losses of their moves. */
    public record Totals(int games, long inaccuracies, long mistakes, long blunders, long forcedLosses) {}

    public Totals totals(int settingId) throws SQLException {
        String sql = "SELECT COUNT(*), SUM(white_inaccuracies + black_inaccuracies), SUM(white_mistakes + black_mistakes),"
                + " SUM(white_blunders + black_blunders), SUM(white_forced_losses + black_forced_losses)"
                + " FROM review WHERE setting_id = ?";
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setInt(1, settingId);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return new Totals(rs.getInt(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5));
            }
        }
    }

    // ---- reading a game's review

    /** A game's review at a setting. */
    public Optional<StoredReview> find(long gameId, ReviewSetting s) throws SQLException {
        return find(gameId, "r.setting_id = " + s.id());
    }

    /**
     * A game's review: of all the settings it was reviewed at, the one reviewed last (the
     * setting made last, between two at once).
     */
    public Optional<StoredReview> latest(long gameId) throws SQLException {
        return find(gameId, "TRUE");
    }

    private Optional<StoredReview> find(long gameId, String settingCondition) throws SQLException {
        String head = "SELECT r.setting_id, s.setting, s.engine_version, c.curve_k, c.curve_offset, c.curve_source,"
                + " r.plies, r.stopped_at_ply, r.reviewed_at, r.white_accuracy, r.black_accuracy,"
                + " r.white_inaccuracies, r.white_mistakes, r.white_blunders, r.black_inaccuracies, r.black_mistakes,"
                + " r.black_blunders, r.white_forced_losses, r.black_forced_losses"
                + " FROM review r JOIN review_setting s ON s.id = r.setting_id JOIN game g ON g.id = r.game_id"
                + " JOIN review_curve c ON c.setting_id = r.setting_id AND c.variant = g.variant"
                + " WHERE r.game_id = ? AND " + settingCondition
                + " ORDER BY r.reviewed_at DESC, r.setting_id DESC LIMIT 1";
        String plies = "SELECT ply, player, score_white, best_move, depth, nodes, line, played, loss, chances_lost,"
                + " move_class, forced_men, forced_plies, forced_line, forced_kind, proof, proof_horizon FROM review_ply"
                + " WHERE game_id = ? AND setting_id = ? ORDER BY ply";
        try (Connection c = db.dataSource().getConnection()) {
            c.setAutoCommit(false); // one snapshot on PostgreSQL: the review row and its plies agree
            try (PreparedStatement st = c.prepareStatement(head)) {
                st.setLong(1, gameId);
                int settingId;
                StoredReview review;
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next()) return Optional.empty();
                    settingId = rs.getInt(1);
                    review = new StoredReview(gameId, rs.getString(2), rs.getString(3),
                            new WinCurve(rs.getDouble(4), rs.getDouble(5)).toString(), rs.getString(6), rs.getInt(7),
                            (Integer) rs.getObject(8, Integer.class), rs.getObject(9, LocalDateTime.class),
                            new StoredReview.SideFigures(realOrNull(rs, 10), rs.getInt(12), rs.getInt(13), rs.getInt(14),
                                    rs.getInt(18)),
                            new StoredReview.SideFigures(realOrNull(rs, 11), rs.getInt(15), rs.getInt(16), rs.getInt(17),
                                    rs.getInt(19)),
                            List.of());
                }
                List<StoredReview.Ply> rows = new ArrayList<>();
                try (PreparedStatement p = c.prepareStatement(plies)) {
                    p.setLong(1, gameId);
                    p.setInt(2, settingId);
                    try (ResultSet rs = p.executeQuery()) {
                        while (rs.next()) {
                            rows.add(new StoredReview.Ply(rs.getInt(1), rs.getString(2), rs.getInt(3), rs.getString(4),
                                    rs.getInt(5), rs.getLong(6), words(rs.getString(7)), rs.getString(8),
                                    (Integer) rs.getObject(9, Integer.class), realOrNull(rs, 10), rs.getString(11),
                                    (Integer) rs.getObject(12, Integer.class), (Integer) rs.getObject(13, Integer.class),
                                    words(rs.getString(14)), rs.getString(15), rs.getString(16),
                                    (Integer) rs.getObject(17, Integer.class)));
                        }
                    }
                }
                return Optional.of(new StoredReview(review.gameId(), review.setting(), review.engineVersion(),
                        review.curve(), review.curveSource(), review.moves(), review.stoppedAtPly(), review.reviewedAt(),
                        review.white(), review.black(), rows));
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
    }

    private static Double realOrNull(ResultSet rs, int column) throws SQLException {
        float f = rs.getFloat(column);
        return rs.wasNull() ? null : (double) f;
    }

    private static List<String> words(String text) {
        return text == null || text.isEmpty() ? List.of() : List.of(text.split(" "));
    }
}
