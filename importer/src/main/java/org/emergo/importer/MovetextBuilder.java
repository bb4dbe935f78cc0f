package org.emergo.importer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Writes movetext in the canonical EGN layout: move numbers regenerated from the ply
 * ({@code 1. a b 2. c d}, {@code 3... x} for a Black move that opens a line or follows a comment
 * or a variation), moves and glyphs as written, {@code {comments}} with their blanks collapsed,
 * {@code (variations)} numbered on their own, and the result token at the end. One line; the
 * EGN writer wraps it.
 */
final class MovetextBuilder {

    /** One line of play: the main line or a variation. */
    private static final class Line {
        final int start;
        int ply;
        boolean numberNeeded = true;

        Line(int ply) {
            this.start = ply;
            this.ply = ply;
        }
    }

    private final StringBuilder out = new StringBuilder(256);
    private final List<String> mainLine = new ArrayList<>();
    private final Deque<Line> lines = new ArrayDeque<>();
    private final Deque<Integer> variationStarts = new ArrayDeque<>();
    private final IntFunction<MoveNote> notes;

    /** @param blackFirst the game starts with Black to move (a set-up position) */
    MovetextBuilder(boolean blackFirst) {
        this(blackFirst, ply -> null);
    }

    /** @param notes what to write after the main line's move of each ply (1 the first move), null for nothing */
    MovetextBuilder(boolean blackFirst, IntFunction<MoveNote> notes) {
        lines.push(new Line(blackFirst ? 1 : 0));
        this.notes = notes;
    }

    /** Is the next move in the current line White's? */
    boolean whiteToMove() {
        return lines.peek().ply % 2 == 0;
    }

    /** The number of the next move in the current line. */
    int moveNumber() {
        return lines.peek().ply / 2 + 1;
    }

    /** 0 in the main line, 1 inside a variation, and so on. */
    int depth() {
        return lines.size() - 1;
    }

    void move(String token) {
        Line line = lines.peek();
        space();
        if (whiteToMove()) {
            out.append(moveNumber()).append(". ");
        } else if (line.numberNeeded) {
            out.append(moveNumber()).append("... ");
        }
        out.append(token);
        line.ply++;
        line.numberNeeded = false;
        if (lines.size() == 1) {
            mainLine.add(token);
            MoveNote note = notes.apply(mainLine.size());
            if (note != null) {
                // a move that already carries a sign keeps its own
                if (note.glyph() != null && !token.endsWith("!") && !token.endsWith("?")) out.append(note.glyph());
                if (note.comment() != null) comment(note.comment());
                for (List<VariationMove> v : note.variations()) variation(v);
            }
        }
    }

    /** A variation in brackets after the last move, its own alternatives nested after their moves. */
    private void variation(List<VariationMove> moves) {
        startVariation();
        for (VariationMove m : moves) {
            move(m.move());
            if (m.comment() != null && !m.comment().isBlank()) comment(m.comment());
            for (List<VariationMove> alt : m.alternatives()) variation(alt);
        }
        endVariation();
    }

    void nag(String glyph) {
        space();
        out.append(glyph);
    }

    void comment(String text) {
        space();
        out.append('{').append(collapse(text)).append('}');
        lines.peek().numberNeeded = true;
    }

    /** Opens a variation: an alternative to the last move of the current line. */
    void startVariation() {
        Line parent = lines.peek();
        space();
        variationStarts.push(out.length());
        out.append('(');
        lines.push(new Line(parent.ply > parent.start ? parent.ply - 1 : parent.ply));
    }

    void endVariation() {
        lines.pop();
        variationStarts.pop();
        out.append(')');
        lines.peek().numberNeeded = true;
    }

    /** The text of the innermost open variation so far, for error excerpts. */
    String openVariationText() {
        return variationStarts.isEmpty() ? "" : out.substring(variationStarts.peek());
    }

    void result(String token) {
        space();
        out.append(token);
    }

    /** The main line's moves as written. */
    List<String> moves() {
        return mainLine;
    }

    String text() {
        return out.toString();
    }

    private void space() {
        if (out.length() > 0 && out.charAt(out.length() - 1) != '(') out.append(' ');
    }

    /** Comment text on one line: blanks collapsed, no closing brace inside. */
    static String collapse(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        boolean blank = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (TextCursor.isBlank(c) || c == '\r') {
                blank = true;
                continue;
            }
            if (blank && sb.length() > 0) sb.append(' ');
            blank = false;
            sb.append(c == '}' ? ')' : c);
        }
        return sb.toString();
    }
}
