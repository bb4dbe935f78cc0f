package org.emergo.store.review;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.emergo.review.MoveJudgements;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;
import org.emergo.search.ForcedLoss;
import org.emergo.search.Judgement;
import org.emergo.search.WinCurve;
import org.emergo.store.db.Database;
import org.emergo.store.db.Transaction;

/**
 * The curves a database fits to its own reviewed games, and the judging again of the games a
 * new curve concerns: from their stored scores, a batch of games per transaction, each game's
 * review row marked with the curve generation that judged it.
 */
public final class OwnCurves {

    /** The scores of reviewed positions with their game's result, for fitting a curve. */
    public record Samples(int[] scores, double[] results, long[] gameIds) {}

    /** A stored game's id and board. */
    public record GameOfBoard(long gameId, Variant variant) {}

    private final Database db;

    public OwnCurves(Database db) {
        this.db = db;
    }

    /** Games of a board reviewed at the setting whose recorded result is a win. */
    public int decisiveGames(int settingId, Variant variant) throws SQLException {
        String sql = "SELECT COUNT(*) FROM review r JOIN game g ON g.id = r.game_id"
                + " WHERE r.setting_id = ? AND g.variant = ? AND g.result IN ('1-0', '0-1')";
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setInt(1, settingId);
            st.setString(2, variant.tagName());
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * The score of every position of a board reviewed at the setting in a game with a recorded
     * result (a win or a draw), for its side to move, with that side's result: 1, 0.5 or 0, and
     * the game it is of. In
     * game and ply order, so a fit to them is the same every time.
     */
    public Samples samples(int settingId, Variant variant) throws SQLException {
        String sql = "SELECT p.player, p.score_white, g.result, p.game_id FROM review_ply p JOIN game g ON g.id = p.game_id"
                + " WHERE p.setting_id = ? AND g.variant = ? AND g.result IN ('1-0', '0-1', '1/2-1/2')"
                + " AND EXISTS (SELECT 1 FROM review r WHERE r.game_id = p.game_id AND r.setting_id = p.setting_id)"
                + " ORDER BY p.game_id, p.ply";
        int[] scores = new int[1 << 16];
        double[] results = new double[scores.length];
        long[] games = new long[scores.length];
        int n = 0;
        try (Connection c = db.dataSource().getConnection()) {
            c.setAutoCommit(false); // PostgreSQL streams a result by the fetch size only in a transaction
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setInt(1, settingId);
                st.setString(2, variant.tagName());
                st.setFetchSize(10_000);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        if (n == scores.length) {
                            scores = Arrays.copyOf(scores, n * 2);
                            results = Arrays.copyOf(results, n * 2);
                            games = Arrays.copyOf(games, n * 2);
                        }
                        Side side = Side.ofLetter(rs.getString(1).charAt(0));
                        double white = switch (rs.getString(3)) {
                            case "1-0" -> 1;
                            case "0-1" -> 0;
                            default -> 0.5;
                        };
                        games[n] = rs.getLong(4);
                        scores[n] = MoveJudgements.forSide(rs.getInt(2), side);
                        results[n++] = side == Side.WHITE ? white : 1 - white;
                    }
                }
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
        return new Samples(Arrays.copyOf(scores, n), Arrays.copyOf(results, n), Arrays.copyOf(games, n));
    }

    private static final String OLDER = " FROM review r JOIN game g ON g.id = r.game_id"
            + " JOIN review_curve c ON c.setting_id = r.setting_id AND c.variant = g.variant"
            + " WHERE r.setting_id = ? AND r.curve_generation < c.curve_generation";

