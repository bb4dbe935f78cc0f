package org.emergo.store.puzzle;

import static org.emergo.store.jooq.Tables.GAME;
import static org.emergo.store.jooq.Tables.REVIEW;
import static org.emergo.store.jooq.Tables.REVIEW_PLY;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.emergo.store.game.LatestReview;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * A player's mistakes to retry: the moves of his reviewed games (their latest review, as the
 * viewer shows it) that the judgement classed a mistake or a blunder, newest game first, in ply
 * order within a game. His games are read by the index on each colour with the counts their
 * reviews keep, so that a page reads the plies of the few games it shows and nothing else; a
 * player with thousands of games and mistakes costs a read of his games, not of his mistakes.
 */
public final class PlayerMistakes {

    /** A mistake or blunder to retry: the position before it is {@code ply}, {@code side} the mover's letter. */
    public record Mistake(long gameId, int ply, String side, String played, String best, String moveClass, String date,
            String white, String black) {

        /** The move as the game page numbers it: {@code 4. e8} for White's, {@code 4... e8} for Black's. */
        public String label() {
            boolean whiteStarts = side.equals("w") == (ply % 2 == 0);
            int index = whiteStarts ? ply : ply + 1;
            return (index / 2 + 1) + (index % 2 == 0 ? ". " : "... ") + played;
        }
    }

    /** One of the player's reviewed games: its latest review, the sides he had and his mistakes in it. */
    private record Game(long id, int settingId, String sides, int mistakes, String date, String white, String black) {}

    private final DSLContext dsl;

    public PlayerMistakes(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** How many mistakes and blunders the player made in his reviewed games. */
    public int count(String player) {
        return games(player, DSL.trueCondition()).stream().mapToInt(Game::mistakes).sum();
    }

    /** His mistakes from {@code offset}, at most {@code limit}: newest game first, in ply order within a game. */
    public List<Mistake> page(String player, int offset, int limit) {
        List<Game> shown = new ArrayList<>();
        int before = 0;
        int skip = 0;
        for (Game g : games(player, DSL.trueCondition())) {
            if (before + g.mistakes() > offset && before < offset + limit) {
                if (shown.isEmpty()) skip = offset - before;
                shown.add(g);
            }
            before += g.mistakes();
        }
        List<Mistake> out = mistakes(shown, DSL.trueCondition());
        return out.subList(Math.min(skip, out.size()), Math.min(out.size(), skip + limit));
    }

    /** His mistake or blunder of game {@code gameId} from the position at {@code ply}, if it is one. */
    public Optional<Mistake> find(String player, long gameId, int ply) {
        return mistakes(games(player, GAME.ID.eq(gameId)), REVIEW_PLY.PLY.eq(ply)).stream().findFirst();
    }

    /**
     * His mistake after the one of game {@code gameId} at {@code ply} in the list's order (newest
     * game first, by ply within a game); empty after the last.
     */
    public Optional<Mistake> next(String player, long gameId, int ply) {
        List<Game> all = games(player, DSL.trueCondition());
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).id() != gameId) continue;
            Optional<Mistake> later = mistakes(List.of(all.get(i)), REVIEW_PLY.PLY.gt(ply)).stream().findFirst();
            if (later.isPresent()) return later;
            for (int j = i + 1; j < all.size(); j++) {
                Optional<Mistake> first = mistakes(List.of(all.get(j)), DSL.trueCondition()).stream().findFirst();
                if (first.isPresent()) return first;
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** His reviewed games, newest first: unknown dates last, then by id going down. */
    private List<Game> games(String player, Condition which) {
        Table<?> both = side(player, GAME.WHITE, "w", which).unionAll(side(player, GAME.BLACK, "b", which)).asTable("g");
        Map<Long, Game> byId = new LinkedHashMap<>();
        dsl.select(both.fields())
                .from(both)
                .orderBy(both.field("sort_date").desc().nullsLast(), both.field("id").desc(), both.field("side"))
                .forEach(r -> {
                    Game g = new Game(r.get("id", Long.class), r.get("setting_id", Integer.class), r.get("side", String.class),
                            r.get("mistakes", Integer.class), r.get("date", String.class), r.get("white", String.class),
                            r.get("black", String.class));
                    // a game he played against himself: both sides, one game
                    byId.merge(g.id(), g, (a, b) -> new Game(a.id(), a.settingId(), a.sides() + b.sides(),
                            a.mistakes() + b.mistakes(), a.date(), a.white(), a.black()));
                });
        return new ArrayList<>(byId.values());
    }

    private Select<Record> side(String player, Field<String> colour, String letter, Condition which) {
        Field<Integer> mistakes = letter.equals("w") ? REVIEW.WHITE_MISTAKES.plus(REVIEW.WHITE_BLUNDERS).cast(Integer.class)
                : REVIEW.BLACK_MISTAKES.plus(REVIEW.BLACK_BLUNDERS).cast(Integer.class);
        List<SelectField<?>> fields = List.of(GAME.ID.as("id"), REVIEW.SETTING_ID.as("setting_id"),
                DSL.inline(letter).as("side"), mistakes.as("mistakes"), GAME.DATE.as("date"), GAME.WHITE.as("white"),
                GAME.BLACK.as("black"), knownDate().as("sort_date"));
        return dsl.select(fields)
                .from(GAME)
                .join(REVIEW).on(REVIEW.GAME_ID.eq(GAME.ID))
                .where(colour.eq(player))
                .and(which)
                // the game's latest review, as the viewer shows it
                .and(LatestReview.is(REVIEW));
    }

    /** The mistakes in these games, in their order and then by ply: the plies read by the primary key, game by game. */
    private List<Mistake> mistakes(List<Game> games, Condition which) {
        List<Mistake> out = new ArrayList<>();
        for (Game g : games) {
            if (g.mistakes() == 0) continue;
            dsl.select(REVIEW_PLY.PLY, REVIEW_PLY.PLAYER, REVIEW_PLY.PLAYED, REVIEW_PLY.BEST_MOVE, REVIEW_PLY.MOVE_CLASS)
                    .from(REVIEW_PLY)
                    .where(REVIEW_PLY.GAME_ID.eq(g.id()))
                    .and(REVIEW_PLY.SETTING_ID.eq(g.settingId()))
                    .and(which)
                    .orderBy(REVIEW_PLY.PLY)
                    .forEach(r -> {
                        // filtered here, not in the query: a condition on the class leads H2 to read
                        // every mistake of the database by the class's index
                        boolean bad = "mistake".equals(r.value5()) || "blunder".equals(r.value5());
                        if (bad && g.sides().contains(r.value2())) {
                            out.add(new Mistake(g.id(), r.value1(), r.value2(), r.value3(), r.value4(), r.value5(), g.date(),
                                    g.white(), g.black()));
                        }
                    });
        }
        return out;
    }

    /** The game's date where its year is known (a record may write {@code ????.??.??}): unknown dates go last. */
    private static Field<String> knownDate() {
        return DSL.when(GAME.DATE.startsWith("?"), DSL.inline((String) null)).otherwise(GAME.DATE);
    }
}
