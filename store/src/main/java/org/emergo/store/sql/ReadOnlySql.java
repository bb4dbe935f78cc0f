package org.emergo.store.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The first line of defence for user SQL: a lexical check that a text is one query (or one
 * condition) and names no statement that writes. The database enforces read-only access as
 * well ({@link Database#readOnly}); this check gives the clear message, and stops what the
 * databases differ on.
 *
 * <p>It reads the text as tokens outside comments ({@code --}, block comments), string literals
 * ({@code '...'}, PostgreSQL's {@code E'...'} with backslash escapes) and quoted names
 * ({@code "..."}). Anything it cannot read is refused, never guessed.
 */
public final class ReadOnlySql {

    /** Statements a query may start with. */
    private static final Set<String> QUERY_STARTS = Set.of("SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN", "SHOW");

    /**
     * Words that can make a query write, lock or create: inside WITH (PostgreSQL's data-changing
     * CTEs), FROM FINAL TABLE (H2), EXPLAIN ANALYZE (runs its statement), SELECT ... INTO.
     */
    private static final Set<String> WRITE_WORDS = Set.of(
            "INSERT", "UPDATE", "DELETE", "MERGE", "INTO", "CREATE", "DROP", "ALTER", "TRUNCATE", "GRANT", "REVOKE");

    /** The other statements of H2 and PostgreSQL: refused as such; any other first word is a typing error. */
    private static final Set<String> STATEMENT_STARTS = Set.of(
            "INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE", "CREATE", "DROP", "ALTER", "TRUNCATE",
            "GRANT", "REVOKE", "COMMENT", "SET", "RESET", "CALL", "DO", "EXECUTE", "PREPARE", "DEALLOCATE",
            "BEGIN", "START", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "END", "ABORT", "LOCK", "COPY",
            "VACUUM", "ANALYZE", "CLUSTER", "REINDEX", "REFRESH", "CHECKPOINT", "DISCARD", "LISTEN", "NOTIFY",
            "UNLISTEN", "DECLARE", "FETCH", "MOVE", "CLOSE", "LOAD", "IMPORT", "SECURITY", "REASSIGN",
            "RUNSCRIPT", "SCRIPT", "BACKUP", "SHUTDOWN", "HELP", "USE");

    private static final String ALLOWED = "only one SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN query is allowed";

    /**
     * PostgreSQL functions that do more than read, named bare or quoted: a query runs as a role
     * that may only read ({@link ReadOnlyAccess}), but set_config can set the role back to the
     * session's user, and the others run SQL from a string (where this check cannot see it), or
     * lock, stop or read what is not emergo's (for a user who may not make the role).
     */
    private static final Map<String, String> FUNCTIONS_REFUSED = Map.ofEntries(
            Map.entry("SET_CONFIG", "changes the session's settings, the role it runs as included"),
            Map.entry("QUERY_TO_XML", "runs SQL written in a string"),
            Map.entry("QUERY_TO_XMLSCHEMA", "runs SQL written in a string"),
            Map.entry("QUERY_TO_XML_AND_XMLSCHEMA", "runs SQL written in a string"),
            Map.entry("CURSOR_TO_XML", "runs SQL written in a string"),
            Map.entry("CURSOR_TO_XMLSCHEMA", "runs SQL written in a string"),
            Map.entry("TS_STAT", "runs SQL written in a string"),
            Map.entry("TS_REWRITE", "runs SQL written in a string"),
            Map.entry("PG_CANCEL_BACKEND", "stops what other sessions do"),
            Map.entry("PG_TERMINATE_BACKEND", "stops other sessions"),
            Map.entry("PG_READ_FILE", "reads the server's files"),
            Map.entry("PG_READ_BINARY_FILE", "reads the server's files"),
            Map.entry("PG_STAT_FILE", "reads the server's files"),
            Map.entry("LO_IMPORT", "reads the server's files"),
            Map.entry("LO_EXPORT", "writes the server's files"));

    /** Families of functions refused by the start of their names, with the reason. */
    private static final Map<String, String> FUNCTION_PREFIXES_REFUSED = Map.of(
            "PG_ADVISORY_", "takes locks that other programs, emergo's imports among them, wait for",
            "PG_TRY_ADVISORY_", "takes locks that other programs, emergo's imports among them, wait for",
            "PG_LS_", "reads the server's files",
            "DBLINK", "runs SQL written in a string");

    private ReadOnlySql() {
    }

    /** The query without trailing semicolons, or a {@link QueryException} saying why it is refused. */
    static String checkQuery(String sql) {
        List<String> words = words(sql, true);
        if (words.isEmpty()) {
            throw new QueryException("the query is empty");
        }
        String first = words.get(0);
        if (!QUERY_STARTS.contains(first) && !STATEMENT_STARTS.contains(first)) {
            throw new QueryException("syntax error: " + first + " does not begin an SQL statement; a query begins with"
                    + " SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN");
        }
        if (!QUERY_STARTS.contains(first)) {
            throw new QueryException("refused: the database is opened read-only, " + ALLOWED
                    + " (this is " + article(first) + " " + first + " statement)");
        }
        for (String w : words) {
            if (WRITE_WORDS.contains(w)) {
                throw new QueryException("refused: the database is opened read-only, and " + w
                        + " can change it; " + ALLOWED);
            }
        }
        checkFunctions(sql);
        return stripTrailingSemicolons(sql);
    }

    /** The first word of a checked query, upper-cased (SELECT, WITH, ...). */
    static String firstWord(String checkedQuery) {
        return words(checkedQuery, true).get(0);
    }

    /** A condition for {@code WHERE (...)}: one expression, no statement, no writes. */
    public static String checkCondition(String condition) {
        List<String> words = words(condition, false);
        if (words.isEmpty()) {
            throw new QueryException("the condition is empty");
        }
        int depth = 0;
        for (String w : words) {
            depth += w.equals("(") ? 1 : w.equals(")") ? -1 : 0;
            if (depth < 0) {
                throw new QueryException("the condition has a ')' without its '('");
            }
            if (WRITE_WORDS.contains(w)) {
                throw new QueryException("refused: a condition may only read, and " + w + " can write");
            }
        }
        if (depth != 0) {
            throw new QueryException("the condition has a '(' without its ')'");
        }
        checkFunctions(condition);
        return condition.strip();
    }

    /** Refuses a text that names one of {@link #FUNCTIONS_REFUSED}, bare or as a quoted name. */
    private static void checkFunctions(String sql) {
        List<String> names = new ArrayList<>();
        names.addAll(words(sql, true, names));
        for (String name : names) {
            String why = FUNCTIONS_REFUSED.get(name);
            for (Map.Entry<String, String> prefix : FUNCTION_PREFIXES_REFUSED.entrySet()) {
                if (why == null && name.startsWith(prefix.getKey())) why = prefix.getValue();
            }
            if (why != null) {
                throw new QueryException("refused: a query may only read emergo's tables, and "
                        + name.toLowerCase(Locale.ROOT) + " " + why);
            }
        }
    }

    /**
     * The upper-cased words and the parentheses outside comments, literals and quoted names.
     * A semicolon is refused unless trailing (and so allowed) in a query.
     */
    private static List<String> words(String sql, boolean query) {
        return words(sql, query, null);
    }

    /**
     * The words (see above); quoted names, upper-cased, go to quotedNames when it is given.
     * A name quoted with Unicode escapes (U&"...") is refused: it could spell any name.
     */
    private static List<String> words(String sql, boolean query, List<String> quotedNames) {
        List<String> words = new ArrayList<>();
        int n = sql.length();
        int i = 0;
        boolean ended = false;
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                i = endOfLine(sql, i);
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = endOfBlockComment(sql, i);
            } else if (c == ';') {
                if (!query) {
                    throw new QueryException("refused: a condition may not contain ';'");
                }
                ended = true;
                i++;
            } else if (ended) {
                throw new QueryException("refused: " + ALLOWED + ", and this text holds more than one statement");
            } else if (c == '\'') {
                i = endOfQuoted(sql, i, '\'', isEscapeString(sql, i));
            } else if (c == '$' && endOfDollarQuoted(sql, i) > 0) {
                i = endOfDollarQuoted(sql, i);
            } else if (c == '"') {
                int end = endOfQuoted(sql, i, '"', false);
                if (i >= 2 && sql.charAt(i - 1) == '&' && Character.toUpperCase(sql.charAt(i - 2)) == 'U') {
                    throw new QueryException("refused: a name written with Unicode escapes (U&\"...\") is not allowed;"
                            + " write it plainly");
                }
                if (quotedNames != null) {
                    quotedNames.add(sql.substring(i + 1, end - 1).replace("\"\"", "\"").toUpperCase(Locale.ROOT));
                }
                i = end;
            } else if (c == '(' || c == ')') {
                words.add(String.valueOf(c));
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                        || sql.charAt(i) == '$')) {
                    i++;
                }
                words.add(sql.substring(start, i).toUpperCase(Locale.ROOT));
            } else {
                i++;
            }
        }
        return query ? firstWordFirst(words) : words;
    }

    /** For a query the statement's first word leads, even after opening parentheses. */
    private static List<String> firstWordFirst(List<String> tokens) {
        List<String> words = new ArrayList<>();
        for (String t : tokens) {
            if (!t.equals("(") && !t.equals(")")) {
                words.add(t);
            }
        }
        return words;
    }

    private static int endOfLine(String sql, int i) {
        int nl = sql.indexOf('\n', i);
        return nl < 0 ? sql.length() : nl + 1;
    }

    /** PostgreSQL nests block comments; H2 does not. Reading them nested refuses in both doubts. */
    private static int endOfBlockComment(String sql, int start) {
        int depth = 0;
        int i = start;
        while (i + 1 < sql.length()) {
            if (sql.charAt(i) == '/' && sql.charAt(i + 1) == '*') {
                depth++;
                i += 2;
            } else if (sql.charAt(i) == '*' && sql.charAt(i + 1) == '/') {
                depth--;
                i += 2;
                if (depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        throw new QueryException("the query has a comment that is not closed");
    }

    /** E'...' (PostgreSQL): a backslash escapes the next character. */
    private static boolean isEscapeString(String sql, int quote) {
        if (quote == 0 || Character.toUpperCase(sql.charAt(quote - 1)) != 'E') {
            return false;
        }
        return quote == 1 || !(Character.isLetterOrDigit(sql.charAt(quote - 2)) || sql.charAt(quote - 2) == '_');
    }

    private static int endOfQuoted(String sql, int start, char quote, boolean backslashEscapes) {
        int i = start + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2; // doubled quote: one quote character
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        throw new QueryException("the query has a " + (quote == '"' ? "quoted name" : "string") + " that is not closed");
    }

    /**
     * The end of a dollar-quoted string ($$...$$ or $tag$...$tag$, PostgreSQL and H2) that starts
     * here, or -1 when none does ($1 is a parameter). Read as code, a quote inside one would hide
     * what follows it from this check.
     */
    private static int endOfDollarQuoted(String sql, int start) {
        int i = start + 1;
        while (i < sql.length() && (Character.isLetter(sql.charAt(i)) || sql.charAt(i) == '_'
                || (i > start + 1 && Character.isDigit(sql.charAt(i))))) {
            i++;
        }
        if (i >= sql.length() || sql.charAt(i) != '$') return -1;
        String tag = sql.substring(start, i + 1);
        int close = sql.indexOf(tag, i + 1);
        if (close < 0) throw new QueryException("the query has a string that is not closed");
        return close + tag.length();
    }

    private static String stripTrailingSemicolons(String sql) {
        String s = sql.strip();
        // trailing comments after the semicolon stay; the database ignores them
        int semicolon = lastCodeSemicolon(s);
        return semicolon < 0 ? s : s.substring(0, semicolon).strip();
    }

    /** The position of the statement-ending semicolon, found by the same reading as {@link #words}. */
    private static int lastCodeSemicolon(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                i = endOfLine(sql, i);
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = endOfBlockComment(sql, i);
            } else if (c == '\'') {
                i = endOfQuoted(sql, i, '\'', isEscapeString(sql, i));
            } else if (c == '$' && endOfDollarQuoted(sql, i) > 0) {
                i = endOfDollarQuoted(sql, i);
            } else if (c == '"') {
                i = endOfQuoted(sql, i, '"', false);
            } else if (c == ';') {
                return i;
            } else {
                i++;
            }
        }
        return -1;
    }

    private static String article(String word) {
        return "AEIOU".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
    }
}
