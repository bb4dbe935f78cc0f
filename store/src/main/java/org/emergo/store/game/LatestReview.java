package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.REVIEW;

import org.emergo.store.jooq.tables.Review;
import org.jooq.Condition;
import org.jooq.impl.DSL;

/**
 * Which of a game's reviews counts: of the settings it was reviewed at, the one reviewed last
 * (the setting made last, between two at once), the one its page shows. In game because the
 * games list filters by it; the review's own reads order the same way.
 */
public final class LatestReview {

    private LatestReview() {}

    /** That no review of the same game is later than {@code review}: it is the game's latest. */
    public static Condition is(Review review) {
        Review later = REVIEW.as("later_review");
        return DSL.notExists(DSL.selectOne().from(later)
                .where(later.GAME_ID.eq(review.GAME_ID))
                .and(later.REVIEWED_AT.gt(review.REVIEWED_AT)
                        .or(later.REVIEWED_AT.eq(review.REVIEWED_AT).and(later.SETTING_ID.gt(review.SETTING_ID)))));
    }
}
