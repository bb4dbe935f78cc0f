package org.emergo.store.game;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.emergo.replay.FindingCode;
import org.emergo.rules.Variant;

/**
 * The filters, sort order and page of the games list, as the URL carries them
 * ({@code /games?player=...&sort=date&dir=desc&page=2}); the API takes the same.
 */
public record GameFilter(
        String player,
        String white,
        String black,
        String event,
        String result,
        String resultByRule,
        Variant variant,
        String dateFrom,
        String dateTo,
        Boolean hasFindings,
        FindingCode code,
        Integer minPlies,
        Integer maxPlies,
        String text,
        String pattern,
        ReviewFilter review,
        String sort,
        boolean descending,
        int page) {

    /** A filter parameter with a value it cannot take; the message names the parameter and says what it takes. */
    public static final class Invalid extends IllegalArgumentException {
        Invalid(String message) {
            super(message);
        }
    }

    /** A bad filter parameter of another page that reads its parameters as this one does. */
    public static Invalid invalid(String message) {
        return new Invalid(message);
    }

    /**
     * What the game's latest review (the one its page shows) must say: reviewed or not, and for
     * one side or either, an accuracy at most, mistakes or blunders at least; null for no limit.
     *
     * @param side 'w', 'b', or 0 for either side
     */
    public record ReviewFilter(Boolean reviewed, char side, Integer maxAccuracy, Integer minMistakes, Integer minBlunders) {

        public static final ReviewFilter NONE = new ReviewFilter(null, (char) 0, null, null, null);

        /** Whether a limit is set on the figures (which asks for a reviewed game). */
        public boolean limitsFigures() {
            return maxAccuracy != null || minMistakes != null || minBlunders != null;
        }

        public boolean narrows() {
            return reviewed != null || limitsFigures();
        }
    }

    /** Games per page. */
    public static final int PAGE_SIZE = 50;

    public static final Set<String> RESULTS = Set.of("1-0", "0-1", "1/2-1/2", "*");

    /** The columns the list sorts by, by their URL names. */
    public static final Set<String> SORTS = Set.of("id", "date", "white", "black", "event", "result", "plies", "findings");

    private static final Pattern DATE = Pattern.compile("\\d{4}([.-]\\d{2}([.-]\\d{2})?)?");

    public static final GameFilter ALL = new GameFilter(null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, ReviewFilter.NONE, "id", true, 1);

    /** Reads the filters from query parameters; a bad value is a 400 saying which and why. */
    public static GameFilter parse(Function<String, String> param) {
        String sort = blankToNull(param.apply("sort"));
        if (sort != null && !SORTS.contains(sort)) {
            throw new Invalid("sort must be one of " + String.join(", ", SORTS.stream().sorted().toList()));
        }
        String dir = blankToNull(param.apply("dir"));
        if (dir != null && !dir.equals("asc") && !dir.equals("desc")) {
            throw new Invalid("dir must be asc or desc");
        }
        Integer page = number(param, "page");
        if (page != null && page < 1) throw new Invalid("page must be 1 or more");
        return new GameFilter(
                blankToNull(param.apply("player")),
                blankToNull(param.apply("white")),
                blankToNull(param.apply("black")),
                blankToNull(param.apply("event")),
                result(param, "result"),
                result(param, "rbr"),
                variant(blankToNull(param.apply("variant"))),
                date(param, "from"),
                date(param, "to"),
                yesNo(blankToNull(param.apply("findings")), "findings"),
                code(blankToNull(param.apply("code"))),
                number(param, "minply"),
                number(param, "maxply"),
                blankToNull(param.apply("q")),
                blankToNull(param.apply("pattern")),
                review(param),
                sort == null ? "id" : sort,
                dir == null ? sort == null : dir.equals("desc"),
                page == null ? 1 : page);
    }

    /** The same filters on another page. */
    public GameFilter withPage(int newPage) {
        return new GameFilter(player, white, black, event, result, resultByRule, variant, dateFrom, dateTo, hasFindings,
                code, minPlies, maxPlies, text, pattern, review, sort, descending, newPage);
    }

    /** The same filters sorted by a column: a second click on the same column turns the order round. */
    public GameFilter sortedBy(String column) {
        boolean desc = column.equals(sort) ? !descending : column.equals("id") || column.equals("findings") || column.equals("plies");
        return new GameFilter(player, white, black, event, result, resultByRule, variant, dateFrom, dateTo, hasFindings,
                code, minPlies, maxPlies, text, pattern, review, column, desc, 1);
    }

    /** The URL parameters of these filters (defaults left out), in a stable order. */
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        put(p, "player", player);
        put(p, "white", white);
        put(p, "black", black);
        put(p, "event", event);
        put(p, "result", result);
        put(p, "rbr", resultByRule);
        put(p, "variant", variant == null ? null : variant.tagName());
        put(p, "from", dateFrom);
        put(p, "to", dateTo);
        put(p, "findings", hasFindings == null ? null : hasFindings ? "yes" : "no");
        put(p, "code", code == null ? null : code.name());
        put(p, "minply", minPlies == null ? null : minPlies.toString());
        put(p, "maxply", maxPlies == null ? null : maxPlies.toString());
        put(p, "q", text);
        put(p, "pattern", pattern);
        put(p, "reviewed", review.reviewed() == null ? null : review.reviewed() ? "yes" : "no");
        put(p, "side", review.side() == 0 ? null : String.valueOf(review.side()));
        put(p, "maxacc", review.maxAccuracy() == null ? null : review.maxAccuracy().toString());
        put(p, "minmistakes", review.minMistakes() == null ? null : review.minMistakes().toString());
        put(p, "minblunders", review.minBlunders() == null ? null : review.minBlunders().toString());
        if (!sort.equals("id") || !descending) {
            put(p, "sort", sort);
            put(p, "dir", descending ? "desc" : "asc");
        }
        if (page > 1) put(p, "page", Integer.toString(page));
        return p;
    }

    /** These filters as a query string without the leading {@code ?} (empty for none). */
    public String queryString() {
        return queryString(parameters());
    }

    /** Filter parameters as a query string, percent-encoded (a player page's links to its games use it too). */
    public static String queryString(Map<String, String> parameters) {
        StringJoiner j = new StringJoiner("&");
        parameters.forEach((k, v) -> j.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return j.toString();
    }

    /** Whether any filter narrows the list. */
    public boolean narrows() {
        return player != null || white != null || black != null || event != null || result != null
                || resultByRule != null || variant != null || dateFrom != null || dateTo != null || hasFindings != null
                || code != null || minPlies != null || maxPlies != null || text != null || pattern != null
                || review.narrows();
    }

    private static void put(Map<String, String> p, String name, String value) {
        if (value != null) p.put(name, value);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** A result parameter: null when blank, a 400 when it is none of the four. */
    public static String result(Function<String, String> param, String name) {
        String r = blankToNull(param.apply(name));
        if (r != null && !RESULTS.contains(r)) throw new Invalid(name + " must be 1-0, 0-1, 1/2-1/2 or *");
        return r;
    }

    /** A variant parameter: null when blank, a 400 when it names none. */
    public static Variant variant(String v) {
        if (v == null) return null;
        try {
            return Variant.parse(v);
        } catch (IllegalArgumentException e) {
            throw new Invalid("variant must be Emergo or HexEmergo");
        }
    }

    /** A date parameter (YYYY, YYYY.MM or YYYY.MM.DD, - for .): null when blank, a 400 when it is no date. */
    public static String date(Function<String, String> param, String name) {
        String d = blankToNull(param.apply(name));
        if (d == null) return null;
        if (!DATE.matcher(d).matches()) throw new Invalid(name + " must be a date: YYYY, YYYY.MM or YYYY.MM.DD");
        return d.replace('-', '.');
    }

    private static Boolean yesNo(String v, String name) {
        if (v == null) return null;
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "yes", "true", "1" -> true;
            case "no", "false", "0" -> false;
            default -> throw new Invalid(name + " must be yes or no");
        };
    }

    /** The review's filters: a 400 for a side that is not w or b, or an accuracy over 100. */
    private static ReviewFilter review(Function<String, String> param) {
        String side = blankToNull(param.apply("side"));
        if (side != null && !side.equals("w") && !side.equals("b")) throw new Invalid("side must be w or b");
        Integer maxAccuracy = number(param, "maxacc");
        if (maxAccuracy != null && maxAccuracy > 100) throw new Invalid("maxacc must be an accuracy from 0 to 100");
        return new ReviewFilter(yesNo(blankToNull(param.apply("reviewed")), "reviewed"), side == null ? 0 : side.charAt(0),
                maxAccuracy, number(param, "minmistakes"), number(param, "minblunders"));
    }

    private static FindingCode code(String v) {
        if (v == null) return null;
        try {
            return FindingCode.valueOf(v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new Invalid("code must be a finding code such as MISSED_CAPTURE");
        }
    }

    /** A whole-number parameter: null when blank, a 400 when it is no number. */
    public static Integer number(Function<String, String> param, String name) {
        String v = blankToNull(param.apply(name));
        if (v == null) return null;
        if (!v.matches("\\d{1,7}")) throw new Invalid(name + " must be a whole number");
        return Integer.valueOf(v);
    }
}
