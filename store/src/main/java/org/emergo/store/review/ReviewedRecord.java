package org.emergo.store.review;

import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import org.emergo.importer.AnnotatedRecord;
import org.emergo.importer.EgnWriter;
import org.emergo.importer.MoveNote;
import org.emergo.importer.VariationMove;
import org.emergo.replay.GameRecord;
import org.emergo.review.ReviewText;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.StoredGame;

/** A stored game's record with its review written into the moves: the annotated export and the viewer's download. */
public final class ReviewedRecord {

    private ReviewedRecord() {
    }

    /** A stored game's record with its review, if it has one, written into the moves. */
    public static GameRecord of(StoredGame game, Optional<StoredReview> review) {
        return of(game, review, ply -> List.of());
    }

    /**
     * As {@link #of(StoredGame, Optional)}, with variations: those of {@code ply} (1 the first
     * move) are written after that move of the main line, as played instead of it.
     */
    public static GameRecord of(StoredGame game, Optional<StoredReview> review, IntFunction<List<List<VariationMove>>> variations) {
        GameRecord record = game.toGameRecord();
        boolean none = true;
        for (int ply = 1; ply <= record.moves().size() + 1 && none; ply++) none = variations.apply(ply).isEmpty();
        if (review.isEmpty() && none) return record;
        return AnnotatedRecord.of(record, ply -> {
            StoredReview r = review.orElse(null);
            boolean reviewed = r != null && ply < r.positions().size();
            List<List<VariationMove>> v = variations.apply(ply);
            if (!reviewed && v.isEmpty()) return null;
            return reviewed ? new MoveNote(ReviewText.glyph(r.positions().get(ply - 1).moveClass()), r.comment(ply), v)
                    : new MoveNote(null, null, v);
        });
    }

    /** Game {@code id} as EGN with its latest review in it (the viewer's download); empty without the game. */
    public static Optional<String> egn(Database db, long id) {
        return egn(db, id, ply -> List.of());
    }

    /** As {@link #egn(Database, long)}, with variations after the main line's moves (see {@link #of(StoredGame, Optional, IntFunction)}). */
    public static Optional<String> egn(Database db, long id, IntFunction<List<List<VariationMove>>> variations) {
        Optional<StoredGame> game = new GameRepository(db.dsl()).find(id);
        if (game.isEmpty()) return Optional.empty();
        return Optional.of(EgnWriter.toEgn(of(game.get(), new ReviewRepository(db).latest(id), variations)));
    }
}
