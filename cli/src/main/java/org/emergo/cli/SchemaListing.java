package org.emergo.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.emergo.store.output.OutputFormat;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.output.ResultWriter;
import org.emergo.store.sql.SchemaCatalog;

/** {@code emergo sql --schema}: the tables to read, as a listing or as rows of CSV or JSON. */
final class SchemaListing {

    private SchemaListing() {}

    static void print(List<SchemaCatalog.Table> tables, OutputFormat format, PrintWriter out) {
        if (format == OutputFormat.TABLE) {
            listing(tables, out);
            return;
        }
        ResultWriter w = format.writer(out);
        w.columns(List.of(new ResultColumn("table_name", false), new ResultColumn("kind", false),
                new ResultColumn("column_name", false), new ResultColumn("type", false),
                new ResultColumn("description", false)));
        for (SchemaCatalog.Table t : tables) {
            String kind = t.view() ? "view" : "table";
            w.row(list(t.name(), kind, null, null, t.description()));
            for (SchemaCatalog.Column c : t.columns()) w.row(list(t.name(), kind, c.name(), c.type(), c.description()));
        }
        w.end();
    }

    /** Each table as a heading line, then its columns aligned under it. */
    private static void listing(List<SchemaCatalog.Table> tables, PrintWriter out) {
        int nameWidth = 0;
        int typeWidth = 0;
        for (SchemaCatalog.Table t : tables) {
            for (SchemaCatalog.Column c : t.columns()) {
                nameWidth = Math.max(nameWidth, c.name().length());
                typeWidth = Math.max(typeWidth, c.type().length());
            }
        }
        boolean first = true;
        for (SchemaCatalog.Table t : tables) {
            if (!first) out.println();
            first = false;
            out.println(t.name() + (t.view() ? " (view)" : "") + (t.description() == null ? "" : ": " + t.description()));
            for (SchemaCatalog.Column c : t.columns()) {
                out.println("  " + pad(c.name(), nameWidth) + "  " + pad(c.type(), typeWidth)
                        + (c.description() == null ? "" : "  " + c.description()));
            }
        }
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    private static List<Object> list(Object... values) {
        List<Object> row = new ArrayList<>(values.length);
        for (Object v : values) row.add(v);
        return row;
    }
}
