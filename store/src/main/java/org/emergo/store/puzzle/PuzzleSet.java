package org.emergo.store.puzzle;

import static org.emergo.store.jooq.Tables.PUZZLE;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.impl.DSL;

/**
 * Which puzzle stands for its position in the set (column {@code puzzle.in_set},
 * sql/V24__puzzle_set_stored.sql): of the puzzles of one position, the one of the lowest game and
 * ply. The mining marks the positions it touched in the transaction that stores their puzzles;
 * two programs mining at once, or a kill between, can leave a mark wrong until the end of the next
 * run, which settles the whole set.
 */
final class PuzzleSet {

    private PuzzleSet() {}

    /** Sets the marks of the puzzles of these position hashes; returns the rows changed. */
    static int settle(DSLContext dsl, Collection<Long> hashes) {
        if (hashes.isEmpty()) return 0;
        int changed = 0;
        List<Long> all = new ArrayList<>(new HashSet<>(hashes));
        for (int from = 0; from < all.size(); from += 500) {
            changed += settle(dsl, PUZZLE.POSITION_HASH.in(all.subList(from, Math.min(all.size(), from + 500))));
        }
        return changed;
    }

    /** Sets the marks of the whole set; returns the rows changed. */
    static int settleAll(DSLContext dsl) {
        return settle(dsl, DSL.trueCondition());
    }

    /**
     * Reads the puzzles in hash, game and ply order (the position index's order, no sort), so
     * that the first of each position string within a hash is the one of the lowest game and ply.
     */
    private static int settle(DSLContext dsl, Condition which) {
        List<Query> updates = new ArrayList<>();
        long[] hash = {0};
        boolean[] first = {true};
        Set<String> seen = new HashSet<>();
        dsl.select(PUZZLE.POSITION_HASH, PUZZLE.EPN, PUZZLE.GAME_ID, PUZZLE.PLY, PUZZLE.IN_SET)
                .from(PUZZLE)
                .where(which)
                .orderBy(PUZZLE.POSITION_HASH, PUZZLE.GAME_ID, PUZZLE.PLY)
                .fetchSize(1000)
                .forEach(r -> {
                    if (first[0] || r.value1() != hash[0]) seen.clear();
                    first[0] = false;
                    hash[0] = r.value1();
                    boolean inSet = seen.add(r.value2());
                    if (inSet != r.value5()) {
                        updates.add(dsl.update(PUZZLE)
                                .set(PUZZLE.IN_SET, inSet)
                                .where(PUZZLE.GAME_ID.eq(r.value3()))
                                .and(PUZZLE.PLY.eq(r.value4())));
                    }
                });
        if (!updates.isEmpty()) dsl.batch(updates).execute();
        return updates.size();
    }
}
