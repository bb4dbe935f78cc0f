package org.emergo.viewer.player;

import java.util.List;
import org.emergo.rules.Variant;
import org.emergo.store.rating.RatingJob;
import org.emergo.store.rating.RatingRepository;

/**
 * The players of a variant ranked by the rating of the system that forecast the collection
 * best, a page at a time, with each system's forecast quality.
 */
public record PlayersPage(String system, List<RatingJob.Quality> quality, List<Variant> variants, Variant variant, int page,
        int players, List<RatingRepository.Leader> leaders) {

    /** Players per page. */
    public static final int PAGE_SIZE = 100;

    /** The page when no ratings were computed yet. */
    public static PlayersPage none() {
        return new PlayersPage(null, List.of(), List.of(), null, 1, 0, List.of());
    }

    public boolean rated() {
        return system != null && !variants.isEmpty();
    }

    public int pages() {
        return Math.max(1, (players + PAGE_SIZE - 1) / PAGE_SIZE);
    }

    public String variantUrl(Variant v) {
        return "/players" + (v == Variant.EMERGO ? "" : "?variant=" + v.tagName());
    }

    public String pageUrl(int p) {
        String v = variant == Variant.EMERGO ? "" : "variant=" + variant.tagName();
        String pg = p > 1 ? "page=" + p : "";
        String q = v.isEmpty() ? pg : pg.isEmpty() ? v : v + "&" + pg;
        return "/players" + (q.isEmpty() ? "" : "?" + q);
    }
}
