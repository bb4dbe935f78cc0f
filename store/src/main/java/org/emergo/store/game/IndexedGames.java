package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.ANALYSIS;
import static org.emergo.store.jooq.Tables.FINDING;
import static org.emergo.store.jooq.Tables.GAME;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record1;
import org.jooq.Record3;
import org.jooq.ResultQuery;
import org.jooq.SelectConditionStep;
import org.jooq.exception.DataAccessException;

/**
 * The games that the list's indexed filters leave, read from indexes alone, never a game row:
 * a player (either colour, or White, or Black) from the indexes on (white, result, date) and
 * (black, result, date), which give each game's date and recorded result too; a finding code
 * from finding (code, game_id); with or without findings from analysis (findings); a length
 * from game (ply_count, id). Several
 * such filters leave the games all of them leave. A player with 20,000 games of 100,000 is read this way in a few milliseconds, where
 * reading those game rows takes over a hundred (sql/h2/V6__games_list_indexes.sql).
 */
final class IndexedGames {

    /** What a player index tells of a game besides its id. */
    private record Known(String date, String result) {}

    /** The games, each with what is known of it, or null for every game when no player filter was given. */
    private final Map<Long, Known> games;
    private final boolean known;

    private IndexedGames(Map<Long, Known> games, boolean known) {
        this.games = games;
        this.known = known;
    }

    /** Whether a filter is one this class answers: the other filters need the game rows. */
    static boolean indexed(GameFilter f) {
        return f.player() != null || f.white() != null || f.black() != null || f.code() != null || f.hasFindings() != null
                || f.minPlies() != null || f.maxPlies() != null;
    }

    /** The games the filter's indexed filters leave, or empty when it has none. */
    static Optional<IndexedGames> of(DSLContext dsl, GameFilter f) {
        if (!indexed(f)) return Optional.empty();
        IndexedGames left = null;
        if (f.player() != null) {
            left = intersect(left, known(playedBy(dsl, GAME.WHITE, f.player()).unionAll(playedBy(dsl, GAME.BLACK, f.player()))));
        }
        if (f.white() != null) left = intersect(left, known(playedBy(dsl, GAME.WHITE, f.white())));
        if (f.black() != null) left = intersect(left, known(playedBy(dsl, GAME.BLACK, f.black())));
        if (f.minPlies() != null || f.maxPlies() != null) {
            left = intersect(left, ids(dsl.select(GAME.ID).from(GAME).where(GameList.plies(f)).fetch(GAME.ID)));
        }
        if (f.code() != null) {
            left = intersect(left, ids(dsl.select(FINDING.GAME_ID).from(FINDING).where(FINDING.CODE.eq(f.code().name()))
                    .fetch(FINDING.GAME_ID)));
        }
        if (f.hasFindings() != null) {
            // from 1 rather than above 0: H2 began "above 0" at 0 and stepped over every game without
            ResultQuery<Record1<Long>> withFindings = dsl.select(ANALYSIS.GAME_ID).from(ANALYSIS).where(ANALYSIS.FINDINGS.ge(1));
            if (f.hasFindings()) {
                left = intersect(left, ids(withFindings.fetch(ANALYSIS.GAME_ID)));
            } else if (left != null && dsl.fetchCount(ANALYSIS) == dsl.fetchCount(GAME)) {
                // every game analysed (H2 counts a table at once): without findings is all but
                // the few with them, so the many without need not be read
                withFindings.fetch(ANALYSIS.GAME_ID).forEach(left.games::remove);
            } else {
                left = intersect(left, ids(dsl.select(ANALYSIS.GAME_ID).from(ANALYSIS).where(ANALYSIS.FINDINGS.eq(0))
                        .fetch(ANALYSIS.GAME_ID)));
            }
        }
        return Optional.of(left);
    }

    boolean isEmpty() {
        return games.isEmpty();
    }

    int size() {
        return games.size();
    }

    List<Long> ids() {
        return new ArrayList<>(games.keySet());
    }

    /**
     * Whether these games can be listed without reading their rows: no filter needs a row, and
     * the order is by id, or by date when a player index gave the dates (a date range and the
     * result then too).
     */
    boolean listsAlone(GameFilter f) {
        boolean needsKnown = f.dateFrom() != null || f.dateTo() != null || f.result() != null || f.sort().equals("date");
        return !GameList.filtersUnindexed(f) && (known || !needsKnown) && (f.sort().equals("id") || f.sort().equals("date"));
    }

    /**
     * The ids in the list's order, the date range and result applied: the same order and
     * filters as {@link GameList}'s SQL (dates compared as text, no date lowest, then by id).
     */
    List<Long> sorted(GameFilter f) {
        Comparator<Map.Entry<Long, Known>> order = Map.Entry.comparingByKey();
        if (f.sort().equals("date")) {
            Comparator<Known> byDate = Comparator.comparing(Known::date, Comparator.nullsFirst(Comparator.naturalOrder()));
            order = Map.Entry.<Long, Known>comparingByValue(byDate).thenComparing(order);
        }
        if (f.descending()) order = order.reversed();
        return games.entrySet().stream()
                .filter(e -> f.result() == null || f.result().equals(e.getValue().result()))
                .filter(e -> inRange(e.getValue(), f))
                .sorted(order)
                .map(Map.Entry::getKey)
                .toList();
    }

    /** GameList's date range: a bare year or month covers all its days; an unknown year (????) is outside any range. */
    private static boolean inRange(Known game, GameFilter f) {
        if (f.dateFrom() == null && f.dateTo() == null) return true;
        String date = game.date();
        if (date == null) return false;
        if (f.dateFrom() != null && (date.compareTo(f.dateFrom()) < 0 || date.compareTo("9999.99.99") > 0)) return false;
        return f.dateTo() == null || date.compareTo(f.dateTo() + ".99") <= 0;
    }

    /** A player's games with one colour, as a player index holds them. */
    private static SelectConditionStep<Record3<Long, String, String>> playedBy(DSLContext dsl, Field<String> colour,
            String player) {
        return dsl.select(GAME.ID, GAME.DATE, GAME.RESULT).from(GAME).where(colour.eq(player));
    }

    /** Reads (id, date, result) from the bare result set: jOOQ's records doubled the time for a player's 20,000 games. */
    private static IndexedGames known(ResultQuery<Record3<Long, String, String>> games) {
        Map<Long, Known> known = new HashMap<>();
        try (ResultSet rows = games.fetchResultSet()) {
            while (rows.next()) known.put(rows.getLong(1), new Known(rows.getString(2), rows.getString(3)));
        } catch (SQLException e) {
            throw new DataAccessException("cannot read a player's games", e);
        }
        return new IndexedGames(known, true);
    }

    private static IndexedGames ids(List<Long> ids) {
        Map<Long, Known> games = new HashMap<>(ids.size() * 2);
        for (Long id : ids) games.put(id, null);
        return new IndexedGames(games, false);
    }

    /** The games in both, with what whichever knows of them. */
    private static IndexedGames intersect(IndexedGames a, IndexedGames b) {
        if (a == null) return b;
        IndexedGames knowing = a.known ? a : b;
        IndexedGames other = knowing == a ? b : a;
        Map<Long, Known> both = new HashMap<>();
        for (Map.Entry<Long, Known> e : knowing.games.entrySet()) {
            if (other.games.containsKey(e.getKey())) both.put(e.getKey(), e.getValue());
        }
        return new IndexedGames(both, a.known || b.known);
    }
}
