package org.emergo.viewer.sql;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.sql.QueryResult;
import org.emergo.store.sql.SchemaCatalog;
import org.emergo.viewer.http.Urls;
import org.emergo.viewer.sql.QueryLibrary;

/**
 * The SQL page: the form, the example queries one click away, and the result of the query
 * asked (or what was wrong with it).
 *
 * @param example    the example query's name, null for a typed one
 * @param params     a field for each parameter the query declares, with its value
 * @param schema     every table and view with its columns, for the panel beside the editor
 * @param result     null when no query ran
 * @param error      null unless the query was refused or failed
 * @param maxCsvRows the most rows the CSV download holds
 * @param token      this server's token, which the forms send back (see {@link SqlHandlers})
 * @param held       whether the query came from elsewhere and was shown without being run
 */
public record SqlPage(String query, String example, List<Field> params, List<QueryLibrary.Example> examples,
        List<SchemaCatalog.Table> schema, QueryResult result, String error, long millis, int maxRows, int maxCsvRows,
        String token, boolean held) {

    /** A parameter's form field: its name, value (given or default), what it means, and whether it is a number. */
    public record Field(String name, String value, String description, boolean number) {}

    /** Queries longer than this, URL-encoded, get no link: a request line that long is refused (8 KB with its headers). */
    static final int MAX_LINK = 6_000;

    public String exampleUrl(QueryLibrary.Example e) {
        return "/sql?example=" + Urls.encode(e.name());
    }

    /** A link that runs the query again with its parameters (to bookmark or share), or null for a query too long for one. */
    public String link() {
        StringBuilder url = new StringBuilder(example != null ? "/sql?example=" + Urls.encode(example) : "/sql?q=" + Urls.encode(query));
        for (Field f : params) url.append('&').append(Urls.encode(f.name())).append('=').append(Urls.encode(f.value()));
        return url.length() <= MAX_LINK ? url.toString() : null;
    }

    /** A number as the page writes it: 1,000,000. */
    public String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    public List<String> labels() {
        return result.columns().stream().map(ResultColumn::label).toList();
    }

    /** The class of a cell: numbers right-aligned, NULL greyed. */
    public String cellClass(int column, Object value) {
        String c = result.columns().get(column).numeric() ? "num" : "";
        return value == null ? (c + " null").strip() : c;
    }

    /** A cell as text: NULL shown as such, to tell it from an empty string. */
    public String cell(Object value) {
        if (value == null) return "NULL";
        if (value instanceof BigDecimal d) return d.toPlainString();
        return value.toString();
    }
}
