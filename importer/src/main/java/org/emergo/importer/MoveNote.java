package org.emergo.importer;

import java.util.List;

/**
 * What an annotated export writes after one move of the main line.
 *
 * @param glyph      a sign written onto the move ({@code ?!}, {@code ?}, {@code ??}), or null
 * @param comment    the text of a {@code {comment}} after the move, or null
 * @param variations variations played instead of the move, each written in brackets after it
 *                   (before the record's own variations there); empty for none
 */
public record MoveNote(String glyph, String comment, List<List<VariationMove>> variations) {

    public MoveNote {
        variations = variations == null ? List.of() : List.copyOf(variations);
    }

    public MoveNote(String glyph, String comment) {
        this(glyph, comment, List.of());
    }
}
