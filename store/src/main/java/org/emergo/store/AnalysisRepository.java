package org.emergo.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.emergo.replay.Finding;
import org.emergo.replay.Shadowpiece;
import org.emergo.rules.Variant;

/**
 * Reads the games to analyse and writes analyses: the analysis, position, finding and
 * shadowpiece rows (sql/V2__analysis.sql). Writes use plain JDBC batches: the position table
 * takes one row per ply and is what sets the speed of {@code emergo analyze}.
 */
public final class AnalysisRepository {

    /** A game as the replay needs it. */
    public record PendingGame(long id, Variant variant, String setupEpn, List<String> moves, String result) {}

    private static final String INSERT_POSITION = "INSERT INTO position (game_id, ply, hash, epn, side_to_move, "
            + "white_in_hand, black_in_hand, white_columns, black_columns, white_material, black_material, tallest, "
            + "legal_moves, max_capture, next_move, next_move_text, board) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** Position rows per transaction: H2 commits small transactions faster than large ones. */
    static final int ROWS_PER_TRANSACTION = 1000;

    private final Database db;

    public AnalysisRepository(Database db) {
        this.db = db;
    }

    /** Number of games an analysis run will replay. */
    public int countPending(boolean all) throws SQLException {
        String sql = all ? "SELECT COUNT(*) FROM game"
                : "SELECT COUNT(*) FROM game g WHERE NOT EXISTS (SELECT 1 FROM analysis a WHERE a.game_id = g.id)";
        try (Connection c = db.dataSource().getConnection();
                PreparedStatement st = c.prepareStatement(sql);
                ResultSet rs = st.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** The next games after {@code afterId} in id order: all of them, or those never analysed. */
    public List<PendingGame> pending(long afterId, int limit, boolean all) throws SQLException {
        String sql = "SELECT g.id, g.variant, g.setup_epn, g.moves, g.result FROM game g WHERE g.id > ?"
                + (all ? "" : " AND NOT EXISTS (SELECT 1 FROM analysis a WHERE a.game_id = g.id)")
                + " ORDER BY g.id LIMIT ?";
        List<PendingGame> games = new ArrayList<>(limit);
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setLong(1, afterId);
            st.setInt(2, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    String moves = rs.getString(4);
                    games.add(new PendingGame(rs.getLong(1), Variant.parse(rs.getString(2)), rs.getString(3),
                            moves == null || moves.isBlank() ? List.of() : List.of(moves.trim().split(" +")),
                            rs.getString(5)));
                }
            }
        }
        return games;
    }

    /**
     * Writes analyses, whole games per transaction, about a thousand position rows each (and
     * the analysis row last, so a committed game has all its rows); {@code replacing}: the games
     * may have rows of an earlier analysis, which are deleted first (skipped for new games: it
     * costs five statements a game).
     */
    public void save(List<AnalysedGame> games, String engineVersion, boolean replacing) throws SQLException {
        if (games.isEmpty()) return;
        Timestamp now = Timestamp.from(Instant.now());
        try (Connection c = db.dataSource().getConnection()) {
            c.setAutoCommit(false);
            try {
                for (int from = 0, to; from < games.size(); from = to) {
                    to = transactionEnd(games, from);
                    List<AnalysedGame> part = games.subList(from, to);
                    if (replacing) deleteOld(c, part, engineVersion);
                    else deleteHistory(c, part, engineVersion);
                    insertPositions(c, part);
                    insertFindings(c, part);
                    insertShadowpieces(c, part);
                    insertFigures(c, part);
                    insertAnalyses(c, part, engineVersion, now);
                    c.commit();
                }
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        }
    }

    /** The end of the games from {@code from} whose positions fit one transaction (at least one game). */
    private static int transactionEnd(List<AnalysedGame> games, int from) {
        int to = from + 1;
        int rows = games.get(from).positions().size();
        while (to < games.size() && rows + games.get(to).positions().size() <= ROWS_PER_TRANSACTION) {
            rows += games.get(to++).positions().size();
        }
        return to;
    }

    /**
     * Drops the position hash index for a bulk run: inserting random 64-bit keys into a B-tree
     * costs more than half the insert speed, and building the index once at the end is cheaper.
     */
    public void suspendHashIndex() throws SQLException {
        execute("DROP INDEX IF EXISTS position_hash_idx");
    }

    /**
     * Builds the position hash index if it is missing (after a bulk run, or one that died), as
     * sql/V3__lean_positions.sql defines it; AnalysisQueriesTest keeps the two alike.
     */
    public void restoreHashIndex() throws SQLException {
        execute("CREATE INDEX IF NOT EXISTS position_hash_idx ON position (hash, game_id, ply, side_to_move, next_move)");
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.execute();
        }
    }

