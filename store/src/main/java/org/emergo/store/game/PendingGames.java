package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.GAME;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.db.ErrorText;
import org.emergo.store.jooq.tables.Game;
import org.emergo.store.sql.QueryException;
import org.emergo.store.sql.ReadOnlySql;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record5;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

/**
 * The games a job has still to do (the analysis, the review, the mining), in id order: table
 * game as g, where the job's own condition holds and the user's (an SQL condition on table game,
 * a command's {@code --where}), which is read on a read-only connection ({@link
 * Database#withReadOnlyConnection}) so that it can change nothing; its failure is said as
 * {@code emergo export}'s is.
 */
public final class PendingGames {

    /** Table game as g: the name users' conditions and the jobs' own conditions give it. */
    public static final Game G = GAME.as("g");

    private final Database db;
    private final Condition own;

    /** The games where {@code own} (a condition on {@link #G}) holds. */
    public PendingGames(Database db, Condition own) {
        this.db = db;
        this.own = own;
    }

    /** The games matching {@code where} (null: all). */
    public int count(String where) throws SQLException {
        return read(where, dsl -> dsl.fetchCount(G, own.and(condition(where))));
    }

    /** The next games after {@code afterId} in id order that match {@code where} (null: all). */
    public List<PendingGame> next(long afterId, int limit, String where) throws SQLException {
        return read(where, dsl -> dsl.select(G.ID, G.VARIANT, G.SETUP_EPN, G.MOVES, G.RESULT)
                .from(G)
                .where(G.ID.gt(afterId))
                .and(own)
                .and(condition(where))
                .orderBy(G.ID)
                .limit(limit)
                .fetch(PendingGames::game));
    }

    /** One game as the jobs need it, whether pending or not. */
    public static Optional<PendingGame> game(DSLContext dsl, long id) {
        return dsl.select(G.ID, G.VARIANT, G.SETUP_EPN, G.MOVES, G.RESULT)
                .from(G)
                .where(G.ID.eq(id))
                .fetchOptional(PendingGames::game);
    }

    private static PendingGame game(Record5<Long, String, String, String, String> r) {
        String moves = r.value4();
        return new PendingGame(r.value1(), Variant.parse(r.value2()), r.value3(),
                moves == null || moves.isBlank() ? List.of() : List.of(moves.trim().split(" +")), r.value5());
    }

    private static Condition condition(String where) {
        return where == null || where.isBlank()
                ? DSL.noCondition()
                : DSL.condition("(" + ReadOnlySql.checkCondition(where) + ")");
    }

    private <T> T read(String where, Function<DSLContext, T> work) throws SQLException {
        if (where == null || where.isBlank()) return work.apply(db.dsl());
        try {
            return db.withReadOnlyConnection(c -> work.apply(DSL.using(c, db.dialect(), db.dsl().settings())));
        } catch (SQLException e) {
            throw new QueryException("the condition failed: " + ErrorText.firstLine(e), e);
        } catch (DataAccessException e) {
            SQLException cause = e.getCause(SQLException.class);
            throw new QueryException("the condition failed: "
                    + (cause == null ? e.getMessage() : ErrorText.firstLine(cause)), e);
        }
    }
}
