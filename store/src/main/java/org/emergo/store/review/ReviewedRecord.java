package org.emergo.store.review;

import java.util.Optional;
import org.emergo.importer.AnnotatedRecord;
import org.emergo.importer.EgnWriter;
import org.emergo.importer.MoveNote;
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
        GameRecord record = game.toGameRecord();
        return review.map(r -> AnnotatedRecord.of(record,
                ply -> ply < r.positions().size() ? new MoveNote(ReviewText.glyph(r.positions().get(ply - 1).moveClass()), r.comment(ply)) : null))
                .orElse(record);
    }

    /** Game {@code id} as EGN with its latest review in it (the viewer's download); empty without the game. */
    public static Optional<String> egn(Database db, long id) {
        Optional<StoredGame> game = new GameRepository(db.dsl()).find(id);
        if (game.isEmpty()) return Optional.empty();
        return Optional.of(EgnWriter.toEgn(of(game.get(), new ReviewRepository(db).latest(id))));
    }
}
