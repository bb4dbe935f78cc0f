package org.emergo.store.puzzle;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.PUZZLE;
import static org.emergo.store.jooq.Tables.PUZZLE_ATTEMPT;
import static org.emergo.store.jooq.Tables.PUZZLE_SOLVER;
import static org.emergo.store.jooq.Tables.PUZZLE_THEME;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.emergo.ratings.Glicko2;
import org.emergo.ratings.Rating;
import org.emergo.ratings.RatingSystem;
import org.emergo.rules.Variant;
import org.emergo.store.db.Database;
import org.emergo.store.db.Transaction;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.output.ResultWriter;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Record1;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.impl.DSL;

/**
 * The puzzle set as the viewer and the export read it (one puzzle per position: those marked
 * {@code in_set}, {@link PuzzleSet}), and the attempts at its puzzles, each of which rates the puzzle and the solver
 * by Glicko-2 (analyzer's {@link Glicko2}), one attempt a rating period, as lichess rates its puzzles.
 */
public final class PuzzleBook {

    /** The viewer's solver: one person at the machine the viewer serves. */
    public static final String LOCAL_SOLVER = "local";

    /**
     * Which puzzles: a board, a theme, a rating range (difficulty as calibrated), a player of
     * the game, an event; null for any.
     */
    public record Filter(Variant variant, String theme, Integer minRating, Integer maxRating, String player, String event) {
        public static final Filter ANY = new Filter(null, null, null, null, null, null);

        Condition condition() {
            Condition c = PUZZLE.IN_SET.isTrue();
            if (variant != null) c = c.and(PUZZLE.VARIANT.eq(variant.tagName()));
            if (theme != null) {
                c = c.and(DSL.exists(DSL.selectOne().from(PUZZLE_THEME)
                        .where(PUZZLE_THEME.GAME_ID.eq(PUZZLE.GAME_ID))
                        .and(PUZZLE_THEME.PLY.eq(PUZZLE.PLY))
                        .and(PUZZLE_THEME.THEME.eq(theme))));
            }
            if (minRating != null) c = c.and(PUZZLE.RATING.ge(minRating.doubleValue()));
            if (maxRating != null) c = c.and(PUZZLE.RATING.lt(maxRating.doubleValue()));
            if (player != null) c = c.and(GAME.WHITE.eq(player).or(GAME.BLACK.eq(player)));
            if (event != null) c = c.and(GAME.EVENT.eq(event));
            return c;
        }
    }

    /**
     * What an attempt did to the ratings: {@code rated} only for the solver's first attempt at
     * the puzzle, as lichess rates; a later one leaves both ratings as they were.
     */
    public record Attempted(boolean solved, boolean rated, Rating puzzle, Rating solver) {}

    private final Database db;
    private final RatingSystem glicko = new Glicko2();

    public PuzzleBook(Database db) {
        this.db = db;
    }

    /**
     * The next puzzle for the local solver: the first, in game and ply order, that matches and
     * that he has not tried yet; once he has tried them all, the first that matches.
     */
    public Optional<StoredPuzzle> next(Filter filter) {
        DSLContext dsl = db.dsl();
        Optional<StoredPuzzle> fresh = listQuery(dsl, filter.condition().and(untried()), 0, 1).fetchOptional(PuzzleBook::read);
        return fresh.isPresent() ? fresh : listQuery(dsl, filter.condition(), 0, 1).fetchOptional(PuzzleBook::read);
    }

    /** Not yet tried by the local solver. */
    static Condition untried() {
        return DSL.notExists(DSL.selectOne().from(PUZZLE_ATTEMPT)
                .where(PUZZLE_ATTEMPT.GAME_ID.eq(PUZZLE.GAME_ID))
                .and(PUZZLE_ATTEMPT.PLY.eq(PUZZLE.PLY))
                .and(PUZZLE_ATTEMPT.SOLVER_NAME.eq(LOCAL_SOLVER)));
    }

