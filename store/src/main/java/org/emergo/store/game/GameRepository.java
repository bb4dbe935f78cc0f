package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.GAME_TAG;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;
import org.emergo.store.db.ErrorText;
import org.emergo.store.db.LockKey;
import org.emergo.store.sql.QueryException;
import org.emergo.store.sql.ReadOnlySql;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

/** Stores game records and reads them back. */
public final class GameRepository {

    /** Games per JDBC batch, and per fingerprint look-up. */
    static final int BATCH_SIZE = 1000;

    /** Games per page of {@link #forEachGame}. */
    static final int PAGE_SIZE = 500;

    private final DSLContext dsl;

    public GameRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    /**
     * Adds games in one transaction, skipping each game already stored or given earlier in the
     * list, and rejecting (not adding) games the columns cannot hold. Pass a few thousand games
     * per call: H2 gains nothing from larger transactions.
     */
    public InsertResult insertAll(List<GameRecord> games, Long sourceFileId) {
        List<GameRow> rows = new ArrayList<>(games.size());
        for (GameRecord game : games) {
            rows.add(GameRow.of(game));
        }
        return insertRows(rows, sourceFileId);
    }

    /**
     * Like {@link #insertAll}, for rows already made by {@link GameRow#of} (a bulk import makes
     * them on its reading thread). Where several programs may import at once, these
     * transactions take turns: the fingerprint is not unique (64 bits need not be), so only one
     * writer at a time may look for a game and add it. On PostgreSQL they take a lock here; on
     * H2 the caller takes the turn ({@code WorkClaims.Step.GAME_INSERTS}).
     */
    public InsertResult insertRows(List<GameRow> rows, Long sourceFileId) {
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        return dsl.transactionResult(tx -> {
            if (tx.dialect() == SQLDialect.POSTGRES) {
                // held to the commit, so the next writer sees these games
                tx.dsl().connection(LockKey.GAME_INSERTS::holdToCommit);
            }
            Batches batches = new Batches(tx.dsl(), sourceFileId, now);
            for (int from = 0; from < rows.size(); from += BATCH_SIZE) {
                batches.insert(rows.subList(from, Math.min(rows.size(), from + BATCH_SIZE)));
            }
            return batches.result();
        });
    }

    /** How many games are stored. */
    public int count() {
        return dsl.fetchCount(GAME);
    }

    /** Whether a game of this id is stored. */
    public boolean exists(long id) {
        return dsl.fetchExists(GAME, GAME.ID.eq(id));
    }

    /** Every tag name stored beyond the game's own columns, in order: the CSV export's extra columns. */
    public List<String> tagNames() {
        return dsl.selectDistinct(GAME_TAG.NAME).from(GAME_TAG).orderBy(GAME_TAG.NAME).fetch(GAME_TAG.NAME);
    }

    /** The game with this id, with its tags. */
    public Optional<StoredGame> find(long id) {
        return page(GAME.ID.eq(id), 1).stream().findFirst();
    }

    /**
     * Passes every game matching a raw SQL condition on table {@code game} (null or blank: every
     * game) to the action, in id order, with its tags, a page at a time.
     *
     * <p>The condition is user SQL ({@code emergo export --where}): it is checked to be one
     * expression, and the repository should be given the context of {@link Database#readOnly}:
     * {@code db.readOnly(dsl -> { new GameRepository(dsl).forEachGame(where, out); return null; })}.
     */
    public void forEachGame(String whereCondition, Consumer<StoredGame> action) {
        forEachGame(userCondition(whereCondition), action);
    }

    /** A user's SQL condition on table {@code game} (null or blank: every game), checked to be one expression. */
    public static Condition userCondition(String whereCondition) {
        return whereCondition == null || whereCondition.isBlank()
                ? DSL.noCondition()
                : DSL.condition("(" + ReadOnlySql.checkCondition(whereCondition) + ")");
    }

    /** Passes every game matching a condition on table {@code game} to the action, as {@link #forEachGame(String, Consumer)}. */
    public void forEachGame(Condition where, Consumer<StoredGame> action) {
        long after = Long.MIN_VALUE;
        while (true) {
            List<StoredGame> page;
            try {
                page = page(where.and(GAME.ID.gt(after)), PAGE_SIZE);
            } catch (DataAccessException e) {
                SQLException cause = e.getCause(SQLException.class);
                throw new QueryException("the condition failed: "
                        + (cause == null ? e.getMessage() : ErrorText.firstLine(cause)), e);
            }
            page.forEach(action);
            if (page.size() < PAGE_SIZE) {
                return;
            }
            after = page.get(page.size() - 1).id();
        }
    }

