package org.emergo.viewer.web;

import java.util.List;
import org.emergo.store.QueryResult;
import org.emergo.store.ResultColumn;
import org.emergo.viewer.data.QueryLibrary;
import org.emergo.viewer.data.Urls;

/**
 * The SQL page: the form, the example queries one click away, and the result of the query
 * asked (or what was wrong with it).
 *
 * @param result null when no query ran
 * @param error  null unless the query was refused or failed
 */
public record SqlPage(String query, List<QueryLibrary.Example> examples, QueryResult result, String error, long millis,
        int maxRows) {

    public String exampleUrl(QueryLibrary.Example e) {
        return "/sql?example=" + Urls.encode(e.name());
    }

    public String csvUrl() {
        return "/sql.csv?q=" + Urls.encode(query);
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
        if (value instanceof java.math.BigDecimal d) return d.toPlainString();
        return value.toString();
    }
}
