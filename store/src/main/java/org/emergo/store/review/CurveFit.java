package org.emergo.store.review;

import java.sql.SQLException;
import java.util.List;
import org.emergo.rules.Variant;
import org.emergo.search.WinCurve;

/**
 * After a review run: each board's own curve once enough decisive games of it are reviewed at
 * the setting, then every game judged with an older curve than its board's judged again, a
 * batch per transaction (a game records the curve that judged it, so a stopped run leaves
 * nothing that the next would miss).
 */
final class CurveFit {

    /** Told how many games of how many are judged again so far. */
    interface Progress {
        void judgedAgain(long games, long of);
    }

    private final ReviewSettings settings;
    private final OwnCurves ownCurves;
    private final int ownCurveGames;
    private final int judgeAgainBatch;

    CurveFit(ReviewSettings settings, OwnCurves ownCurves, int ownCurveGames, int judgeAgainBatch) {
        this.settings = settings;
        this.ownCurves = ownCurves;
        this.ownCurveGames = ownCurveGames;
        this.judgeAgainBatch = judgeAgainBatch;
    }

    /** Fits what is due at setting {@code s} and judges again; returns how many games were. */
    int run(ReviewSetting s, Progress progress) throws SQLException {
        for (Variant variant : Variant.values()) {
            if (!s.curve(variant).source().equals(ReviewSetting.DEFAULT_CURVE)) continue;
            int decisive = ownCurves.decisiveGames(s.id(), variant);
            if (decisive < ownCurveGames) continue;
            OwnCurves.Samples samples = ownCurves.samples(s.id(), variant);
            try {
                settings.fitted(s, variant, WinCurve.fit(samples.scores(), samples.results()), decisive);
            } catch (IllegalArgumentException e) {
                // scores that do not vary: the engine's curve stays
            }
        }
        s = settings.reload(s);
        int of = ownCurves.countJudgedWithOlderCurve(s.id());
        int done = 0;
        long after = 0;
        for (List<OwnCurves.GameOfBoard> games;
                !(games = ownCurves.judgedWithOlderCurve(s.id(), after, judgeAgainBatch)).isEmpty(); ) {
            ownCurves.judgeAgain(games, s);
            after = games.get(games.size() - 1).gameId();
            done += games.size();
            progress.judgedAgain(done, of);
        }
        return done;
    }
}
