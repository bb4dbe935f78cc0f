package org.emergo.store.puzzle;

import static org.emergo.store.jooq.Tables.PUZZLE;
import static org.emergo.store.jooq.Tables.PUZZLE_MINED;
import static org.emergo.store.jooq.Tables.PUZZLE_THEME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.emergo.store.jooq.Tables.REVIEW_PLY;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.emergo.puzzle.Puzzle;
import org.emergo.puzzle.PuzzleMiner;
import org.emergo.puzzle.Theme;
import org.emergo.ratings.Glicko2;
import org.emergo.rules.Move;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.db.Transaction;
import org.emergo.store.game.PendingGame;
import org.emergo.store.game.PendingGames;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record3;
import org.jooq.impl.DSL;

/**
 * The mining's reads and writes (sql/V18__puzzles.sql): the reviewed games not yet mined, the
 * review's classes that choose the positions to try, and a batch of mined games stored in one
 * transaction with their puzzle_mined rows, so that a game has all its puzzles or none.
 */
public final class PuzzleRepository {

    /** A mined game to store: its puzzles, the review that chose its positions, the positions tried. */
    public record MinedGame(long gameId, Variant variant, int settingId, int tried, List<Found> puzzles) {}

    /** A puzzle found at a ply, with the move the game played there. */
    public record Found(int ply, Puzzle puzzle, Move played) {}

    /**
     * What a game's review says of each position: the setting it was reviewed at (its latest),
     * and per ply the class of the move played from it and the proof's result (null where none).
     */
    public record ReviewMarks(int settingId, Map<Integer, String> classes, Map<Integer, String> proofs) {

        /**
         * Whether the position at {@code ply} is worth trying: the move into it was a mistake or
         * a blunder, or proven to lose (the solver may punish it), or the move played from it was
         * a mistake or a blunder (the solver missed something).
         */
        public boolean candidate(int ply) {
            return bad(classes.get(ply - 1)) || "loses".equals(proofs.get(ply - 1)) || bad(classes.get(ply));
        }

        private static boolean bad(String moveClass) {
            return "mistake".equals(moveClass) || "blunder".equals(moveClass);
        }
    }

    private final Database db;

    public PuzzleRepository(Database db) {
        this.db = db;
    }

    /** Reviewed games matching {@code where} (an SQL condition on table game; null: all) not yet mined. */
    public int countPending(String where) throws SQLException {
        return pending().count(where);
    }

    /** The next reviewed games after {@code afterId} in id order that match {@code where} and are not yet mined. */
    public List<PendingGame> pending(long afterId, int limit, String where) throws SQLException {
        return pending().next(afterId, limit, where);
    }

    private PendingGames pending() {
        Field<Long> id = PendingGames.G.ID;
        return new PendingGames(db, DSL.exists(DSL.selectOne().from(REVIEW).where(REVIEW.GAME_ID.eq(id)))
                .andNotExists(DSL.selectOne()
                        .from(PUZZLE_MINED)
                        .where(PUZZLE_MINED.GAME_ID.eq(id))
                        .and(PUZZLE_MINED.MINER_VERSION.eq(PuzzleMiner.VERSION))));
    }

    /** The marks of a game's latest review (the setting reviewed last, as the viewer shows it), or null if none. */
    public ReviewMarks marks(long gameId) {
        DSLContext dsl = db.dsl();
        Integer setting = dsl.select(REVIEW.SETTING_ID)
                .from(REVIEW)
                .where(REVIEW.GAME_ID.eq(gameId))
                .orderBy(REVIEW.REVIEWED_AT.desc(), REVIEW.SETTING_ID.desc())
                .limit(1)
                .fetchOne(REVIEW.SETTING_ID);
        if (setting == null) return null;
        Map<Integer, String> classes = new LinkedHashMap<>();
        Map<Integer, String> proofs = new LinkedHashMap<>();
        for (Record3<Integer, String, String> r : dsl.select(REVIEW_PLY.PLY, REVIEW_PLY.MOVE_CLASS, REVIEW_PLY.PROOF)
                .from(REVIEW_PLY)
                .where(REVIEW_PLY.GAME_ID.eq(gameId))
                .and(REVIEW_PLY.SETTING_ID.eq(setting))
                .fetch()) {
            if (r.value2() != null) classes.put(r.value1(), r.value2());
            if (r.value3() != null) proofs.put(r.value1(), r.value3());
        }
        return new ReviewMarks(setting, classes, proofs);
    }