    /** The set's puzzles that match {@code c}, in game and ply order: read along the primary key. */
    static Select<Record> listQuery(DSLContext dsl, Condition c, int offset, int limit) {
        return dsl.select(columns())
                .from(PUZZLE).join(GAME).on(GAME.ID.eq(PUZZLE.GAME_ID))
                .where(c)
                .orderBy(PUZZLE.GAME_ID, PUZZLE.PLY)
                .limit(limit)
                .offset(offset);
    }

    static Select<Record1<Integer>> countQuery(DSLContext dsl, Condition c) {
        return dsl.selectCount()
                .from(PUZZLE).join(GAME).on(GAME.ID.eq(PUZZLE.GAME_ID))
                .where(c);
    }

    /** A puzzle by its id ({@code game-ply}), whether or not it is the set's one of its position. */
    public Optional<StoredPuzzle> find(String id) {
        long[] key = StoredPuzzle.parseId(id);
        if (key == null) return Optional.empty();
        return db.dsl().select(columns())
                .from(PUZZLE).join(GAME).on(GAME.ID.eq(PUZZLE.GAME_ID))
                .where(PUZZLE.GAME_ID.eq(key[0]))
                .and(PUZZLE.PLY.eq((int) key[1]))
                .fetchOptional()
                .map(PuzzleBook::read);
    }

    /** The set's puzzles that match, in game and ply order, from {@code offset}. */
    public List<StoredPuzzle> list(Filter filter, int offset, int limit) {
        return listQuery(db.dsl(), filter.condition(), offset, limit).fetch(PuzzleBook::read);
    }

    /** How many of the set's puzzles match. */
    public int count(Filter filter) {
        return countQuery(db.dsl(), filter.condition()).fetchOne(0, int.class);
    }

    /** The themes that occur in the set, in name order. */
    public List<String> themes() {
        return db.dsl().selectDistinct(PUZZLE_THEME.THEME).from(PUZZLE_THEME).orderBy(PUZZLE_THEME.THEME)
                .fetch(PUZZLE_THEME.THEME);
    }

    /** The columns of the lichess puzzle set, in its order. */
    public static final List<String> EXPORT_COLUMNS = List.of("PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation",
            "Popularity", "NbPlays", "Themes", "GameUrl", "OpeningTags");

    /**
     * Writes the set as the lichess puzzle set's CSV: id, position string (in FEN's place),
     * the solution's moves, rating and deviation, popularity (the share solved, -100 to 100, as
     * lichess's votes are), attempts, themes, the game's page at the ply, and no opening tags.
     * Unlike lichess's, the moves start with the solver's: the position is the one he faces.
     */
    public int export(ResultWriter out) {
        List<ResultColumn> cols = new ArrayList<>();
        for (String name : EXPORT_COLUMNS) {
            cols.add(new ResultColumn(name, name.equals("Rating") || name.equals("RatingDeviation")
                    || name.equals("Popularity") || name.equals("NbPlays")));
        }
        out.columns(cols);
        int[] n = {0};
        db.dsl().select(columns())
                .from(PUZZLE).join(GAME).on(GAME.ID.eq(PUZZLE.GAME_ID))
                .where(Filter.ANY.condition())
                .orderBy(PUZZLE.GAME_ID, PUZZLE.PLY)
                .fetchSize(500)
                .forEach(r -> {
                    StoredPuzzle p = read(r);
                    long popularity = p.attempts() == 0 ? 0 : Math.round(200.0 * p.solved() / p.attempts() - 100);
                    List<Object> row = new ArrayList<>();
                    row.add(p.id());
                    row.add(p.epn());
                    row.add(String.join(" ", p.moves()));
                    row.add((long) p.shownRating());
                    row.add(Math.round(p.ratingDeviation()));
                    row.add(popularity);
                    row.add((long) p.attempts());
                    row.add(String.join(" ", p.themes()));
                    row.add("/game/" + p.gameId() + "/" + p.ply());
                    row.add("");
                    out.row(row);
                    n[0]++;
                });
        out.end();
        return n[0];
    }

