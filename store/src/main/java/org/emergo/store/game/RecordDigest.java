package org.emergo.store.game;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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

    /**
     * Stores the digest of each game imported before V30, which has none, whose identity still
     * digests to its fingerprint (the part of it that can be checked reads as it was imported):
     * from then on check and repair compare all of it. A game that reads otherwise is left
     * without one, for check to name and repair to leave out. Returns how many were stored.
     */
    public static long fillMissing(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM game WHERE record_digest IS NULL")) {
            rs.next();
            if (rs.getLong(1) == 0) return 0; // a file made at V30 or later: nothing to read
        }
        List<long[]> digests = new ArrayList<>();
        DatabaseCheck.readAgain(c, Long.MIN_VALUE, Long.MAX_VALUE, game -> {
            if (game.stored() == null && game.identityHolds()) digests.add(new long[] {game.id(), game.digest()});
        });
        try (PreparedStatement st = c.prepareStatement("UPDATE game SET record_digest = ? WHERE id = ?")) {
            for (int i = 0; i < digests.size(); i++) {
                st.setLong(1, digests.get(i)[1]);
                st.setLong(2, digests.get(i)[0]);
                st.addBatch();
                if (i % 1000 == 999 || i == digests.size() - 1) st.executeBatch();
            }
        }
        return digests.size();
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