    /**
     * Stores mined games in one transaction: each game's earlier puzzles (of another miner
     * version) go, its new ones and its puzzle_mined row come.
     */
    public void save(List<MinedGame> games) throws SQLException {
        if (games.isEmpty()) return;
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        try (Connection c = db.dataSource().getConnection()) {
            Transaction.run(c, tx -> {
                DSLContext dsl = DSL.using(tx, db.dialect(), db.dsl().settings());
                List<Long> ids = games.stream().map(MinedGame::gameId).toList();
                // the positions whose puzzles change: the games' earlier ones and their new ones
                List<Long> touched = new ArrayList<>(dsl.select(PUZZLE.POSITION_HASH).from(PUZZLE)
                        .where(PUZZLE.GAME_ID.in(ids)).fetch(PUZZLE.POSITION_HASH));
                dsl.deleteFrom(PUZZLE).where(PUZZLE.GAME_ID.in(ids)).execute();
                dsl.deleteFrom(PUZZLE_MINED).where(PUZZLE_MINED.GAME_ID.in(ids)).execute();
                for (MinedGame g : games) {
                    for (Found f : g.puzzles()) {
                        insert(dsl, g, f);
                        touched.add(f.puzzle().position().hash());
                    }
                    dsl.insertInto(PUZZLE_MINED)
                            .set(PUZZLE_MINED.GAME_ID, g.gameId())
                            .set(PUZZLE_MINED.MINER_VERSION, PuzzleMiner.VERSION)
                            .set(PUZZLE_MINED.SETTING_ID, g.settingId())
                            .set(PUZZLE_MINED.TRIED, g.tried())
                            .set(PUZZLE_MINED.PUZZLES, g.puzzles().size())
                            .set(PUZZLE_MINED.MINED_AT, now)
                            .execute();
                }
                PuzzleSet.settle(dsl, touched);
            });
        }
    }

    /**
     * Puts right the marks of the puzzles that stand for their positions
     * ({@link PuzzleSet}), which two programs mining at once or a kill may have left wrong.
     */
    public void settleSet() throws SQLException {
        try (Connection c = db.dataSource().getConnection()) {
            Transaction.run(c, tx -> PuzzleSet.settleAll(DSL.using(tx, db.dialect(), db.dsl().settings())));
        }
    }

    private static void insert(DSLContext dsl, MinedGame g, Found f) {
        Puzzle p = f.puzzle();
        String themes = p.themes().stream().sorted().map(Theme::code).collect(Collectors.joining(" "));
        double start = PuzzleMiner.startRating(p.difficulty());
        dsl.insertInto(PUZZLE)
                .set(PUZZLE.GAME_ID, g.gameId())
                .set(PUZZLE.PLY, f.ply())
                .set(PUZZLE.VARIANT, g.variant().tagName())
                .set(PUZZLE.EPN, PositionText.format(p.position()))
                .set(PUZZLE.POSITION_HASH, p.position().hash())
                .set(PUZZLE.SOLVER, String.valueOf(p.solver().letter()))
                .set(PUZZLE.MOVES, p.movesText())
                .set(PUZZLE.ROLES, roles(p))
                .set(PUZZLE.ASKED, (short) p.asked())
                .set(PUZZLE.MEN, (short) p.men())
                .set(PUZZLE.WINS_GAME, p.game())
                .set(PUZZLE.PROOF_FROM, (short) p.steps().get(0).from())
                .set(PUZZLE.HORIZON, (short) p.steps().get(0).horizon())
                .set(PUZZLE.THEMES, themes)
                .set(PUZZLE.DIFFICULTY, (float) p.difficulty())
                .set(PUZZLE.PLAYED, f.played() == null ? null : f.played().toString())
                .set(PUZZLE.RATING, start)
                .set(PUZZLE.RATING_DEVIATION, Glicko2.START_DEVIATION)
                .set(PUZZLE.VOLATILITY, Glicko2.START_VOLATILITY)
                .set(PUZZLE.ATTEMPTS, 0)
                .set(PUZZLE.SOLVED, 0)
                .set(PUZZLE.MINER_VERSION, PuzzleMiner.VERSION)
                .execute();
        for (Theme t : p.themes()) {
            dsl.insertInto(PUZZLE_THEME)
                    .set(PUZZLE_THEME.GAME_ID, g.gameId())
                    .set(PUZZLE_THEME.PLY, f.ply())
                    .set(PUZZLE_THEME.THEME, t.code())
                    .execute();
        }
    }

    /** a, f, r per move of the solution: asked, forced, reply. */
    static String roles(Puzzle p) {
        StringBuilder sb = new StringBuilder();
        for (Puzzle.Step s : p.steps()) {
            sb.append(switch (s.role()) {
                case ASKED -> 'a';
                case FORCED -> 'f';
                case REPLY -> 'r';
            });
        }
        return sb.toString();
    }

    /** The set's puzzles per board (one per position), in board order. */
    public Map<String, Integer> countsByBoard() {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Variant v : Variant.values()) {
            out.put(v.tagName(), db.dsl().fetchCount(PUZZLE, PUZZLE.IN_SET.isTrue().and(PUZZLE.VARIANT.eq(v.tagName()))));
        }
        return out;
    }
}