    /**
     * Stores the local solver's first attempt at a puzzle and rates him and the puzzle by it, in
     * one transaction: solved is the first move right. A later attempt (a try again, or the
     * solution played once the failure showed it) stores nothing and rates nobody.
     */
    public Attempted attempt(String id, boolean solved, String wrongMove) {
        long[] key = StoredPuzzle.parseId(id);
        if (key == null) throw new IllegalArgumentException("no puzzle " + id);
        try (Connection c = db.dataSource().getConnection()) {
            return Transaction.on(c, tx -> {
                DSLContext dsl = DSL.using(tx, db.dialect(), db.dsl().settings());
                Record p = dsl.select(PUZZLE.RATING, PUZZLE.RATING_DEVIATION, PUZZLE.VOLATILITY, PUZZLE.ATTEMPTS, PUZZLE.SOLVED)
                        .from(PUZZLE)
                        .where(PUZZLE.GAME_ID.eq(key[0])).and(PUZZLE.PLY.eq((int) key[1]))
                        .forUpdate()
                        .fetchOne();
                if (p == null) throw new IllegalArgumentException("no puzzle " + id);
                Record s = dsl.select(PUZZLE_SOLVER.RATING, PUZZLE_SOLVER.RATING_DEVIATION, PUZZLE_SOLVER.VOLATILITY,
                                PUZZLE_SOLVER.ATTEMPTS)
                        .from(PUZZLE_SOLVER).where(PUZZLE_SOLVER.NAME.eq(LOCAL_SOLVER))
                        .forUpdate()
                        .fetchOne();
                int puzzleAttempts = p.get(PUZZLE.ATTEMPTS);
                Rating puzzle = new Rating(p.get(PUZZLE.RATING), p.get(PUZZLE.RATING_DEVIATION), p.get(PUZZLE.VOLATILITY),
                        puzzleAttempts);
                Rating solver = s == null ? glicko.newPlayer()
                        : new Rating(s.get(PUZZLE_SOLVER.RATING), s.get(PUZZLE_SOLVER.RATING_DEVIATION),
                                s.get(PUZZLE_SOLVER.VOLATILITY), s.get(PUZZLE_SOLVER.ATTEMPTS));
                if (tried(dsl, key)) return new Attempted(solved, false, puzzle, solver);
                RatingSystem.After after = glicko.update(solver, puzzle, solved ? 1 : 0);
                dsl.update(PUZZLE)
                        .set(PUZZLE.RATING, after.black().rating())
                        .set(PUZZLE.RATING_DEVIATION, after.black().deviation())
                        .set(PUZZLE.VOLATILITY, after.black().volatility())
                        .set(PUZZLE.ATTEMPTS, puzzleAttempts + 1)
                        .set(PUZZLE.SOLVED, p.get(PUZZLE.SOLVED) + (solved ? 1 : 0))
                        .where(PUZZLE.GAME_ID.eq(key[0])).and(PUZZLE.PLY.eq((int) key[1]))
                        .execute();
                int solverAttempts = s == null ? 1 : s.get(PUZZLE_SOLVER.ATTEMPTS) + 1;
                if (s == null) {
                    dsl.insertInto(PUZZLE_SOLVER)
                            .set(PUZZLE_SOLVER.NAME, LOCAL_SOLVER)
                            .set(PUZZLE_SOLVER.RATING, after.white().rating())
                            .set(PUZZLE_SOLVER.RATING_DEVIATION, after.white().deviation())
                            .set(PUZZLE_SOLVER.VOLATILITY, after.white().volatility())
                            .set(PUZZLE_SOLVER.ATTEMPTS, solverAttempts)
                            .execute();
                } else {
                    dsl.update(PUZZLE_SOLVER)
                            .set(PUZZLE_SOLVER.RATING, after.white().rating())
                            .set(PUZZLE_SOLVER.RATING_DEVIATION, after.white().deviation())
                            .set(PUZZLE_SOLVER.VOLATILITY, after.white().volatility())
                            .set(PUZZLE_SOLVER.ATTEMPTS, solverAttempts)
                            .where(PUZZLE_SOLVER.NAME.eq(LOCAL_SOLVER))
                            .execute();
                }
                dsl.insertInto(PUZZLE_ATTEMPT)
                        .set(PUZZLE_ATTEMPT.GAME_ID, key[0])
                        .set(PUZZLE_ATTEMPT.PLY, (int) key[1])
                        .set(PUZZLE_ATTEMPT.SOLVER_NAME, LOCAL_SOLVER)
                        .set(PUZZLE_ATTEMPT.ATTEMPT, puzzleAttempts + 1)
                        .set(PUZZLE_ATTEMPT.SOLVED, solved)
                        .set(PUZZLE_ATTEMPT.WRONG_MOVE, solved ? null : wrongMove)
                        .set(PUZZLE_ATTEMPT.ATTEMPTED_AT, LocalDateTime.now(ZoneOffset.UTC))
                        .execute();
                return new Attempted(solved, true, after.black(), after.white());
            });
        } catch (SQLException e) {
            throw db.failure("cannot store the attempt", e);
        }
    }

