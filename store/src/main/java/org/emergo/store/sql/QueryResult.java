package org.emergo.store.sql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.emergo.store.output.ResultColumn;
import org.emergo.store.output.ResultWriter;

/**
 * A query result held in memory.
 *
 * @param truncated whether the query had more rows than were kept
 */
public record QueryResult(List<ResultColumn> columns, List<List<Object>> rows, boolean truncated) {

    public QueryResult {
        // not List.copyOf for the rows: they hold nulls
        columns = List.copyOf(columns);
        rows = rows.stream().map(r -> Collections.unmodifiableList(new ArrayList<>(r))).toList();
    }

    /** Writes the kept rows to a writer, e.g. {@code OutputFormat.JSON.writer(out)}. */
    public void writeTo(ResultWriter out) {
        out.columns(columns);
        rows.forEach(out::row);
        out.end();
    }
}
