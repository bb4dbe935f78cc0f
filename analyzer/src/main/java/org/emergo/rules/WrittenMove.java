package org.emergo.rules;

import java.util.List;

/**
 * A move token as written, read for its squares but not yet against a position
 * (docs/formats.md#notation). Squares are lower-case names, which may not exist on the board.
 *
 * @param text       the token as written
 * @param squares    the written squares in order
 * @param compressed true for a token without separators ({@code hd4x}, {@code fe4}), which
 *                   for a capture is always a short form
 * @param annotation a suffix such as {@code !?}, or the empty string
 */
public record WrittenMove(String text, List<String> squares, boolean compressed, String annotation) {

    public WrittenMove {
        squares = List.copyOf(squares);
    }

    public boolean isEntry() {
        return squares.size() == 1;
    }
}
