package org.emergo.store.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Named parameters in a query ({@code :square}, {@code :height}), as the example queries use
 * them: the text is sent with {@code ?} in their place and the values are bound, never pasted
 * into the SQL, so a name with a quote in it is only data.
 *
 * <p>A query declares its parameters and their defaults in its leading comment, one a line:
 * {@code -- :square = 'e5'} (text) or {@code -- :height = 5} (a number), optionally followed by
 * what it means. The default's form fixes the parameter's type.
 */
public final class NamedParameters {

    /** A declared parameter: its name, its default as a value, and what it means (may be empty). */
    public record Parameter(String name, Object defaultValue, String description) {
        public boolean isNumber() {
            return !(defaultValue instanceof String);
        }

        /** The default as a user would type it in a form: e5, 5. */
        public String defaultText() {
            return defaultValue instanceof BigDecimal d ? d.toPlainString() : defaultValue.toString();
        }
    }

    /** A query ready to run: the text with {@code ?} and the values in their order. */
    public record Bound(String sql, List<Object> values) {
        public Bound {
            values = List.copyOf(values);
        }
    }

    private static final Pattern DECLARATION =
            Pattern.compile("--\\s*:([A-Za-z_]\\w*)\\s*=\\s*('(?:[^']|'')*'|[-+]?\\d+(?:\\.\\d+)?)\\s*(.*)");

    private NamedParameters() {}

    /** The parameters the query's leading comment declares, in their order. */
    public static List<Parameter> declared(String sql) {
        List<Parameter> params = new ArrayList<>();
        for (String line : sql.lines().toList()) {
            String l = line.strip();
            if (l.isEmpty()) continue;
            if (!l.startsWith("--")) break;
            Matcher m = DECLARATION.matcher(l);
            if (!m.matches()) continue;
            String literal = m.group(2);
            Object value = literal.startsWith("'")
                    ? literal.substring(1, literal.length() - 1).replace("''", "'")
                    : number(literal);
            params.add(new Parameter(m.group(1), value, m.group(3).strip()));
        }
        return List.copyOf(params);
    }

    /**
     * The query with each {@code :name} outside literals, quoted names and comments replaced by
     * {@code ?}, bound to the given text (read as the declared type) or else the default.
     *
     * @throws QueryException for a name the query uses but does not declare, or a value that
     *     is not of its parameter's type
     */
    public static Bound bind(String sql, Map<String, String> given) {
        Map<String, Parameter> declared = new LinkedHashMap<>();
        for (Parameter p : declared(sql)) declared.put(p.name(), p);
        for (String name : given.keySet()) {
            if (!declared.containsKey(name)) {
                throw new QueryException("the query has no parameter :" + name
                        + (declared.isEmpty() ? "" : " (it has :" + String.join(", :", declared.keySet()) + ")"));
            }
        }
        StringBuilder out = new StringBuilder(sql.length());
        List<Object> values = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            int end;
            if (c == '\'' || c == '"') {
                end = closing(sql, i, c);
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                end = sql.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
            } else if (c == ':' && i + 1 < n && sql.charAt(i + 1) == ':') {
                end = i + 2; // PostgreSQL's cast, x::text
            } else if (c == ':' && i + 1 < n && Character.isJavaIdentifierStart(sql.charAt(i + 1))) {
                end = i + 2;
                while (end < n && Character.isJavaIdentifierPart(sql.charAt(end))) end++;
                String name = sql.substring(i + 1, end);
                Parameter p = declared.get(name);
                if (p == null) {
                    throw new QueryException("the query uses :" + name + " but does not declare it: add a line"
                            + " -- :" + name + " = 'default' (or a number) to its leading comment");
                }
                values.add(given.containsKey(name) ? value(p, given.get(name)) : p.defaultValue());
                out.append('?');
                i = end;
                continue;
            } else {
                end = i + 1;
            }
            out.append(sql, i, end);
            i = end;
        }
        return new Bound(out.toString(), values);
    }

    /** The end (exclusive) of a literal or quoted name opened at i; a doubled quote stays inside. */
    private static int closing(String sql, int i, char quote) {
        int j = i + 1;
        while (j < sql.length()) {
            if (sql.charAt(j) == quote) {
                if (j + 1 < sql.length() && sql.charAt(j + 1) == quote) {
                    j += 2;
                    continue;
                }
                return j + 1;
            }
            j++;
        }
        return sql.length();
    }

    private static Object value(Parameter p, String text) {
        if (!p.isNumber()) return text;
        try {
            return number(text.strip());
        } catch (NumberFormatException e) {
            throw new QueryException(":" + p.name() + " is a number, and '" + text + "' is not one");
        }
    }

    private static Object number(String literal) {
        BigDecimal d = new BigDecimal(literal);
        return d.scale() <= 0 ? (Object) d.longValueExact() : d;
    }
}
