package org.emergo.importer;

/**
 * What an annotated export writes after one move of the main line.
 *
 * @param glyph   a sign written onto the move ({@code ?!}, {@code ?}, {@code ??}), or null
 * @param comment the text of a {@code {comment}} after the move, or null
 */
public record MoveNote(String glyph, String comment) {}
