package org.emergo.importer;

/**
 * A rejected record (an error) or a remark about a record that was kept (a warning).
 * Positions are 1-based; line and column 0 mean the problem concerns the whole file
 * (unreadable, wrong encoding, unknown type). In CSV sources the column is the number of
 * the field (1 = the first field of the row), not a character position.
 *
 * @param source  the file, or {@code archive.zip!entry/name} for an archive entry
 * @param line    line of the problem (1-based), 0 for the whole file
 * @param column  column of the problem (1-based), 0 for the whole line or file
 * @param message what is wrong, in words a user understands
 * @param excerpt the offending text, at most {@value #EXCERPT_LENGTH} characters with
 *                control characters made visible; empty when there is none
 */
public record ImportError(String source, int line, int column, String message, String excerpt) {

    /** Longest excerpt kept, in characters. */
    public static final int EXCERPT_LENGTH = 200;

    /** Longest message kept, in characters (messages quote text from the record). */
    public static final int MESSAGE_LENGTH = 500;

    public ImportError {
        message = visible(message, MESSAGE_LENGTH);
        excerpt = visible(excerpt, EXCERPT_LENGTH);
    }

    /** A problem with a whole file. */
    public static ImportError ofFile(String source, String message) {
        return new ImportError(source, 0, 0, message, "");
    }

    /** {@code source:line:column: message}, as compilers print it. */
    @Override
    public String toString() {
        return source + ":" + line + ":" + column + ": " + message + (excerpt.isEmpty() ? "" : " [" + excerpt + "]");
    }

    /**
     * Text cut to about {@code max} characters (an ellipsis marks the cut) with control and
     * format characters written as escapes ({@code \n}, {@code \u0000}), so it prints safely
     * on one line.
     */
    static String visible(String text, int max) {
        if (text == null) return "";
        StringBuilder sb = new StringBuilder(Math.min(text.length(), max) + 8);
        for (int i = 0; i < text.length(); i++) {
            if (sb.length() >= max) {
                sb.append('\u2026');
                break;
            }
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT
                            || c == '\u2028' || c == '\u2029') {
                        sb.append(String.format("\\u%04X", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
