package org.emergo.store.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * An aligned text table, one line per row, for people at a terminal:
 *
 * <pre>
 * ID | WHITE       | MOVES
 * ---+-------------+------
 *  1 | van Zon, Ed |    60
 * (1 row)
 * </pre>
 *
 * Numbers are right-aligned, NULL is written NULL, and control characters are shown escaped
 * (a newline as \n, ESC as \\u001B) so that a value can neither break the layout nor send escape
 * sequences to the terminal. It keeps every row until the end, to know the widths.
 */
final class TableResultWriter implements ResultWriter {

    private final Appendable out;
    private List<ResultColumn> columns = List.of();
    private final List<String[]> rows = new ArrayList<>();

    TableResultWriter(Appendable out) {
        this.out = out;
    }

    @Override
    public void columns(List<ResultColumn> columns) {
        this.columns = List.copyOf(columns);
    }

    @Override
    public void row(List<Object> values) {
        String[] cells = new String[values.size()];
        for (int i = 0; i < cells.length; i++) {
            String text = CellText.of(values.get(i));
            cells[i] = text == null ? "NULL" : escape(text);
        }
        rows.add(cells);
    }

    @Override
    public void end() {
        int[] widths = new int[columns.size()];
        String[] header = new String[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            header[c] = escape(columns.get(c).label());
            widths[c] = width(header[c]);
        }
        for (String[] row : rows) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], width(row[c]));
            }
        }
        StringBuilder s = new StringBuilder();
        line(s, header, widths);
        for (int c = 0; c < widths.length; c++) {
            s.append(c == 0 ? "" : "-+-").append("-".repeat(widths[c]));
        }
        s.append('\n');
        for (String[] row : rows) {
            line(s, row, widths);
        }
        s.append('(').append(rows.size()).append(rows.size() == 1 ? " row)" : " rows)").append('\n');
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void line(StringBuilder s, String[] cells, int[] widths) {
        int start = s.length();
        for (int c = 0; c < widths.length; c++) {
            String pad = " ".repeat(widths[c] - width(cells[c]));
            s.append(c == 0 ? "" : " | ");
            if (columns.get(c).numeric()) {
                s.append(pad).append(cells[c]);
            } else {
                s.append(cells[c]).append(pad);
            }
        }
        int end = s.length();
        while (end > start && s.charAt(end - 1) == ' ') {
            end--;
        }
        s.setLength(end);
        s.append('\n');
    }

    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Control characters as escapes: \n, \r, \t, or \\uXXXX. */
    static String escape(String s) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String escaped = switch (c) {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                default -> Character.isISOControl(c) ? String.format("\\u%04X", (int) c) : null;
            };
            if (escaped != null && out == null) {
                out = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (out != null) {
                if (escaped != null) {
                    out.append(escaped);
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? s : out.toString();
    }
}
