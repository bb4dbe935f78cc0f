package org.emergo.store.review;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.emergo.rules.Variant;
import org.emergo.search.Limit;
import org.emergo.search.WinCurve;

/**
 * A setting reviews are made at (table review_setting): the search's limit and the review's
 * version, with the curve of each board that turns its scores into winning chances
 * (review_curve).
 */
public record ReviewSetting(int id, Limit limit, String engineVersion, Map<Variant, Curve> curves) {

    /** The curve fitted to {@code generate}'s self-play games, a board's until it has its own. */
    public static final String DEFAULT_CURVE = "default";

    /** A curve fitted to the database's own reviewed games. */
    public static final String FITTED_CURVE = "fitted";

    public ReviewSetting {
        curves = Map.copyOf(new EnumMap<>(curves));
    }

    /**
     * One board's curve at the setting.
     *
     * @param source     {@link #DEFAULT_CURVE} or {@link #FITTED_CURVE}
     * @param games      decisive games it was fitted to (0 for the default)
     * @param generation raised each time the curve changes
     */
    public record Curve(Variant variant, WinCurve curve, String source, int games, int generation) {

        /** "the curve fitted to 1,234 decisive games of this database (k=..., offset=...)". */
        public String inWords() {
            return (source.equals(FITTED_CURVE)
                    ? String.format(Locale.ROOT, "the curve fitted to %,d decisive games of this database", games)
                    : "the curve of generate's self-play games, until 1,000 decisive games of the board are reviewed")
                    + " (" + curve + ")";
        }
    }

    /** The curve of a board. */
    public Curve curve(Variant variant) {
        return curves.get(variant);
    }

    /** Each board's curve in words, one line each: "Emergo: the curve fitted to ...". */
    public List<String> curvesInWords() {
        List<String> lines = new ArrayList<>();
        for (Variant v : Variant.values()) lines.add(v.tagName() + ": " + curve(v).inWords());
        return lines;
    }
}