    private static void deleteOld(Connection c, List<AnalysedGame> games, String engineVersion) throws SQLException {
        for (String table : List.of("position", "finding", "shadowpiece", "capture_length", "tall_column",
                "capture_chance", "game_stage", "analysis")) {
            try (PreparedStatement st = c.prepareStatement("DELETE FROM " + table + " WHERE game_id = ?")) {
                for (AnalysedGame g : games) {
                    st.setLong(1, g.gameId());
                    st.addBatch();
                }
                st.executeBatch();
            }
        }
        deleteHistory(c, games, engineVersion);
    }

    /**
     * A game without an analysis row may still have a history row of this engine version: a
     * migration that dropped derived rows (V3) keeps the history.
     */
    private static void deleteHistory(Connection c, List<AnalysedGame> games, String engineVersion) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "DELETE FROM analysis_history WHERE game_id = ? AND engine_version = ?")) {
            for (AnalysedGame g : games) {
                st.setLong(1, g.gameId());
                st.setString(2, engineVersion);
                st.addBatch();
            }
            st.executeBatch();
        }
    }

    private static void insertAnalyses(Connection c, List<AnalysedGame> games, String engineVersion, Timestamp now)
            throws SQLException {
        try (PreparedStatement a = c.prepareStatement("INSERT INTO analysis (game_id, result_by_rule, termination, "
                        + "end_ply, stopped_at_ply, plies_replayed, findings, findings_digest, engine_version, analysed_at, "
                        + "captures, men_captured, longest_capture, first_capture_ply, biggest_capture_available, tallest, "
                        + "tallest_square, tallest_ply, shadowpieces, white_material_end, black_material_end, white_mobility, "
                        + "black_mobility) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement h = c.prepareStatement("INSERT INTO analysis_history (game_id, engine_version, "
                        + "result_by_rule, findings, findings_digest, analysed_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (AnalysedGame g : games) {
                a.setLong(1, g.gameId());
                a.setString(2, g.resultByRule());
                a.setString(3, g.termination());
                setInteger(a, 4, g.endPly());
                setInteger(a, 5, g.stoppedAtPly());
                a.setInt(6, g.pliesReplayed());
                a.setInt(7, g.findings().size());
                a.setString(8, g.findingsDigest());
                a.setString(9, engineVersion);
                a.setTimestamp(10, now);
                GameFigures f = g.figures();
                a.setInt(11, f.captures());
                a.setInt(12, f.menCaptured());
                a.setShort(13, (short) f.longestCapture());
                setInteger(a, 14, f.firstCapturePly());
                a.setShort(15, (short) f.biggestCaptureAvailable());
                a.setShort(16, (short) f.tallest());
                a.setString(17, f.tallestSquare());
                setInteger(a, 18, f.tallestPly());
                a.setShort(19, (short) f.shadowpieces());
                a.setShort(20, (short) f.whiteMaterialEnd());
                a.setShort(21, (short) f.blackMaterialEnd());
                setReal(a, 22, f.whiteMobility());
                setReal(a, 23, f.blackMobility());
                a.addBatch();
                h.setLong(1, g.gameId());
                h.setString(2, engineVersion);
                h.setString(3, g.resultByRule());
                h.setInt(4, g.findings().size());
                h.setString(5, g.findingsDigest());
                h.setTimestamp(6, now);
                h.addBatch();
            }
            a.executeBatch();
            h.executeBatch();
        }
    }

    private static void insertPositions(Connection c, List<AnalysedGame> games) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(INSERT_POSITION)) {
            int pending = 0;
            for (AnalysedGame g : games) {
                for (PositionRow p : g.positions()) {
                    st.setLong(1, g.gameId());
                    st.setInt(2, p.ply());
                    st.setLong(3, p.hash());
                    st.setString(4, p.epn());
                    st.setString(5, String.valueOf(p.sideToMove()));
                    st.setShort(6, (short) p.whiteInHand());
                    st.setShort(7, (short) p.blackInHand());
                    st.setShort(8, (short) p.whiteColumns());
                    st.setShort(9, (short) p.blackColumns());
                    st.setShort(10, (short) p.whiteMaterial());
                    st.setShort(11, (short) p.blackMaterial());
                    st.setShort(12, (short) p.tallest());
                    st.setShort(13, (short) p.legalMoves());
                    st.setShort(14, (short) p.maxCapture());
                    st.setString(15, p.nextMove());
                    st.setString(16, p.nextMoveText());
                    st.setString(17, p.board());
                    st.addBatch();
                    if (++pending == 1000) {
                        st.executeBatch();
                        pending = 0;
                    }
                }
            }
            if (pending > 0) st.executeBatch();
        }
    }

    private static void insertFindings(Connection c, List<AnalysedGame> games) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO finding (game_id, ply, code, player, move_text, "
                + "expected, expected_count, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (AnalysedGame g : games) {
                for (Finding f : g.findings()) {
                    st.setLong(1, g.gameId());
                    st.setInt(2, f.ply());
                    st.setString(3, f.code().name());
                    st.setString(4, String.valueOf(f.player().letter()));
                    st.setString(5, StoredText.cleanAndCut(f.moveText(), 1000));
                    st.setString(6, f.expected());
                    st.setShort(7, (short) f.expectedCount());
                    st.setString(8, StoredText.cleanAndCut(f.message(), 4000));
                    st.addBatch();
                }
            }
            st.executeBatch();
        }
    }

    private static void insertShadowpieces(Connection c, List<AnalysedGame> games) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO shadowpiece (game_id, ply, player, square, size, "
                + "times_jumped, end_ply, plies_on_top, fate, last_square, last_height) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (AnalysedGame g : games) {
                for (Shadowpiece s : g.shadowpieces()) {
                    st.setLong(1, g.gameId());
                    st.setInt(2, s.ply());
                    st.setString(3, String.valueOf(s.player().letter()));
                    st.setString(4, s.square());
                    st.setShort(5, (short) s.size());
                    st.setShort(6, (short) s.timesJumped());
                    setInteger(st, 7, s.endPly() < 0 ? null : s.endPly());
                    st.setInt(8, s.pliesOnTop(g.pliesReplayed()));
                    st.setString(9, s.fate().name().toLowerCase(Locale.ROOT));
                    st.setString(10, s.lastSquare());
                    st.setShort(11, (short) s.lastHeight());
                    st.addBatch();
                }
            }
            st.executeBatch();
        }
    }

    /** The rows of capture_length, tall_column, capture_chance and game_stage (sql/V5__game_figures.sql). */
    private static void insertFigures(Connection c, List<AnalysedGame> games) throws SQLException {
        try (PreparedStatement lengths = c.prepareStatement(
                        "INSERT INTO capture_length (game_id, men, captures, first_ply) VALUES (?, ?, ?, ?)");
                PreparedStatement tall = c.prepareStatement(
                        "INSERT INTO tall_column (game_id, square, height, first_ply, owner) VALUES (?, ?, ?, ?, ?)");
                PreparedStatement chances = c.prepareStatement(
                        "INSERT INTO capture_chance (game_id, ply, player, available, taken) VALUES (?, ?, ?, ?, ?)");
                PreparedStatement stages = c.prepareStatement("INSERT INTO game_stage (game_id, stage, white_material, "
                        + "black_material, white_mobility, black_mobility) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (AnalysedGame g : games) {
                GameFigures f = g.figures();
                for (GameFigures.CaptureLength l : f.captureLengths()) {
                    lengths.setLong(1, g.gameId());
                    lengths.setShort(2, (short) l.men());
                    lengths.setInt(3, l.captures());
                    lengths.setInt(4, l.firstPly());
                    lengths.addBatch();
                }
                for (GameFigures.TallColumn t : f.tallColumns()) {
                    tall.setLong(1, g.gameId());
                    tall.setString(2, t.square());
                    tall.setShort(3, (short) t.height());
                    tall.setInt(4, t.firstPly());
                    tall.setString(5, String.valueOf(t.owner()));
                    tall.addBatch();
                }
                for (GameFigures.CaptureChance ch : f.captureChances()) {
                    chances.setLong(1, g.gameId());
                    chances.setInt(2, ch.ply());
                    chances.setString(3, String.valueOf(ch.player()));
                    chances.setShort(4, (short) ch.available());
                    if (ch.taken() == null) chances.setNull(5, Types.SMALLINT);
                    else chances.setShort(5, (short) (int) ch.taken());
                    chances.addBatch();
                }
                for (GameFigures.Stage s : f.stages()) {
                    stages.setLong(1, g.gameId());
                    stages.setShort(2, (short) s.stage());
                    stages.setShort(3, (short) s.whiteMaterial());
                    stages.setShort(4, (short) s.blackMaterial());
                    setReal(stages, 5, s.whiteMobility());
                    setReal(stages, 6, s.blackMobility());
                    stages.addBatch();
                }
            }
            lengths.executeBatch();
            tall.executeBatch();
            chances.executeBatch();
            stages.executeBatch();
        }
    }

    private static void setReal(PreparedStatement st, int index, Float value) throws SQLException {
        if (value == null) st.setNull(index, Types.REAL);
        else st.setFloat(index, value);
    }

    private static void setInteger(PreparedStatement st, int index, Integer value) throws SQLException {
        if (value == null) st.setNull(index, Types.INTEGER);
        else st.setInt(index, value);
    }
}
