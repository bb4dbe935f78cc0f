package org.emergo.importer;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import org.emergo.replay.GameRecord;

/**
 * Reads EGN/PGN text (docs/formats.md#egn) as a stream of records: each record read becomes a
 * {@link GameRecord}, each record that cannot be read becomes one {@link ImportError} naming
 * line and column, and reading goes on with the next record. Holds one record at a time, at
 * most {@value #MAX_RECORD_CHARS} characters, so a file of any size streams in bounded memory.
 *
 * <p>After a broken record the reader resumes at the next line that starts with {@code [}
 * after a blank line, after the broken record's result token, or with {@code [Event}.
 */
public final class EgnReader {

    /** Longest record read, in characters; a longer one is rejected and skipped. */
    public static final int MAX_RECORD_CHARS = 1_000_000;

    /** Longest tag value read, in characters. */
    public static final int MAX_TAG_VALUE_CHARS = 100_000;

    private static final int MAX_TAG_NAME_CHARS = 255;

    private final TextCursor in;
    private final String source;
    private final Where where;

    /**
     * @param reader the text; a leading BOM is skipped
     * @param source the name errors and records carry: a file path or {@code archive.zip!entry}
     */
    public EgnReader(Reader reader, String source) {
        this.in = new TextCursor(reader);
        this.source = source;
        this.where = Where.in(source);
    }

    /** Reads every record of a text into a sink. */
    public static void read(Reader reader, String source, RecordSink sink) throws IOException {
        new EgnReader(reader, source).readAll(sink);
    }

    /** Reads every record to the end of the text; only a failing reader throws. */
    public void readAll(RecordSink sink) throws IOException {
        in.skipByteOrderMark();
        while (true) {
            skipBetweenRecords();
            if (in.peek() == TextCursor.EOF) return;
            try {
                readRecord(sink);
            } catch (RecordException e) {
                sink.error(e.error());
                if (!e.atNextRecord()) skipToNextRecord(e.resultSeen());
            } finally {
                in.clearBudget();
            }
        }
    }

    private void skipBetweenRecords() throws IOException {
        while (true) {
            int c = in.peek();
            if (c == TextCursor.EOF) return;
            if (c == '%' && in.column() == 1) {
                in.skipLine();
            } else if (TextCursor.isBlank((char) c)) {
                in.next();
            } else {
                return;
            }
        }
    }

    private void readRecord(RecordSink sink) throws IOException {
        int startLine = in.line();
        int startColumn = in.column();
        in.budget(MAX_RECORD_CHARS, () -> new RecordException(where.at(startLine, startColumn,
                "record longer than " + String.format("%,d", MAX_RECORD_CHARS) + " characters; skipped", "")));
        List<ImportError> warnings = new ArrayList<>();
        RecordParts parts = new RecordParts(where);
        while (in.peek() == '[') {
            if (parts.hasTags() && in.atLineStart() && in.afterBlankLine()) break;
            readTag(parts, warnings);
            while (in.peek() != TextCursor.EOF && TextCursor.isBlank((char) in.peek())) in.next();
        }
        parts.checkSetup();
        MovetextParser.Parsed movetext = new MovetextParser(in, where, warnings, false).parse(parts.blackFirst());
        in.clearBudget();
        // Comments outside a game (a file's introduction) are no game and no problem either.
        if (!parts.hasTags() && movetext.empty()) return;
        if (!parts.hasTags() && movetext.builder().moves().isEmpty() && movetext.result() == null) {
            sink.warning(where.at(startLine, startColumn, "text outside a game ignored", movetext.builder().text()));
            return;
        }
        GameRecord record = parts.finish(movetext, source, startLine, warnings, true);
        sink.game(record);
        for (ImportError w : warnings) sink.warning(w);
    }

