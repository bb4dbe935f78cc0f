package org.emergo.store;

import java.util.Locale;
import org.emergo.search.Limit;
import org.emergo.search.WinCurve;

/**
 * A setting reviews are made at (table review_setting): the search's limit and the engine's
 * version, with the curve that turns its scores into winning chances.
 *
 * @param curveSource     {@link #DEFAULT_CURVE} or {@link #FITTED_CURVE}
 * @param curveGames      decisive games the curve was fitted to (0 for the default)
 * @param curveGeneration raised each time the curve changes
 */
public record ReviewSetting(int id, Limit limit, String engineVersion, WinCurve curve, String curveSource, int curveGames,
        int curveGeneration) {

    /** The engine's curve, fitted to self-play games. */
    public static final String DEFAULT_CURVE = "default";

    /** A curve fitted to the database's own reviewed games. */
    public static final String FITTED_CURVE = "fitted";

    /** Where the curve comes from, in words: "the curve fitted to 1,234 decisive games of this database (k=..., offset=...)". */
    public String curveInWords() {
        return (curveSource.equals(FITTED_CURVE)
                ? String.format(Locale.ROOT, "the curve fitted to %,d decisive games of this database", curveGames)
                : "the engine's default curve (fitted to self-play games)") + " (" + curve + ")";
    }
}
