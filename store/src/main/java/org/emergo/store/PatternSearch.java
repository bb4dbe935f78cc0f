package org.emergo.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.PatternScan;
import org.emergo.rules.Variant;

/**
 * Answers a pattern (docs/patterns.md#the-text-form) from the pattern index: the games' encoded positions
 * are held in memory and scanned on every core. The index is read again when analyze changed it.
 */
public final class PatternSearch {

    /** A game with matching positions: the first of them, and how many. */
    public record Hit(long gameId, int firstPly, int positions) {}

    /**
     * The answer: matching positions and games, every matching game in id order, and the
     * analysed games the index does not cover yet (analysed before it existed).
     */
    public record Result(Pattern pattern, long positions, int games, List<Hit> hits, long unindexed) {

        Result with(List<Hit> found) {
            long total = 0;
            for (Hit h : found) total += h.positions();
            return new Result(pattern, total, found.size(), found, unindexed);
        }

        /** The hits of one page, pages from 1. */
        public List<Hit> page(int page, int pageSize) {
            int from = Math.min(hits.size(), Math.max(0, (page - 1) * pageSize));
            return hits.subList(from, Math.min(hits.size(), from + pageSize));
        }
    }

    private final Database db;
    private final Map<Variant, PatternIndex> loaded = new EnumMap<>(Variant.class);

    public PatternSearch(Database db) {
        this.db = db;
    }

    public Result find(Pattern pattern) {
        try (Connection c = db.dataSource().getConnection()) {
            PatternIndex index = index(c, pattern.variant());
            return new Result(pattern, 0, 0, List.of(), index.unindexed).with(scan(index, pattern));
        } catch (SQLException e) {
            throw new StoreException("cannot search positions: " + e.getMessage(), e);
        }
    }

    private synchronized PatternIndex index(Connection c, Variant variant) throws SQLException {
        PatternIndex index = loaded.get(variant);
        if (index == null || !index.stamp.equals(PatternIndex.stamp(c))) {
            index = PatternIndex.load(c, variant);
            loaded.put(variant, index);
        }
        return index;
    }

    private static List<Hit> scan(PatternIndex index, Pattern pattern) {
        ThreadLocal<PatternScan> scans = ThreadLocal.withInitial(() -> new PatternScan(pattern));
        Hit[] found = new Hit[index.size()];
        IntStream.range(0, index.size()).parallel().forEach(i -> {
            int[] plies = scans.get().matches(index.boards[i], index.positions[i]);
            if (plies.length > 0) found[i] = new Hit(index.games[i], plies[0], plies.length);
        });
        List<Hit> hits = new ArrayList<>();
        for (Hit h : found) if (h != null) hits.add(h);
        return hits;
    }
}
