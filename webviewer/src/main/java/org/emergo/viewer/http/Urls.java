package org.emergo.viewer.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.ExplorerFilter;

/** Query strings and path segments, percent-encoded. */
public final class Urls {

    private Urls() {}

    public static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** A path segment: spaces as %20, not +, which a path keeps literally. */
    public static String segment(String s) {
        return encode(s).replace("+", "%20");
    }

    /** A link to a player's page. */
    public static String player(String name) {
        return "/player/" + segment(name);
    }

    /** A link to a position on the explorer. */
    public static String position(String epn, Variant variant) {
        return "/position?epn=" + encode(epn) + (variant == Variant.HEXEMERGO ? "&variant=HexEmergo" : "");
    }

    /** A position on the analysis board (docs/viewer.md#the-analysis-board). */
    public static String analysis(String epn, Variant variant) {
        return "/analysis?epn=" + encode(epn) + (variant == Variant.HEXEMERGO ? "&variant=HexEmergo" : "");
    }

    /** "&player=...&color=w..." of an explorer's filter, empty for none. */
    public static String filterQuery(ExplorerFilter filter) {
        StringBuilder sb = new StringBuilder();
        filter.params().forEach((k, v) -> sb.append('&').append(k).append('=').append(encode(v)));
        return sb.toString();
    }
}
