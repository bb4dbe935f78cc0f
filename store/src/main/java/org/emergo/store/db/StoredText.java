package org.emergo.store.db;

/**
 * Makes text storable the same way in H2 and PostgreSQL.
 *
 * <p>PostgreSQL refuses U+0000 in text and cannot encode an unpaired surrogate as UTF-8, while
 * H2 keeps both. Every string the store writes goes through {@link #clean} so that both
 * databases hold the same characters, and fingerprints do not depend on the database.
 */
public final class StoredText {

    /** What replaces U+0000 and unpaired surrogates: U+FFFD REPLACEMENT CHARACTER. */
    public static final char REPLACEMENT = '\uFFFD';

    private StoredText() {
    }

    /** The text with U+0000 and unpaired surrogates replaced by U+FFFD; null stays null. */
    public static String clean(String s) {
        if (s == null || !needsCleaning(s)) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.append(c).append(s.charAt(++i));
            } else if (c == '\0' || Character.isSurrogate(c)) {
                out.append(REPLACEMENT);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The cleaned text cut to at most {@code max} chars, ending in an ellipsis when cut. */
    public static String cleanAndCut(String s, int max) {
        String c = clean(s);
        if (c == null || c.length() <= max) {
            return c;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(c.charAt(end - 1))) {
            end--; // never split a surrogate pair
        }
        return c.substring(0, end) + '\u2026';
    }

    private static boolean needsCleaning(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++; // a pair: one character
            } else if (c == '\0' || Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
