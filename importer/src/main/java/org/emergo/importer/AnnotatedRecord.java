package org.emergo.importer;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Optional;
import java.util.function.IntFunction;
import org.emergo.replay.GameRecord;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.store.db.Database;
import org.emergo.store.db.ErrorText;
import org.emergo.store.db.StoreException;
import org.emergo.store.game.GameRepository;
import org.emergo.store.game.StoredGame;
import org.emergo.store.review.ReviewRepository;
import org.emergo.store.review.StoredReview;

/**
 * A stored record with notes written into its movetext (an annotated export): each main-line
 * move gets its note's sign and comment, after the move and before what the record already
 * says there; comments and variations of the record are kept. The moves are unchanged, so
 * importing the annotated text gives the same game (the fingerprint ignores signs and comments).
 */
public final class AnnotatedRecord {

    private AnnotatedRecord() {
    }

    /** A stored game's record with its review, if it has one, written into the moves. */
    public static GameRecord of(StoredGame game, Optional<StoredReview> review) {
        GameRecord record = game.toGameRecord();
        return review.map(r -> of(record,
                ply -> ply < r.positions().size() ? new MoveNote(r.positions().get(ply - 1).glyph(), r.comment(ply)) : null))
                .orElse(record);
    }

    /** Game {@code id} as EGN with its latest review in it (the viewer's download); empty without the game. */
    public static Optional<String> egn(Database db, long id) {
        Optional<StoredGame> game = new GameRepository(db.dsl()).find(id);
        if (game.isEmpty()) return Optional.empty();
        try {
            return Optional.of(EgnWriter.toEgn(of(game.get(), new ReviewRepository(db).latest(id))));
        } catch (SQLException e) {
            throw new StoreException("reading the review of game " + id + " failed: " + ErrorText.firstLine(e), e);
        }
    }

    /** @param notes the note of the move of each ply (1 the first move), null for none */
    public static GameRecord of(GameRecord record, IntFunction<MoveNote> notes) {
        boolean blackFirst = record.setupPosition() != null
                && PositionText.parse(record.setupPosition(), record.variant()).sideToMove() == Side.BLACK;
        String movetext = record.movetext() == null || record.movetext().isBlank() ? record.result() : record.movetext();
        MovetextBuilder annotated = new MovetextBuilder(blackFirst, notes);
        MovetextParser.Parsed parsed;
        try {
            parsed = new MovetextParser(new TextCursor(new StringReader(movetext)), Where.in(record.source()),
                    new ArrayList<>(), true).parse(annotated);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a string reader does not fail
        }
        annotated.result(parsed.result() != null ? parsed.result() : record.result());
        return new GameRecord(record.variant(), record.tags(), record.setupPosition(), record.moves(), annotated.text(),
                record.source(), record.sourceLine());
    }
}
