package org.emergo.store.game;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The digest of everything the import stored of a game's record (game.record_digest): the game
 * row's values from the record and its tags, each as a mark (null or text), its UTF-8 length and
 * its bytes, so that no value runs into the next. Unlike the fingerprint, which says which
 * records are one game, it says whether a game still reads as it was stored: {@code emergo check}
 * compares it, and {@code emergo repair} leaves out a game that does not match.
 */
public final class RecordDigest {

    private RecordDigest() {}

    /** The digest of a game row about to be stored. */
    static long of(GameRow r) {
        Builder b = new Builder();
        b.add(r.variant(), r.event(), r.site(), r.date(), r.round(), r.white(), r.black(), r.result(), r.setupPosition(),
                r.moves(), r.movetext(), Integer.toString(r.plyCount()), r.source(), Integer.toString(r.sourceLine()));
        for (GameRow.Tag t : r.tags()) b.add(t.name(), t.value());
        return b.key();
    }

    /** The digest of a stored game: its row's values in the order of {@link #of(GameRow)}, then each tag's name and value. */
    static long of(List<String> row, List<String[]> tags) {
        Builder b = new Builder();
        b.add(row.toArray(String[]::new));
        for (String[] t : tags) b.add(t);
        return b.key();
    }

    private static final class Builder {
        private final MessageDigest sha;

        Builder() {
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java has SHA-256", e);
            }
        }

        void add(String... values) {
            for (String v : values) {
                if (v == null) {
                    sha.update((byte) 'N');
                    continue;
                }
                byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
                sha.update((byte) 'S');
                sha.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
                sha.update(bytes);
            }
        }

        long key() {
            return ByteBuffer.wrap(sha.digest()).getLong();
        }
    }
}