    /** Games of the setting judged with an older curve than their board's, after {@code afterId}, in id order. */
    public List<GameOfBoard> judgedWithOlderCurve(int settingId, long afterId, int limit) throws SQLException {
        String sql = "SELECT r.game_id, g.variant" + OLDER + " AND r.game_id > ? ORDER BY r.game_id LIMIT ?";
        List<GameOfBoard> games = new ArrayList<>();
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setInt(1, settingId);
            st.setLong(2, afterId);
            st.setInt(3, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) games.add(new GameOfBoard(rs.getLong(1), Variant.parse(rs.getString(2))));
            }
        }
        return games;
    }

    /** How many games {@link #judgedWithOlderCurve} would give in all. */
    public int countJudgedWithOlderCurve(int settingId) throws SQLException {
        try (Connection c = db.dataSource().getConnection();
                PreparedStatement st = c.prepareStatement("SELECT COUNT(*)" + OLDER)) {
            st.setInt(1, settingId);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * Judges reviewed games again with their board's curve at the setting, from their stored
     * scores: the chances lost and classes of their moves (only those that change are written),
     * their accuracies and counts; one transaction.
     */
    public void judgeAgain(List<GameOfBoard> games, ReviewSetting s) throws SQLException {
        if (games.isEmpty()) return;
        try (Connection connection = db.dataSource().getConnection()) {
            Transaction.run(connection, c -> {
                try (PreparedStatement read = c.prepareStatement("SELECT ply, player, score_white, best_move, played,"
                        + " forced_men, chances_lost, move_class, forced_kind, proof, proof_horizon FROM review_ply"
                        + " WHERE game_id = ? AND setting_id = ?"
                        + " ORDER BY ply");
                        PreparedStatement ply = c.prepareStatement("UPDATE review_ply SET chances_lost = ?, move_class = ?"
                                + " WHERE game_id = ? AND setting_id = ? AND ply = ?");
                        PreparedStatement review = c.prepareStatement("UPDATE review SET white_accuracy = ?,"
                                + " black_accuracy = ?, white_inaccuracies = ?, white_mistakes = ?, white_blunders = ?,"
                                + " black_inaccuracies = ?, black_mistakes = ?, black_blunders = ?,"
                                + " white_forced_losses = ?, black_forced_losses = ?, curve_generation = ?"
                                + " WHERE game_id = ? AND setting_id = ?")) {
                    for (GameOfBoard g : games) {
                        ReviewSetting.Curve curve = s.curve(g.variant());
                        List<Object[]> before = new ArrayList<>();
                        // moves are classed by the engine's curve of the board, not the database's: judged again
                        // from their rows, they keep their classes; the new curve is calibration
                        MoveJudgements.Judged j = judgeStored(read, g.gameId(), s.id(), Judgement.curve(g.variant()), before);
                        for (int p = 0; p < j.classes().length; p++) {
                            String className = ReviewRepository.className(j.classes()[p]);
                            // most moves keep their judgement (a best move gives nothing away with any curve)
                            if (Float.valueOf((float) j.chancesLost()[p]).equals(before.get(p)[0])
                                    && className.equals(before.get(p)[1])) continue;
                            ply.setFloat(1, (float) j.chancesLost()[p]);
                            ply.setString(2, className);
                            ply.setLong(3, g.gameId());
                            ply.setInt(4, s.id());
                            ply.setInt(5, p);
                            ply.addBatch();
                        }
                        setAccuracy(review, 1, j.white().accuracy());
                        setAccuracy(review, 2, j.black().accuracy());
                        review.setShort(3, (short) j.white().inaccuracies());
                        review.setShort(4, (short) j.white().mistakes());
                        review.setShort(5, (short) j.white().blunders());
                        review.setShort(6, (short) j.black().inaccuracies());
                        review.setShort(7, (short) j.black().mistakes());
                        review.setShort(8, (short) j.black().blunders());
                        review.setShort(9, (short) j.white().forcedLosses());
                        review.setShort(10, (short) j.black().forcedLosses());
                        review.setInt(11, curve.generation());
                        review.setLong(12, g.gameId());
                        review.setInt(13, s.id());
                        review.addBatch();
                    }
                    ply.executeBatch();
                    review.executeBatch();
                }
            });
        }
    }

    private static void setAccuracy(PreparedStatement st, int index, Double accuracy) throws SQLException {
        if (accuracy == null) st.setNull(index, Types.REAL);
        else st.setFloat(index, accuracy.floatValue());
    }

    /** A game's stored scores judged with a curve; {@code before} gets each move's stored chances lost and class. */
    private static MoveJudgements.Judged judgeStored(PreparedStatement read, long gameId, int settingId, WinCurve curve,
            List<Object[]> before) throws SQLException {
        read.setLong(1, gameId);
        read.setInt(2, settingId);
        List<Side> toMove = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        List<Boolean> best = new ArrayList<>();
        List<ForcedLoss.Proof> proofs = new ArrayList<>();
        try (ResultSet rs = read.executeQuery()) {
            while (rs.next()) {
                toMove.add(Side.ofLetter(rs.getString(2).charAt(0)));
                scores.add(rs.getInt(3));
                String played = rs.getString(5);
                if (played != null) {
                    best.add(played.equals(rs.getString(4)));
                    int men = rs.getInt(6);
                    boolean verdict = !rs.wasNull();
                    String outcome = rs.getString(10);
                    int horizon = rs.getInt(11);
                    ForcedLoss.Verdict v = verdict
                            ? new ForcedLoss.Verdict(ForcedLoss.Kind.of(rs.getString(9)), men, 0, List.of(), horizon) : null;
                    proofs.add(outcome == null ? (verdict ? new ForcedLoss.Proof(ForcedLoss.Outcome.LOSES, v, horizon) : null)
                            : new ForcedLoss.Proof(ForcedLoss.Outcome.valueOf(outcome.toUpperCase(java.util.Locale.ROOT)), v, horizon));
                    before.add(new Object[] {rs.getFloat(7), rs.getString(8)});
                }
            }
        }
        boolean[] b = new boolean[best.size()];
        ForcedLoss.Proof[] f = proofs.toArray(ForcedLoss.Proof[]::new);
        for (int i = 0; i < b.length; i++) b[i] = best.get(i);
        return MoveJudgements.judge(toMove.toArray(Side[]::new), scores.stream().mapToInt(Integer::intValue).toArray(),
                b, f, curve);
    }
}
