package org.emergo.importer;

import java.io.IOException;
import java.io.Reader;
import java.util.function.Supplier;

/**
 * Characters of a text read one at a time, with the line and column of the next one. Line ends
 * ({@code \n}, {@code \r\n}, a lone {@code \r}) all read as one {@code '\n'}. Holds a fixed buffer,
 * so any length of text streams through in bounded memory.
 */
final class TextCursor {

    static final int EOF = -1;

    private final Reader in;
    private final char[] buffer = new char[16 * 1024];
    private final char[] raw = new char[16 * 1024];
    private int pos;
    private int limit;
    private boolean eof;
    private boolean dropLineFeed;

    private int line;
    private int column;
    private long offset;
    private boolean lineBlank = true;
    private boolean previousLineBlank = true;

    private long budgetEnd = Long.MAX_VALUE;
    private Supplier<RecordException> overBudget;

    TextCursor(Reader in) {
        this(in, 1, 1);
    }

    TextCursor(Reader in, int line, int column) {
        this.in = in;
        this.line = line;
        this.column = column;
    }

    /** The next character without taking it, or {@link #EOF}. */
    int peek() throws IOException {
        return peek(0);
    }

    /** The character {@code ahead} places after the next one (0 is the next one), or {@link #EOF}. */
    int peek(int ahead) throws IOException {
        if (pos + ahead >= limit && !fill(ahead + 1)) return EOF;
        return buffer[pos + ahead];
    }

    /** Takes the next character; {@link #EOF} at the end. */
    int next() throws IOException {
        if (pos >= limit && !fill(1)) return EOF;
        char c = buffer[pos++];
        offset++;
        if (c == '\n') {
            line++;
            column = 1;
            previousLineBlank = lineBlank;
            lineBlank = true;
        } else {
            column++;
            if (!isBlank(c)) lineBlank = false;
        }
        if (offset > budgetEnd) {
            Supplier<RecordException> e = overBudget;
            budgetEnd = Long.MAX_VALUE;
            overBudget = null;
            throw e.get();
        }
        return c;
    }

    /**
     * Takes the characters up to the next blank, one of {@code stops}, or the end; the same as
     * taking them one at a time with {@link #next}, a buffer's worth at a stroke. A word holds no
     * line end, so only the column moves.
     */
    String takeWord(String stops) throws IOException {
        StringBuilder longWord = null;
        while (pos < limit || fill(1)) {
            int start = pos;
            // stop where the budget ends: next() then throws for the character beyond it
            int end = (int) Math.min(limit, pos + Math.max(0, Math.min(budgetEnd - offset, Integer.MAX_VALUE)));
            while (pos < end) {
                char c = buffer[pos];
                if (isBlank(c) || stops.indexOf(c) >= 0) break;
                pos++;
            }
            int taken = pos - start;
            offset += taken;
            column += taken;
            if (taken > 0) lineBlank = false;
            boolean more = pos == end && end < limit;
            if (more && !isBlank(buffer[pos]) && stops.indexOf(buffer[pos]) < 0) {
                next(); // over budget: throws
            }
            if (pos < limit) {
                return longWord == null ? new String(buffer, start, taken) : longWord.append(buffer, start, taken).toString();
            }
            if (longWord == null) longWord = new StringBuilder(taken + 16);
            longWord.append(buffer, start, taken);
        }
        return longWord == null ? "" : longWord.toString();
    }

    /** Skips the BOM (U+FEFF) if the text starts with one. */
    void skipByteOrderMark() throws IOException {
        if (offset == 0 && peek() == '\uFEFF') {
            pos++;
        }
    }

    /**
     * From now on, taking more than {@code characters} further characters throws {@code exceeded}
     * (once); the record readers use this to cap a single record.
     */
    void budget(long characters, Supplier<RecordException> exceeded) {
        budgetEnd = offset + characters;
        overBudget = exceeded;
    }

    void clearBudget() {
        budgetEnd = Long.MAX_VALUE;
        overBudget = null;
    }

    /** Line of the next character (1-based). */
    int line() {
        return line;
    }

    /** Column of the next character (1-based). */
    int column() {
        return column;
    }

    /** Characters taken so far. */
    long offset() {
        return offset;
    }

    /** Nothing but blanks so far on the current line: the next character is the line's first visible one. */
    boolean atLineStart() {
        return lineBlank;
    }

    /** The line before the current one was empty or blank (also true on the first line). */
    boolean afterBlankLine() {
        return previousLineBlank;
    }

    /** Are the next characters exactly {@code text}? */
    boolean lookingAt(String text) throws IOException {
        for (int i = 0; i < text.length(); i++) {
            if (peek(i) != text.charAt(i)) return false;
        }
        return true;
    }

    /** Skips spaces and tabs, not line ends. */
    void skipSpaces() throws IOException {
        int c;
        while ((c = peek()) != EOF && c != '\n' && isBlank((char) c)) next();
    }

    /** Takes everything up to and including the next line end. */
    void skipLine() throws IOException {
        int c;
        while ((c = next()) != EOF && c != '\n') {
            // skip
        }
    }

    static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\u000B' || c == '\u00A0' || c == '\uFEFF';
    }

    /** Makes at least {@code wanted} characters available, unless the text ends first. */
    private boolean fill(int wanted) throws IOException {
        if (pos > 0) {
            System.arraycopy(buffer, pos, buffer, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        while (limit < wanted && !eof) {
            int n = in.read(raw, 0, Math.min(raw.length, buffer.length - limit));
            if (n < 0) {
                eof = true;
                break;
            }
            for (int i = 0; i < n; i++) {
                char c = raw[i];
                if (c == '\n' && dropLineFeed) {
                    dropLineFeed = false;
                    continue;
                }
                dropLineFeed = c == '\r';
                buffer[limit++] = c == '\r' ? '\n' : c;
            }
        }
        return limit >= wanted;
    }
}
