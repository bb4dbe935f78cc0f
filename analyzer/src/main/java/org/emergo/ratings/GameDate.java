package org.emergo.ratings;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Date tag as a number that sorts games in the order they were played. */
public final class GameDate {

    /** The key of a game without a usable date. */
    public static final int UNDATED = Integer.MAX_VALUE;

    // YYYY.MM.DD as EGN writes it, ?? for an unknown part; - or / between the parts is taken too
    private static final Pattern DATE = Pattern.compile("(\\d{4})(?:[.\\-/](\\d{2}|\\?\\?)(?:[.\\-/](\\d{2}|\\?\\?))?)?");

    private GameDate() {}

    /**
     * YYYYMMDD, an unknown month or day as 00 (so {@code 2020.05.??} comes before
     * {@code 2020.05.01}); {@link #UNDATED} when the year is unknown or the text is no date.
     */
    public static int key(String date) {
        if (date == null) return UNDATED;
        Matcher m = DATE.matcher(date.strip());
        if (!m.matches()) return UNDATED;
        return Integer.parseInt(m.group(1)) * 10000 + part(m.group(2), 12) * 100 + part(m.group(3), 31);
    }

    private static int part(String text, int max) {
        if (text == null || text.startsWith("?")) return 0;
        int n = Integer.parseInt(text);
        return n <= max ? n : 0;
    }
}