    private List<StoredGame> page(Condition where, int limit) {
        Result<Record> games = dsl.select(GAME.fields())
                .from(GAME)
                .where(where)
                .orderBy(GAME.ID)
                .limit(limit)
                .fetch();
        if (games.isEmpty()) {
            return List.of();
        }
        List<Long> ids = games.getValues(GAME.ID);
        Map<Long, Map<String, String>> tags = new HashMap<>();
        dsl.select(GAME_TAG.GAME_ID, GAME_TAG.NAME, GAME_TAG.VALUE)
                .from(GAME_TAG)
                .where(GAME_TAG.GAME_ID.in(ids))
                .orderBy(GAME_TAG.GAME_ID, GAME_TAG.SEQ)
                .forEach(t -> tags.computeIfAbsent(t.value1(), id -> new LinkedHashMap<>()).put(t.value2(), t.value3()));
        List<StoredGame> page = new ArrayList<>(games.size());
        for (Record g : games) {
            page.add(toStoredGame(g, tags.getOrDefault(g.get(GAME.ID), Map.of())));
        }
        return page;
    }

    private static StoredGame toStoredGame(Record g, Map<String, String> tags) {
        return new StoredGame(
                g.get(GAME.ID),
                Variant.parse(g.get(GAME.VARIANT)),
                g.get(GAME.EVENT),
                g.get(GAME.SITE),
                g.get(GAME.DATE),
                g.get(GAME.ROUND),
                g.get(GAME.WHITE),
                g.get(GAME.BLACK),
                g.get(GAME.RESULT),
                g.get(GAME.SETUP_EPN),
                g.get(GAME.MOVES),
                g.get(GAME.MOVETEXT),
                g.get(GAME.PLY_COUNT),
                g.get(GAME.FINGERPRINT),
                g.get(GAME.SOURCE),
                g.get(GAME.SOURCE_LINE),
                g.get(GAME.SOURCE_FILE_ID),
                g.get(GAME.IMPORTED_AT),
                tags);
    }

    /** The state of one insertRows call: the games known so far by fingerprint, counts, ids. */
    private static final class Batches {
        private final DSLContext tx;
        private final Long sourceFileId;
        private final LocalDateTime now;
        private final KnownGames known = new KnownGames();
        private final List<Long> ids = new ArrayList<>();
        private final List<InsertResult.RejectedGame> rejected = new ArrayList<>();
        private int duplicates;

        Batches(DSLContext tx, Long sourceFileId, LocalDateTime now) {
            this.tx = tx;
            this.sourceFileId = sourceFileId;
            this.now = now;
        }

        void insert(List<GameRow> games) {
            List<GameRow> candidates = new ArrayList<>(games.size());
            for (GameRow row : games) {
                if (row.problem() != null) {
                    rejected.add(new InsertResult.RejectedGame(row.game(), row.problem()));
                } else {
                    candidates.add(row);
                }
            }
            loadStored(candidates);
            List<GameRow> rows = new ArrayList<>(candidates.size());
            for (GameRow row : candidates) {
                if (known.add(row.fingerprint(), row::identity)) {
                    rows.add(row);
                } else {
                    duplicates++;
                }
            }
            if (rows.isEmpty()) {
                return;
            }
            List<Long> newIds = insertGames(rows);
            insertTags(rows, newIds);
            ids.addAll(newIds);
        }

        /** The stored games that share a fingerprint with one of the rows: one query per batch, not one per game. */
        private void loadStored(List<GameRow> rows) {
            if (rows.isEmpty()) {
                return;
            }
            Set<Long> keys = new HashSet<>();
            for (GameRow row : rows) {
                keys.add(row.fingerprint());
            }
            if (tx.dialect() == SQLDialect.POSTGRES) {
                // Until autovacuum has analysed a table a bulk import is filling, PostgreSQL takes
                // a thousand keys for most of it and reads all of game for every batch (0.5-1 s a
                // batch at 100,000 games); through the fingerprint index it is milliseconds.
                // LOCAL: for this transaction only.
                tx.setLocal(DSL.name("enable_seqscan"), DSL.inline("off")).execute();
            }
            tx.select(GAME.FINGERPRINT, GAME.VARIANT, GAME.SETUP_EPN, GAME.WHITE, GAME.BLACK, GAME.DATE, GAME.MOVES)
                    .from(GAME)
                    .where(GAME.FINGERPRINT.in(keys))
                    .forEach(g -> known.add(g.value1(), () -> GameIdentity.of(g.value2(), g.value3(), g.value4(),
                            g.value5(), g.value6(), g.value7())));
        }

