package org.emergo.store.output;

import java.util.Locale;

/** The output formats of {@code emergo sql --format}. */
public enum OutputFormat {
    TABLE,
    CSV,
    JSON;

    /** A writer of this format onto out. */
    public ResultWriter writer(Appendable out) {
        return switch (this) {
            case TABLE -> new TableResultWriter(out);
            case CSV -> new CsvResultWriter(out);
            case JSON -> new JsonResultWriter(out);
        };
    }

    /** Reads {@code table}, {@code csv} or {@code json}, ignoring case. */
    public static OutputFormat parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown format '" + name + "' (table, csv or json)", e);
        }
    }
}
