package org.emergo.importer;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.function.IntFunction;
import org.emergo.replay.GameRecord;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;

/**
 * A stored record with notes written into its movetext (an annotated export): each main-line
 * move gets its note's sign and comment, after the move and before what the record already
 * says there; comments and variations of the record are kept. The moves are unchanged, so
 * importing the annotated text gives the same game (the fingerprint ignores signs and comments).
 */
public final class AnnotatedRecord {

    private AnnotatedRecord() {
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
