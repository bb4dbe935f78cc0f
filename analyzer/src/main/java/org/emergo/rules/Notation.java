package org.emergo.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads move tokens in every spelling of docs/formats.md#notation: {@code g6}, {@code @g6}, {@code f4-e4},
 * {@code f4e4}, {@code fe4}, {@code f45}, {@code h4xf4}, {@code h4:f4}, {@code hf4x},
 * {@code e4-c4-c6}, {@code h6xd4}, {@code hd4x}, with an optional suffix {@code !}, {@code ?},
 * {@code !!}, {@code ??}, {@code !?}, {@code ?!}. Canonical writing is {@link Move#toString()}.
 */
public final class Notation {

    private static final String[] SUFFIXES = {"!!", "??", "!?", "?!", "!", "?"};

    /** Parsed tokens: a collection repeats a few thousand tokens millions of times. */
    private static final int CACHE_LIMIT = 1 << 16;
    private static final Map<String, WrittenMove> CACHE = new ConcurrentHashMap<>();

    private Notation() {}

    /** Reads a token; throws {@link NotationException} for text that is no move at all. */
    public static WrittenMove parse(String token) {
        WrittenMove cached = token == null ? null : CACHE.get(token);
        if (cached != null) return cached;
        WrittenMove parsed = read(token);
        if (CACHE.size() < CACHE_LIMIT) CACHE.put(token, parsed);
        return parsed;
    }

    private static WrittenMove read(String token) {
        if (token == null || token.isEmpty()) throw new NotationException("empty move", 0);
        String body = token.toLowerCase(Locale.ROOT);
        String annotation = "";
        for (String s : SUFFIXES) {
            if (body.endsWith(s) && body.length() > s.length()) {
                annotation = s;
                body = body.substring(0, body.length() - s.length());
                break;
            }
        }
        boolean atSign = body.startsWith("@");
        int offset = atSign ? 1 : 0;
        if (atSign) body = body.substring(1);
        boolean trailingX = body.length() > 2 && body.endsWith("x");
        if (trailingX) body = body.substring(0, body.length() - 1);
        if (body.isEmpty()) throw new NotationException("'" + token + "' is not a move", 0);

        List<String> squares = new ArrayList<>(4);
        boolean compressed;
        if (body.indexOf('-') >= 0 || body.indexOf('x') >= 0 || body.indexOf(':') >= 0) {
            compressed = false;
            int start = 0;
            for (int i = 0; i <= body.length(); i++) {
                if (i == body.length() || isSeparator(body.charAt(i))) {
                    String part = body.substring(start, i);
                    if (part.length() != 2 || !isSquare(part, 0)) {
                        throw new NotationException("'" + token + "': expected a square at '" + part + "'", offset + start);
                    }
                    squares.add(part);
                    start = i + 1;
                }
            }
        } else {
            compressed = true;
            readCompressed(body, token, offset, squares);
        }
        if (atSign && squares.size() != 1) throw new NotationException("'" + token + "': '@' enters on one square", 0);
        if (trailingX && squares.size() < 2) throw new NotationException("'" + token + "': a capture needs two squares", 0);
        return new WrittenMove(token, squares, compressed && squares.size() > 1, annotation);
    }

    /** Is this token move notation at all? */
    public static boolean isMove(String token) {
        try {
            parse(token);
            return true;
        } catch (NotationException e) {
            return false;
        }
    }

    /** Squares written without separators: {@code e4}, {@code h6d4}, {@code fe4} (shared rank), {@code f45} (shared file). */
    private static void readCompressed(String body, String token, int offset, List<String> out) {
        int n = body.length();
        if (n == 3 && isFile(body.charAt(0)) && isFile(body.charAt(1)) && isRank(body.charAt(2))) {
            out.add("" + body.charAt(0) + body.charAt(2));
            out.add(body.substring(1));
            return;
        }
        if (n == 3 && isFile(body.charAt(0)) && isRank(body.charAt(1)) && isRank(body.charAt(2))) {
            out.add(body.substring(0, 2));
            out.add("" + body.charAt(0) + body.charAt(2));
            return;
        }
        if (n % 2 != 0) throw new NotationException("'" + token + "' is not a move", offset);
        for (int i = 0; i < n; i += 2) {
            if (!isSquare(body, i)) throw new NotationException("'" + token + "': expected a square at '" + body.substring(i) + "'", offset + i);
            out.add(body.substring(i, i + 2));
        }
    }

    private static boolean isSeparator(char c) {
        return c == '-' || c == 'x' || c == ':';
    }

    private static boolean isSquare(String s, int at) {
        return s.length() >= at + 2 && isFile(s.charAt(at)) && isRank(s.charAt(at + 1));
    }

    private static boolean isFile(char c) {
        return c >= 'a' && c <= 'i';
    }

    private static boolean isRank(char c) {
        return c >= '1' && c <= '9';
    }
}
