package org.emergo.store.analysis;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.emergo.store.db.AnalysisTables;
import org.emergo.store.db.Database;
import org.emergo.store.db.LockKey;
import org.emergo.store.db.Transaction;
import org.emergo.store.jdbc.WorkClaims;

/**
 * The indexes a bulk analysis run suspends: inserting random 64-bit keys into a B-tree costs
 * more than half the insert speed, and building an index once at the end is cheaper.
 */
public final class BulkIndexes {

    /** maintenance_work_mem for building the position hash index on PostgreSQL. */
    static final String PG_INDEX_MEMORY = "512MB";

    private final Database db;

    public BulkIndexes(Database db) {
        this.db = db;
    }

    /**
     * Drops the position hash index and tall_column's square index for a bulk run: inserting
     * random 64-bit keys into a B-tree costs more than half the insert speed, and building an
     * index once at the end is cheaper.
     */
    public void suspend() throws SQLException {
        indexDdl("DROP INDEX IF EXISTS position_hash_idx");
        indexDdl("DROP INDEX IF EXISTS tall_column_square_idx");
    }

    /**
     * After a bulk run, on PostgreSQL: VACUUM (ANALYZE) the tables an analysis writes. Rows just
     * loaded are not yet marked visible to all, so every query read each one from the table
     * (the position page after 1. e4 took 95 ms at 100,000 games, 8 ms after this), and the
     * planner has no figures on them; autovacuum would come to them only later. Run before the
     * position index is built, which then reads rows already settled. H2 needs neither.
     */
    public void settleAfterBulk() throws SQLException {
        if (!db.isPostgres()) return;
        execute("VACUUM (ANALYZE) " + String.join(", ", AnalysisTables.ALL));
    }

    /**
     * Builds the indexes {@link #suspend} drops if they are missing (after a bulk run, or
     * one that died), as sql/V3__lean_positions.sql and V5__game_figures.sql define them;
     * AnalysisQueriesTest keeps them alike.
     */
    public void restore() throws SQLException {
        indexDdl("CREATE INDEX IF NOT EXISTS tall_column_square_idx ON tall_column (square, height)");
        // PostgreSQL sorts the index in maintenance_work_mem (64 MB by default, where 100,000
        // games' positions take a few hundred) and spills the rest to disk; its default of 2
        // parallel maintenance workers shares the sort. For this transaction only.
        indexDdl("CREATE INDEX IF NOT EXISTS position_hash_idx ON position (hash, game_id, ply, side_to_move, next_move)",
                "SET LOCAL maintenance_work_mem = '" + PG_INDEX_MEMORY + "'");
    }

    /**
     * Runs an index's DROP or CREATE so that two processes' statements on one index run one after
     * the other: {@code CREATE INDEX IF NOT EXISTS} run by two at once fails in one of them
     * (PostgreSQL: duplicate key in pg_class; H2 2.4: "object already exists"), and the second,
     * run after the first, finds the index. On PostgreSQL in a transaction that first takes
     * {@link LockKey#INDEX_DDL}; on H2, whose DDL commits by itself, under a claim of its own.
     */
    private void indexDdl(String sql, String... pgSettings) throws SQLException {
        if (!db.isPostgres()) {
            WorkClaims.oneAtATimeOnH2(db, WorkClaims.Step.ANALYSIS_INDEXES, () -> {
                execute(sql);
                return null;
            });
            return;
        }
        try (Connection c = db.dataSource().getConnection()) {
            Transaction.run(c, tx -> {
                try (Statement st = tx.createStatement()) {
                    LockKey.INDEX_DDL.holdToCommit(tx);
                    for (String setting : pgSettings) st.execute(setting);
                    st.execute(sql);
                }
            });
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.execute();
        }
    }

}
