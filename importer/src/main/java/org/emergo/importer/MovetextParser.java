package org.emergo.importer;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.emergo.rules.Notation;
import org.emergo.rules.NotationException;

/**
 * Reads EGN movetext (docs/formats.md#egn) from a cursor into a {@link MovetextBuilder}: move numbers
 * (checked, a wrong one is a warning), moves (checked to be notation), glyphs, comments,
 * variations and the result token. In a file it stops after the result token or where the next
 * record starts (a {@code [} opening a line); embedded in a CSV field it stops at the field's end.
 */
final class MovetextParser {

    /**
     * What was read; {@code result} is null when the movetext had no result token, and
     * {@code empty} is true when it held nothing but comments.
     */
    record Parsed(MovetextBuilder builder, String result, int resultLine, int resultColumn, boolean empty) {}

    private final TextCursor in;
    private final Where where;
    private final List<ImportError> warnings;
    private final boolean embedded;

    private String pendingNumber;
    private int pendingValue;
    private int pendingDots;
    private int pendingLine;
    private int pendingColumn;

    /**
     * @param warnings receives the warnings (wrong move numbers); the caller reports them only
     *                 if the record is kept
     * @param embedded the text is a CSV field: no record boundaries, no {@code %} escape lines
     */
    MovetextParser(TextCursor in, Where where, List<ImportError> warnings, boolean embedded) {
        this.in = in;
        this.where = where;
        this.warnings = warnings;
        this.embedded = embedded;
    }

    static boolean isResult(String token) {
        return token.equals("1-0") || token.equals("0-1") || token.equals("1/2-1/2") || token.equals("*");
    }

    Parsed parse(boolean blackFirst) throws IOException {
        return parse(new MovetextBuilder(blackFirst));
    }

    /** Reads into a builder of the caller's (one that adds notes to the moves, say). */
    Parsed parse(MovetextBuilder out) throws IOException {
        int[] variationLine = new int[16];
        int[] variationColumn = new int[16];
        boolean empty = true;
        while (true) {
            int c = in.peek();
            if (c == TextCursor.EOF) {
                if (out.depth() > 0) {
                    throw unterminatedVariation(out, variationLine, variationColumn, "before the end of the text", true, false);
                }
                return new Parsed(out, null, 0, 0, empty);
            }
            if (TextCursor.isBlank((char) c)) {
                in.next();
                continue;
            }
            if (c == '[' && !embedded && in.atLineStart()) {
                if (out.depth() > 0) {
                    throw unterminatedVariation(out, variationLine, variationColumn,
                            "before the next record at line " + in.line(), true, false);
                }
                return new Parsed(out, null, 0, 0, empty);
            }
            if (c == '%' && !embedded && in.column() == 1) {
                in.skipLine();
                continue;
            }
            empty &= c == '{' || c == ';';
            int line = in.line();
            int column = in.column();
            switch (c) {
                case '{' -> out.comment(braceComment());
                case ';' -> {
                    in.next();
                    StringBuilder text = new StringBuilder();
                    int d;
                    while ((d = in.peek()) != TextCursor.EOF && d != '\n') text.append((char) in.next());
                    out.comment(text.toString());
                }
                case '(' -> {
                    in.next();
                    int depth = out.depth();
                    if (depth == variationLine.length) {
                        variationLine = Arrays.copyOf(variationLine, depth * 2);
                        variationColumn = Arrays.copyOf(variationColumn, depth * 2);
                    }
                    variationLine[depth] = line;
                    variationColumn[depth] = column;
                    pendingNumber = null;
                    out.startVariation();
                }
                case ')' -> {
                    in.next();
                    if (out.depth() == 0) throw error(line, column, "')' without a variation to close", ")");
                    pendingNumber = null;
                    out.endVariation();
                }
                case '}', ']', '[' -> {
                    in.next();
                    throw error(line, column, "unexpected '" + (char) c + "' in the movetext", String.valueOf((char) c));
                }
                case '$' -> {
                    in.next();
                    StringBuilder digits = new StringBuilder("$");
                    int d;
                    while ((d = in.peek()) >= '0' && d <= '9' && digits.length() < 6) digits.append((char) in.next());
                    if (digits.length() == 1) throw error(line, column, "'$' without a glyph number", "$");
                    out.nag(digits.toString());
                }
                default -> {
                    String word = word();
                    String result = token(word, line, column, out);
                    if (result != null) {
                        if (out.depth() > 0) {
                            throw unterminatedVariation(out, variationLine, variationColumn,
                                    "before the result token " + result + " at " + line + ":" + column, false, true);
                        }
                        return new Parsed(out, result, line, column, false);
                    }
                }
            }
        }
    }

