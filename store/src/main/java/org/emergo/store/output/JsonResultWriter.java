package org.emergo.store.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON array of objects, one object per row and per line, keys in column order:
 *
 * <pre>
 * [
 *   {"ID":1,"WHITE":"van Zon, Ed"},
 *   {"ID":2,"WHITE":null}
 * ]
 * </pre>
 *
 * Numbers are JSON numbers, NULL is null. A label used twice gets a suffix ({@code ID_2}),
 * since JSON keys must differ.
 */
final class JsonResultWriter implements ResultWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Appendable out;
    private List<String> keys = List.of();
    private long rows;

    JsonResultWriter(Appendable out) {
        this.out = out;
    }

    @Override
    public void columns(List<ResultColumn> columns) {
        List<String> unique = new ArrayList<>();
        for (ResultColumn c : columns) {
            String key = c.label();
            for (int n = 2; unique.contains(key); n++) {
                key = c.label() + "_" + n;
            }
            unique.add(key);
        }
        keys = unique;
    }

    @Override
    public void row(List<Object> values) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            object.put(keys.get(i), values.get(i));
        }
        try {
            write((rows++ == 0 ? "[\n  " : ",\n  ") + JSON.writeValueAsString(object));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a result value is not JSON-writable", e);
        }
    }

    @Override
    public void end() {
        write(rows == 0 ? "[]\n" : "\n]\n");
    }

    private void write(String s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