        /**
         * One JDBC batch; the statement is jOOQ's (generated names, unquoted), the binding plain
         * JDBC, which returns the generated ids in batch order. On PostgreSQL, one COPY
         * ({@link GameCopy}).
         */
        private List<Long> insertGames(List<GameRow> rows) {
            String sql = tx.insertInto(GAME,
                            GAME.VARIANT, GAME.EVENT, GAME.SITE, GAME.DATE, GAME.ROUND, GAME.WHITE,
                            GAME.BLACK, GAME.RESULT, GAME.SETUP_EPN, GAME.MOVES, GAME.MOVETEXT,
                            GAME.PLY_COUNT, GAME.FINGERPRINT, GAME.SOURCE, GAME.SOURCE_LINE,
                            GAME.SOURCE_FILE_ID, GAME.IMPORTED_AT, GAME.TAG_COUNT, GAME.RECORD_DIGEST)
                    .values((String) null, null, null, null, null, null,
                            null, null, null, null, null,
                            null, null, null, null,
                            null, null, null, null)
                    .getSQL();
            // the name as the database folds it: PostgreSQL's driver quotes what it is given
            String idColumn = tx.dialect() == SQLDialect.POSTGRES
                    ? GAME.ID.getName().toLowerCase(Locale.ROOT)
                    : GAME.ID.getName();
            return tx.connectionResult(pooled -> {
                Connection c = unwrapped(pooled);
                if (tx.dialect() == SQLDialect.POSTGRES) {
                    return GameCopy.insertGames(c, rows, sourceFileId, now);
                }
                try (PreparedStatement ps = c.prepareStatement(sql, new String[] {idColumn})) {
                    for (GameRow r : rows) {
                        ps.setString(1, r.variant());
                        ps.setString(2, r.event());
                        ps.setString(3, r.site());
                        ps.setString(4, r.date());
                        ps.setString(5, r.round());
                        ps.setString(6, r.white());
                        ps.setString(7, r.black());
                        ps.setString(8, r.result());
                        ps.setString(9, r.setupPosition());
                        ps.setString(10, r.moves());
                        ps.setString(11, r.movetext());
                        ps.setInt(12, r.plyCount());
                        ps.setLong(13, r.fingerprint());
                        ps.setString(14, r.source());
                        ps.setInt(15, r.sourceLine());
                        if (sourceFileId == null) {
                            ps.setNull(16, Types.BIGINT);
                        } else {
                            ps.setLong(16, sourceFileId);
                        }
                        ps.setObject(17, now);
                        ps.setInt(18, r.tags().size()); // checked after an unclean stop (IncompleteWrites)
                        ps.setLong(19, RecordDigest.of(r)); // checked by emergo check and repair
                        ps.addBatch();
                    }
                    ps.executeBatch();
                    List<Long> ids = new ArrayList<>(rows.size());
                    try (ResultSet keys = ps.getGeneratedKeys()) {
                        while (keys.next()) {
                            ids.add(keys.getLong(1));
                        }
                    }
                    if (ids.size() != rows.size()) {
                        throw new IllegalStateException("the database returned " + ids.size() + " ids for "
                                + rows.size() + " games");
                    }
                    return ids;
                }
            });
        }

        private void insertTags(List<GameRow> rows, List<Long> gameIds) {
            String sql = tx.insertInto(GAME_TAG, GAME_TAG.GAME_ID, GAME_TAG.SEQ, GAME_TAG.NAME, GAME_TAG.VALUE)
                    .values((Long) null, null, null, null)
                    .getSQL();
            tx.connection(pooled -> {
                Connection c = unwrapped(pooled);
                if (tx.dialect() == SQLDialect.POSTGRES) {
                    GameCopy.insertTags(c, rows, gameIds);
                    return;
                }
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    int count = 0;
                    for (int i = 0; i < rows.size(); i++) {
                        for (GameRow.Tag t : rows.get(i).tags()) {
                            ps.setLong(1, gameIds.get(i));
                            ps.setInt(2, t.seq());
                            ps.setString(3, t.name());
                            ps.setString(4, t.value());
                            ps.addBatch();
                            count++;
                        }
                    }
                    if (count > 0) {
                        ps.executeBatch();
                    }
                }
            });
        }

        /**
         * The driver's own connection under the pool's wrapper, which checks and locks on every
         * setString of a batch; the pool still owns and closes it.
         */
        private static Connection unwrapped(Connection pooled) throws SQLException {
            return pooled.isWrapperFor(Connection.class) ? pooled.unwrap(Connection.class) : pooled;
        }

        InsertResult result() {
            return new InsertResult(ids.size(), duplicates, ids, rejected);
        }
    }
}
