package org.emergo.store.game;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * What makes two records the same game: a SHA-256, in lower-case hex ({@link #of}) or as the
 * 64-bit number stored in column game.fingerprint ({@link #key}).
 *
 * <p>The digest covers, in this order: the variant ({@code Emergo} or {@code HexEmergo}), the
 * setup position string (empty for the normal start), White, Black and Date (each empty when
 * absent), the number of moves, then each main-line move lower-cased with trailing {@code !}
 * and {@code ?} annotations removed. Every item is written as its UTF-8 byte length in
 * decimal, a colon, and its UTF-8 bytes, so no value can run into the next one.
 *
 * <p>Comments, variations, Event, Site, Round, Result and other tags are left out: the same
 * game copied into two collections, or annotated differently, is one game. Values are taken
 * after {@link StoredText#clean}, as stored, so a game exported and imported again has the
 * same fingerprint. Changing this definition changes every stored fingerprint: don't, or
 * recompute them in a migration.
 *
 * <p>The stored key is only 64 bits, so two distinct games can share it: the store compares
 * their identity ({@link GameIdentity}) before it calls one a duplicate of the other.
 */
public final class GameFingerprint {

    private GameFingerprint() {
    }

    /** The fingerprint of a game given by its already cleaned values. */
    public static String of(String variant, String setupPosition, String white, String black, String date,
            List<String> moves) {
        return HexFormat.of().formatHex(digest(variant, setupPosition, white, black, date, moves));
    }

    /**
     * The stored fingerprint: the first 8 bytes of the digest as a signed big-endian number, the
     * first 16 hex digits of {@link #of} (migration V4 converted older rows the same way).
     */
    public static long key(String variant, String setupPosition, String white, String black, String date,
            List<String> moves) {
        return ByteBuffer.wrap(digest(variant, setupPosition, white, black, date, moves)).getLong();
    }

    private static byte[] digest(String variant, String setupPosition, String white, String black, String date,
            List<String> moves) {
        Items items = new Items();
        items.add(variant);
        items.add(setupPosition);
        items.add(white);
        items.add(black);
        items.add(date);
        items.add(Integer.toString(moves.size()));
        for (String move : moves) {
            items.addMove(move);
        }
        MessageDigest sha = sha256();
        sha.update(items.bytes, 0, items.length);
        return sha.digest();
    }

    /** A move as compared: lower case, without trailing annotation marks ({@code f4-e4!?} is {@code f4-e4}). */
    static String normalizeMove(String move) {
        int end = move.length();
        while (end > 0 && (move.charAt(end - 1) == '!' || move.charAt(end - 1) == '?')) {
            end--;
        }
        return move.substring(0, end).toLowerCase(Locale.ROOT);
    }

    /**
     * The digested bytes, each item written as its UTF-8 length, a colon and its UTF-8 bytes. ASCII
     * text (nearly every move and name) is copied without the String round trips of the general case.
     */
    private static final class Items {
        byte[] bytes = new byte[1024];
        int length;

        void add(String value) {
            String v = value == null ? "" : value;
            if (isAscii(v)) {
                ascii(v, v.length(), false);
            } else {
                utf8(v);
            }
        }

        void addMove(String move) {
            int end = move.length();
            while (end > 0 && (move.charAt(end - 1) == '!' || move.charAt(end - 1) == '?')) {
                end--;
            }
            if (isAscii(move)) {
                ascii(move, end, true);
            } else {
                utf8(normalizeMove(move));
            }
        }

        private void ascii(String v, int end, boolean lowerCase) {
            header(end);
            for (int i = 0; i < end; i++) {
                char c = v.charAt(i);
                bytes[length++] = (byte) (lowerCase && c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
            }
        }

        private void utf8(String v) {
            byte[] b = v.getBytes(StandardCharsets.UTF_8);
            header(b.length);
            System.arraycopy(b, 0, bytes, length, b.length);
            length += b.length;
        }

        /** The length and colon, with room made for the item. */
        private void header(int itemLength) {
            String digits = Integer.toString(itemLength);
            int needed = length + digits.length() + 1 + itemLength;
            if (needed > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(needed, bytes.length * 2));
            }
            for (int i = 0; i < digits.length(); i++) {
                bytes[length++] = (byte) digits.charAt(i);
            }
            bytes[length++] = ':';
        }

        private static boolean isAscii(String v) {
            for (int i = 0; i < v.length(); i++) {
                if (v.charAt(i) >= 0x80) {
                    return false;
                }
            }
            return true;
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
