package org.emergo.importer;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.emergo.replay.GameRecord;
import org.emergo.rules.Variant;

/**
 * Writes records as canonical EGN (docs/formats.md#egn): the seven standard tags first (Event, Site,
 * Date, Round, White, Black, Result; {@code ?} for a missing one, {@code *} for a missing
 * result), then Variant for HexEmergo, SetUp/Position for a set-up game, then the other tags
 * in stored order; a blank line, the movetext wrapped at {@value #WIDTH} columns, a blank line.
 * Reading the text back with {@link EgnReader} gives the same tags, moves and movetext.
 *
 * <p>Tag values are written with {@code \"} and {@code \\} escapes; a line break inside a value
 * is written as a space, since a tag is one line.
 */
public final class EgnWriter {

    /** The seven standard tags, in the order written. */
    public static final List<String> STANDARD_TAGS = List.of("Event", "Site", "Date", "Round", "White", "Black", "Result");

    /** Movetext lines are wrapped before this column where a token boundary allows. */
    public static final int WIDTH = 80;

    private static final Pattern MOVE_NUMBER = Pattern.compile("\\d+\\.+");

    private final Writer out;

    public EgnWriter(Writer out) {
        this.out = out;
    }

    /** The EGN text of one record. */
    public static String toEgn(GameRecord record) {
        StringWriter text = new StringWriter();
        try {
            new EgnWriter(text).write(record);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** Writes one record, blank line included. */
    public void write(GameRecord record) throws IOException {
        Map<String, String> tags = record.tags();
        for (String name : STANDARD_TAGS) {
            String value = tags.get(name);
            tag(name, value != null ? value : name.equals("Result") ? "*" : "?");
        }
        if (record.variant() == Variant.HEXEMERGO) tag("Variant", record.variant().tagName());
        if (record.setupPosition() != null) {
            tag("SetUp", "1");
            tag("Position", record.setupPosition());
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            String name = e.getKey();
            if (STANDARD_TAGS.contains(name) || isSetupTag(name) || e.getValue() == null) continue;
            tag(tagName(name), e.getValue());
        }
        out.write('\n');
        String movetext = record.movetext() == null || record.movetext().isBlank() ? record.result() : record.movetext();
        writeMovetext(movetext.replace('\r', ' ').replace('\n', ' '));
        out.write("\n\n");
    }

    /** Tags written from the record's variant and set-up position rather than as stored. */
    static boolean isSetupTag(String name) {
        return name.equalsIgnoreCase("Variant") || name.equalsIgnoreCase("SetUp") || name.equalsIgnoreCase("Position");
    }

    private void tag(String name, String value) throws IOException {
        StringBuilder sb = new StringBuilder(name.length() + value.length() + 8);
        sb.append('[').append(name).append(" \"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"', '\\' -> sb.append('\\').append(c);
                case '\n', '\r' -> sb.append(' ');
                default -> sb.append(c);
            }
        }
        sb.append("\"]\n");
        out.write(sb.toString());
    }

    /** A tag name as EGN allows it: letters, digits and underscores. */
    static String tagName(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length() && sb.length() < 255; i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
            sb.append(ok ? c : '_');
        }
        return sb.length() == 0 ? "_" : sb.toString();
    }

    /**
     * The movetext wrapped at spaces. A word that starts with {@code [} or {@code %} (possible
     * inside a comment) is kept on one line with the word before it: at the start of a line a
     * reader could take it for the next record or an escape line. A move number stays with its move.
     */
    private void writeMovetext(String movetext) throws IOException {
        List<String> units = new ArrayList<>();
        for (String word : movetext.split(" ", -1)) {
            boolean glued = !word.isEmpty() && (word.charAt(0) == '[' || word.charAt(0) == '%'
                    || !units.isEmpty() && MOVE_NUMBER.matcher(units.get(units.size() - 1)).matches());
            if (glued && !units.isEmpty()) {
                units.set(units.size() - 1, units.get(units.size() - 1) + " " + word);
            } else {
                units.add(word);
            }
        }
        StringBuilder line = new StringBuilder(WIDTH + 16);
        for (String unit : units) {
            if (line.length() > 0 && line.length() + 1 + unit.length() > WIDTH && !unit.isEmpty()) {
                out.write(line.toString());
                out.write('\n');
                line.setLength(0);
            } else if (line.length() > 0 || unit.isEmpty()) {
                line.append(' ');
            }
            line.append(unit);
        }
        out.write(line.toString());
    }
}
