package org.emergo.store.analysis;

import static org.emergo.store.jooq.Tables.ANALYSIS;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.emergo.replay.Finding;
import org.emergo.replay.Shadowpiece;
import org.emergo.rules.Position;
import org.emergo.store.db.AnalysisTables;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoredText;
import org.emergo.store.db.Transaction;
import org.emergo.store.game.PendingGame;
import org.emergo.store.game.PendingGames;
import org.emergo.store.jdbc.RowSink;
import org.emergo.store.pattern.PatternIndexWriter;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * Reads the games to analyse and writes analyses: the analysis, position, finding and
 * shadowpiece rows (sql/V2__analysis.sql) and the per-game figures (V5). Writes go through
 * {@link RowSink}: JDBC batches on H2, COPY on PostgreSQL. The position table takes one row per
 * ply and is what sets the speed of {@code emergo analyze}, so the writes stay plain JDBC (batches,
 * COPY, arrays of ids, PostgreSQL's {@code SET LOCAL}); the reads are jOOQ.
 */
public final class AnalysisRepository {

    private static final String[] POSITION_COLUMNS = {"game_id", "ply", "hash", "epn", "side_to_move",
        "white_in_hand", "black_in_hand", "white_columns", "black_columns", "white_material", "black_material",
        "tallest", "legal_moves", "max_capture", "next_move", "next_move_text", "board", "hit"};

    /** Position rows per transaction: H2 commits small transactions faster than large ones. */
    static final int ROWS_PER_TRANSACTION = 1000;


    private final Database db;

    public AnalysisRepository(Database db) {
        this.db = db;
    }

    /** Number of games an analysis run will replay. */
    public int countPending(boolean all) throws SQLException {
        return pending(all).count(null);
    }

    /** The next games after {@code afterId} in id order: all of them, or those never analysed. */
    public List<PendingGame> pending(long afterId, int limit, boolean all) throws SQLException {
        return pending(all).next(afterId, limit, null);
    }

    private PendingGames pending(boolean all) {
        return new PendingGames(db, all ? DSL.noCondition()
                : DSL.notExists(DSL.selectOne().from(ANALYSIS).where(ANALYSIS.GAME_ID.eq(PendingGames.G.ID))));
    }

    /**
     * Writes analyses, whole games per transaction (and the analysis row last, so a committed
     * game has all its rows): on H2 about a thousand position rows a transaction by JDBC
     * batches, on PostgreSQL all the games given in one transaction by COPY ({@link RowSink});
     * {@code replacing}: the games may have rows of an earlier analysis, which are deleted first
     * (skipped for new games: it costs a statement per table).
     */
    public void save(List<AnalysedGame> games, String engineVersion, boolean replacing) throws SQLException {
        if (games.isEmpty()) return;
        LocalDateTime now = LocalDateTime.now();
        SQLDialect dialect = db.dialect();
        int rowsPerTransaction = db.isPostgres() ? Integer.MAX_VALUE : ROWS_PER_TRANSACTION;
        try (Connection c = db.dataSource().getConnection()) {
            for (int from = 0, to; from < games.size(); from = to) {
                to = transactionEnd(games, from, rowsPerTransaction);
                List<AnalysedGame> part = games.subList(from, to);
                Transaction.run(c, tx -> {
                    if (dialect == SQLDialect.POSTGRES) dontWaitForDisk(tx);
                    if (replacing) deleteOld(tx, dialect, part, engineVersion);
                    else deleteHistory(tx, dialect, part, engineVersion);
                    insertPositions(tx, dialect, part);
                    insertFindings(tx, dialect, part);
                    insertShadowpieces(tx, dialect, part);
                    insertFigures(tx, dialect, part);
                    PatternIndexWriter.insert(tx, part.stream().map(AnalysedGame::patternRow).toList());
                    insertAnalyses(tx, dialect, part, engineVersion, now);
                });
            }
        }
    }

    /**
     * This transaction's commit returns before PostgreSQL has flushed it to disk. A server crash
     * can then lose the last commits whole, never part of one: their games have no analysis row,
     * so the next {@code analyze} replays them. Saves a disk flush a batch.
     */
    private static void dontWaitForDisk(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("SET LOCAL synchronous_commit TO OFF");
        }
    }

    /** The end of the games from {@code from} whose positions fit one transaction (at least one game). */
    private static int transactionEnd(List<AnalysedGame> games, int from, int rowsPerTransaction) {
        int to = from + 1;
        int rows = games.get(from).positions().size();
        while (to < games.size() && rows + games.get(to).positions().size() <= rowsPerTransaction) {
            rows += games.get(to++).positions().size();
        }
        return to;
    }

    private static void deleteOld(Connection c, SQLDialect dialect, List<AnalysedGame> games, String engineVersion)
            throws SQLException {
        boolean postgres = dialect == SQLDialect.POSTGRES;
        for (String table : AnalysisTables.ALL) {
            if (postgres) {
                // one statement for every game: a batch of one DELETE a game costs a round trip each
                try (PreparedStatement st = c.prepareStatement("DELETE FROM " + table + " WHERE game_id = ANY (?)")) {
                    st.setArray(1, gameIds(c, games));
                    st.executeUpdate();
                }
                continue;
            }
            try (PreparedStatement st = c.prepareStatement("DELETE FROM " + table + " WHERE game_id = ?")) {
                for (AnalysedGame g : games) {
                    st.setLong(1, g.gameId());
                    st.addBatch();
                }
                st.executeBatch();
            }
        }
        deleteHistory(c, dialect, games, engineVersion);
    }

    /**
     * A game without an analysis row may still have a history row of this engine version: a
     * migration that dropped derived rows (V3) keeps the history.
     */
    private static void deleteHistory(Connection c, SQLDialect dialect, List<AnalysedGame> games, String engineVersion)
            throws SQLException {
        if (dialect == SQLDialect.POSTGRES) {
            try (PreparedStatement st = c.prepareStatement(
                    "DELETE FROM analysis_history WHERE engine_version = ? AND game_id = ANY (?)")) {
                st.setString(1, engineVersion);
                st.setArray(2, gameIds(c, games));
                st.executeUpdate();
            }
            return;
        }
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

    private static Array gameIds(Connection c, List<AnalysedGame> games) throws SQLException {
        Long[] ids = new Long[games.size()];
        for (int i = 0; i < ids.length; i++) ids[i] = games.get(i).gameId();
        return c.createArrayOf("bigint", ids);
    }

    private static void insertAnalyses(Connection c, SQLDialect dialect, List<AnalysedGame> games, String engineVersion,
            LocalDateTime now) throws SQLException {
        try (RowSink a = RowSink.open(c, dialect, "analysis", "game_id", "result_by_rule", "termination", "end_ply",
                "stopped_at_ply", "plies_replayed", "findings", "findings_digest", "engine_version", "analysed_at",
                "captures", "men_captured", "longest_capture", "first_capture_ply", "biggest_capture_available",
                "tallest", "tallest_square", "tallest_ply", "shadowpieces", "white_material_end", "black_material_end",
                "white_mobility", "black_mobility", "position_count")) {
            for (AnalysedGame g : games) {
                GameFigures f = g.figures();
                a.bigint(g.gameId()).text(g.resultByRule()).text(g.termination()).integer(g.endPly())
                        .integer(g.stoppedAtPly()).integer(g.pliesReplayed()).integer(g.findings().size())
                        .text(g.findingsDigest()).text(engineVersion).timestamp(now)
                        .integer(f.captures()).integer(f.menCaptured()).smallint(f.longestCapture())
                        .integer(f.firstCapturePly()).smallint(f.biggestCaptureAvailable()).smallint(f.tallest())
                        .text(f.tallestSquare()).integer(f.tallestPly()).smallint(f.shadowpieces())
                        .smallint(f.whiteMaterialEnd()).smallint(f.blackMaterialEnd())
                        .real(f.whiteMobility()).real(f.blackMobility())
                        .integer(g.positions().size()) // checked after an unclean stop (IncompleteWrites)
                        .endRow();
            }
            a.finish();
        }
        try (RowSink h = RowSink.open(c, dialect, "analysis_history", "game_id", "engine_version", "result_by_rule",
                "findings", "findings_digest", "analysed_at")) {
            for (AnalysedGame g : games) {
                h.bigint(g.gameId()).text(engineVersion).text(g.resultByRule()).integer(g.findings().size())
                        .text(g.findingsDigest()).timestamp(now)
                        .endRow();
            }
            h.finish();
        }
    }

    private static void insertPositions(Connection c, SQLDialect dialect, List<AnalysedGame> games) throws SQLException {
        if (games.stream().allMatch(g -> g.positions().isEmpty())) return;
        try (RowSink st = RowSink.open(c, dialect, "position", POSITION_COLUMNS)) {
            for (AnalysedGame g : games) {
                for (PositionRow p : g.positions()) {
                    st.bigint(g.gameId()).integer(p.ply()).bigint(p.hash()).text(p.epn())
                            .text(String.valueOf(p.sideToMove()))
                            .smallint(p.whiteInHand()).smallint(p.blackInHand())
                            .smallint(p.whiteColumns()).smallint(p.blackColumns())
                            .smallint(p.whiteMaterial()).smallint(p.blackMaterial())
                            .smallint(p.tallest()).smallint(p.legalMoves()).smallint(p.maxCapture())
                            .text(p.nextMove()).text(p.nextMoveText()).text(p.board()).text(p.hit())
                            .endRow();
                }
            }
            st.finish();
        }
    }

    private static void insertFindings(Connection c, SQLDialect dialect, List<AnalysedGame> games) throws SQLException {
        if (games.stream().allMatch(g -> g.findings().isEmpty())) return;
        try (RowSink st = RowSink.open(c, dialect, "finding", "game_id", "ply", "code", "player", "move_text",
                "expected", "expected_count", "message")) {
            for (AnalysedGame g : games) {
                for (Finding f : g.findings()) {
                    st.bigint(g.gameId()).integer(f.ply()).text(f.code().name())
                            .text(String.valueOf(f.player().letter()))
                            .text(StoredText.cleanAndCut(f.moveText(), 1000)).text(f.expected())
                            .smallint(f.expectedCount()).text(StoredText.cleanAndCut(f.message(), 4000))
                            .endRow();
                }
            }
            st.finish();
        }
    }

    private static void insertShadowpieces(Connection c, SQLDialect dialect, List<AnalysedGame> games) throws SQLException {
        if (games.stream().allMatch(g -> g.shadowpieces().isEmpty())) return;
        try (RowSink st = RowSink.open(c, dialect, "shadowpiece", "game_id", "ply", "player", "square", "size",
                "times_jumped", "end_ply", "plies_on_top", "fate", "last_square", "last_height")) {
            for (AnalysedGame g : games) {
                for (Shadowpiece s : g.shadowpieces()) {
                    st.bigint(g.gameId()).integer(s.ply()).text(String.valueOf(s.player().letter()))
                            .text(s.square()).smallint(s.size()).smallint(s.timesJumped())
                            .integer(s.endPly() < 0 ? null : s.endPly()).integer(s.pliesOnTop(g.pliesReplayed()))
                            .text(s.fate().name().toLowerCase(Locale.ROOT)).text(s.lastSquare())
                            .smallint(s.lastHeight())
                            .endRow();
                }
            }
            st.finish();
        }
    }

    /** The rows of capture_length, tall_column, capture_chance and game_stage (sql/V5__game_figures.sql). */
    private static void insertFigures(Connection c, SQLDialect dialect, List<AnalysedGame> games) throws SQLException {
        if (games.stream().anyMatch(g -> !g.figures().captureLengths().isEmpty())) {
            try (RowSink st = RowSink.open(c, dialect, "capture_length", "game_id", "men", "captures", "first_ply")) {
                for (AnalysedGame g : games) {
                    for (GameFigures.CaptureLength l : g.figures().captureLengths()) {
                        st.bigint(g.gameId()).smallint(l.men()).integer(l.captures()).integer(l.firstPly()).endRow();
                    }
                }
                st.finish();
            }
        }
        if (games.stream().anyMatch(g -> !g.figures().tallColumns().isEmpty())) {
            try (RowSink st = RowSink.open(c, dialect, "tall_column", "game_id", "square", "height", "first_ply",
                    "owner")) {
                for (AnalysedGame g : games) {
                    for (GameFigures.TallColumn t : g.figures().tallColumns()) {
                        st.bigint(g.gameId()).text(t.square()).smallint(t.height()).integer(t.firstPly())
                                .text(String.valueOf(t.owner()))
                                .endRow();
                    }
                }
                st.finish();
            }
        }
        if (games.stream().anyMatch(g -> !g.figures().captureChances().isEmpty())) {
            try (RowSink st = RowSink.open(c, dialect, "capture_chance", "game_id", "ply", "player", "available",
                    "taken")) {
                for (AnalysedGame g : games) {
                    for (GameFigures.CaptureChance ch : g.figures().captureChances()) {
                        st.bigint(g.gameId()).integer(ch.ply()).text(String.valueOf(ch.player()))
                                .smallint(ch.available()).smallint(ch.taken())
                                .endRow();
                    }
                }
                st.finish();
            }
        }
        if (games.stream().anyMatch(g -> !g.figures().stages().isEmpty())) {
            try (RowSink st = RowSink.open(c, dialect, "game_stage", "game_id", "stage", "white_material",
                    "black_material", "white_mobility", "black_mobility")) {
                for (AnalysedGame g : games) {
                    for (GameFigures.Stage s : g.figures().stages()) {
                        st.bigint(g.gameId()).smallint(s.stage()).smallint(s.whiteMaterial())
                                .smallint(s.blackMaterial()).real(s.whiteMobility()).real(s.blackMobility())
                                .endRow();
                    }
                }
                st.finish();
            }
        }
    }
}