    /** Reads a word up to a blank or a character that opens or closes something. */
    private String word() throws IOException {
        return in.takeWord("{}()[];$");
    }

    /** A word of dots or ellipses only (a bare "..." after a move number). A loop: this runs for every word. */
    private static boolean onlyDots(String word) {
        for (int i = 0; i < word.length(); i++) {
            char ch = word.charAt(i);
            if (ch != '.' && ch != '\u2026') return false;
        }
        return true;
    }

    /** Handles one word; returns the result token if the word is one. */
    private String token(String word, int line, int column, MovetextBuilder out) {
        if (isResult(word)) return word;
        if (onlyDots(word)) return null;
        char first = word.charAt(0);
        if (first >= '0' && first <= '9') {
            int i = 0;
            while (i < word.length() && Character.isDigit(word.charAt(i)) && word.charAt(i) < 128) i++;
            int digits = i;
            while (i < word.length() && word.charAt(i) == '.') i++;
            int dots = i - digits;
            if (digits > 6 || (dots == 0 && i < word.length())) {
                throw error(line, column, "unexpected text '" + word + "' in the movetext", word);
            }
            pendingNumber = word.substring(0, i);
            pendingValue = Integer.parseInt(word.substring(0, digits));
            pendingDots = dots;
            pendingLine = line;
            pendingColumn = column;
            if (i < word.length()) return token(word.substring(i), line, column + i, out);
            return null;
        }
        if (Character.isLetter(first) || first == '@') {
            try {
                Notation.parse(word);
            } catch (NotationException e) {
                throw error(line, column + Math.max(0, e.offset()), "not move notation: " + e.getMessage(), word);
            }
            checkNumber(out, word);
            out.move(word);
            return null;
        }
        throw error(line, column, "unexpected text '" + word + "' in the movetext", word);
    }

    /** A move number written before a move must be the move's number (a warning otherwise). */
    private void checkNumber(MovetextBuilder out, String move) {
        if (pendingNumber == null) return;
        int expected = out.moveNumber();
        boolean white = out.whiteToMove();
        if (pendingValue != expected) {
            warnings.add(where.at(pendingLine, pendingColumn,
                    "move number " + pendingNumber + " at " + pendingLine + ":" + pendingColumn + " should be "
                            + expected + (white ? "." : "...") + " (the numbers are renumbered)",
                    pendingNumber + " " + move));
        } else if (white && pendingDots >= 2) {
            warnings.add(where.at(pendingLine, pendingColumn,
                    "move number " + pendingNumber + " at " + pendingLine + ":" + pendingColumn
                            + " announces a Black move, but White is to move",
                    pendingNumber + " " + move));
        }
        pendingNumber = null;
    }

    private String braceComment() throws IOException {
        int line = in.line();
        int column = in.column();
        in.next();
        StringBuilder text = new StringBuilder();
        while (true) {
            int c = in.peek();
            if (c == TextCursor.EOF) {
                throw new RecordException(where.at(line, column,
                        "unterminated comment started at " + line + ":" + column + " (no '}' before the end of the text)",
                        "{" + head(text)), true, false);
            }
            if (c == '[' && !embedded && in.atLineStart() && (in.afterBlankLine() || lookingAtEventTag())) {
                throw new RecordException(where.at(line, column,
                        "unterminated comment started at " + line + ":" + column + " (no '}' before the next record at line "
                                + in.line() + ")",
                        "{" + head(text)), true, false);
            }
            in.next();
            if (c == '}') return text.toString();
            text.append((char) c);
        }
    }

    private boolean lookingAtEventTag() throws IOException {
        if (!in.lookingAt("[Event")) return false;
        int after = in.peek(6);
        return after == '"' || (after != TextCursor.EOF && TextCursor.isBlank((char) after));
    }

    private RecordException unterminatedVariation(MovetextBuilder out, int[] lines, int[] columns, String before,
                                                  boolean atNextRecord, boolean resultSeen) {
        int depth = out.depth() - 1;
        int line = lines[depth];
        int column = columns[depth];
        return new RecordException(where.at(line, column,
                "unterminated variation started at " + line + ":" + column + " (no ')' " + before + ")",
                out.openVariationText()), atNextRecord, resultSeen);
    }

    private RecordException error(int line, int column, String message, String excerpt) {
        return new RecordException(where.at(line, column, message, excerpt));
    }

    private static String head(StringBuilder text) {
        return text.length() <= ImportError.EXCERPT_LENGTH ? text.toString() : text.substring(0, ImportError.EXCERPT_LENGTH + 1);
    }
}