    /** {@code [Name "value"]} with {@code \"} and {@code \\} escapes, on one line. */
    private void readTag(RecordParts parts, List<ImportError> warnings) throws IOException {
        int line = in.line();
        int column = in.column();
        in.next();
        in.skipSpaces();
        StringBuilder name = new StringBuilder();
        int c;
        while ((c = in.peek()) != TextCursor.EOF && isNameChar(c)) {
            if (name.length() == MAX_TAG_NAME_CHARS) {
                throw tagError(in.line(), in.column(), "tag name longer than " + MAX_TAG_NAME_CHARS + " characters", "[" + name);
            }
            name.append((char) in.next());
        }
        if (name.length() == 0) {
            if (c == '\n' || c == TextCursor.EOF) throw unterminatedTag(line, column, "[");
            throw tagError(in.line(), in.column(),
                    "bad tag name at " + in.line() + ":" + in.column() + ": expected letters, digits or '_' after '['",
                    "[" + visibleRestOfLine());
        }
        in.skipSpaces();
        c = in.peek();
        if (c != '"') {
            if (c == '\n' || c == TextCursor.EOF || c == ']') {
                throw tagError(in.line(), in.column(), "tag " + name + " has no value in double quotes", "[" + name);
            }
            throw tagError(in.line(), in.column(), "tag " + name + ": expected a value in double quotes at "
                    + in.line() + ":" + in.column(), "[" + name + " " + visibleRestOfLine());
        }
        int valueLine = in.line();
        int valueColumn = in.column();
        in.next();
        StringBuilder value = new StringBuilder();
        while (true) {
            c = in.peek();
            if (c == TextCursor.EOF || c == '\n') {
                throw tagError(valueLine, valueColumn, "unterminated string started at " + valueLine + ":" + valueColumn
                        + " (no closing '\"' before the end of the line)", "[" + name + " \"" + head(value));
            }
            in.next();
            if (c == '"') break;
            if (c == '\\' && (in.peek() == '"' || in.peek() == '\\')) c = in.next();
            if (value.length() == MAX_TAG_VALUE_CHARS) {
                throw tagError(valueLine, valueColumn, "tag " + name + ": value longer than "
                        + String.format("%,d", MAX_TAG_VALUE_CHARS) + " characters", "[" + name + " \"" + head(value));
            }
            value.append((char) c);
        }
        in.skipSpaces();
        c = in.peek();
        if (c == ']') {
            in.next();
        } else if (c == '\n' || c == TextCursor.EOF) {
            throw unterminatedTag(line, column, "[" + name + " \"" + head(value) + "\"");
        } else {
            throw tagError(in.line(), in.column(), "tag " + name + ": expected ']' at " + in.line() + ":" + in.column(),
                    "[" + name + " \"" + head(value) + "\"" + visibleRestOfLine());
        }
        parts.tag(name.toString(), value.toString(), valueLine, valueColumn, warnings);
    }

    private RecordException unterminatedTag(int line, int column, String excerpt) {
        return tagError(line, column, "unterminated tag started at " + line + ":" + column
                + " (no ']' before the end of the line)", excerpt);
    }

    private RecordException tagError(int line, int column, String message, String excerpt) {
        return new RecordException(where.at(line, column, message, excerpt));
    }

    /** Up to an excerpt's length of the current line, not taken from the cursor. */
    private String visibleRestOfLine() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 64; i++) {
            int c = in.peek(i);
            if (c == TextCursor.EOF || c == '\n') break;
            sb.append((char) c);
        }
        return sb.toString();
    }

    /**
     * After a broken record: skips to the next line that starts with {@code [} and follows a
     * blank line or the broken record's result token, or starts with {@code [Event}.
     */
    private void skipToNextRecord(boolean resultSeen) throws IOException {
        if (!in.atLineStart()) resultSeen |= skipLineNotingResult();
        while (true) {
            in.skipSpaces();
            int c = in.peek();
            if (c == TextCursor.EOF) return;
            if (c == '\n') {
                in.next();
                continue;
            }
            if (c == '[' && (resultSeen || in.afterBlankLine() || in.lookingAt("[Event"))) return;
            resultSeen |= skipLineNotingResult();
        }
    }

    /** Skips to the next line; true if a result token stood on the skipped part. */
    private boolean skipLineNotingResult() throws IOException {
        boolean result = false;
        StringBuilder word = new StringBuilder(8);
        while (true) {
            int c = in.next();
            if (c == TextCursor.EOF || c == '\n' || TextCursor.isBlank((char) c)) {
                if (word.length() > 0 && word.length() <= 7 && MovetextParser.isResult(word.toString())) result = true;
                word.setLength(0);
                if (c == TextCursor.EOF || c == '\n') return result;
            } else if (word.length() <= 7) {
                word.append((char) c);
            }
        }
    }

    private static boolean isNameChar(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }

    private static String head(StringBuilder text) {
        return text.length() <= ImportError.EXCERPT_LENGTH ? text.toString() : text.substring(0, ImportError.EXCERPT_LENGTH + 1);
    }
}
