package org.emergo.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * What makes two records the same game, as a SHA-256 in lower-case hex (column game.fingerprint).
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
 */
public final class GameFingerprint {

    private GameFingerprint() {
    }

    /** The fingerprint of a game given by its already cleaned values. */
    public static String of(String variant, String setupPosition, String white, String black, String date,
            List<String> moves) {
        MessageDigest sha = sha256();
        add(sha, variant);
        add(sha, setupPosition);
        add(sha, white);
        add(sha, black);
        add(sha, date);
        add(sha, Integer.toString(moves.size()));
        for (String move : moves) {
            add(sha, normalizeMove(move));
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** A move as compared: lower case, without trailing annotation marks ({@code f4-e4!?} is {@code f4-e4}). */
    static String normalizeMove(String move) {
        int end = move.length();
        while (end > 0 && (move.charAt(end - 1) == '!' || move.charAt(end - 1) == '?')) {
            end--;
        }
        return move.substring(0, end).toLowerCase(Locale.ROOT);
    }

    private static void add(MessageDigest sha, String value) {
        byte[] bytes = (value == null ? "" : value).getBytes(StandardCharsets.UTF_8);
        sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
        sha.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
