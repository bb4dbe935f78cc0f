package org.emergo.viewer.board;

import java.util.List;
import java.util.Locale;

/**
 * What analysis draws over a board, kept apart from the board itself: the last move's route,
 * the capture that was due, marked squares, the engine's best move. The board code never
 * learns where they came from.
 *
 * @param lastMove the route of the move that led to the position (empty at the start)
 * @param due      the route of a capture that was due here and not played (empty if none)
 * @param marks    squares to ring, each with a short note (shadowpieces)
 * @param best     the route of the engine's best move here (empty if none): an arrow, a
 *                 capture's whole route, or the one square of an entry
 */
public record Overlay(List<String> lastMove, List<String> due, List<Mark> marks, List<String> best) {

    /** A ringed square and why, e.g. a shadowpiece. */
    public record Mark(String square, String note) {}

    public static final Overlay NONE = new Overlay(List.of(), List.of(), List.of(), List.of());

    public Overlay {
        lastMove = List.copyOf(lastMove);
        due = List.copyOf(due);
        marks = List.copyOf(marks);
        best = List.copyOf(best);
    }

    /** Without a best move. */
    public Overlay(List<String> lastMove, List<String> due, List<Mark> marks) {
        this(lastMove, due, marks, List.of());
    }

    /** The squares of a move in canonical notation: {@code e4xc4xc6} is e4, c4, c6. */
    public static List<String> route(String canonicalMove) {
        if (canonicalMove == null || canonicalMove.isBlank()) return List.of();
        return List.of(canonicalMove.strip().toLowerCase(Locale.ROOT).split("[-x:]"));
    }
}