    /** Whether the local solver has tried the puzzle {@code id} before: a new attempt is not rated. */
    public boolean triedBefore(String id) {
        long[] key = StoredPuzzle.parseId(id);
        return key != null && tried(db.dsl(), key);
    }

    private static boolean tried(DSLContext dsl, long[] key) {
        return dsl.fetchExists(DSL.selectOne().from(PUZZLE_ATTEMPT)
                .where(PUZZLE_ATTEMPT.GAME_ID.eq(key[0]))
                .and(PUZZLE_ATTEMPT.PLY.eq((int) key[1]))
                .and(PUZZLE_ATTEMPT.SOLVER_NAME.eq(LOCAL_SOLVER)));
    }

    /** The local solver's rating, or the start rating before his first attempt. */
    public Rating solverRating() {
        Record s = db.dsl().select(PUZZLE_SOLVER.RATING, PUZZLE_SOLVER.RATING_DEVIATION, PUZZLE_SOLVER.VOLATILITY,
                        PUZZLE_SOLVER.ATTEMPTS)
                .from(PUZZLE_SOLVER).where(PUZZLE_SOLVER.NAME.eq(LOCAL_SOLVER))
                .fetchOne();
        return s == null ? glicko.newPlayer() : new Rating(s.get(PUZZLE_SOLVER.RATING),
                s.get(PUZZLE_SOLVER.RATING_DEVIATION), s.get(PUZZLE_SOLVER.VOLATILITY), s.get(PUZZLE_SOLVER.ATTEMPTS));
    }

    private static List<SelectField<?>> columns() {
        return List.of(PUZZLE.GAME_ID, PUZZLE.PLY, PUZZLE.VARIANT, PUZZLE.EPN, PUZZLE.SOLVER,
                PUZZLE.MOVES, PUZZLE.ROLES, PUZZLE.MEN, PUZZLE.WINS_GAME, PUZZLE.PROOF_FROM,
                PUZZLE.HORIZON, PUZZLE.THEMES, PUZZLE.DIFFICULTY, PUZZLE.PLAYED, PUZZLE.RATING,
                PUZZLE.RATING_DEVIATION, PUZZLE.ATTEMPTS, PUZZLE.SOLVED, GAME.WHITE, GAME.BLACK, GAME.EVENT);
    }

    /** A row of {@link #columns()}. */
    private static StoredPuzzle read(Record r) {
        return new StoredPuzzle(r.get(0, Long.class), r.get(1, Integer.class), Variant.parse(r.get(2, String.class)),
                r.get(3, String.class), r.get(4, String.class).charAt(0), words(r.get(5, String.class)),
                r.get(6, String.class), r.get(7, Integer.class), r.get(8, Boolean.class), r.get(9, Integer.class),
                r.get(10, Integer.class), words(r.get(11, String.class)), r.get(12, Double.class), r.get(13, String.class),
                r.get(14, Double.class), r.get(15, Double.class), r.get(16, Integer.class), r.get(17, Integer.class),
                r.get(18, String.class), r.get(19, String.class), r.get(20, String.class));
    }

    private static List<String> words(String text) {
        return text == null || text.isBlank() ? List.of() : List.of(text.trim().split(" +"));
    }
}
