package org.emergo.store.game;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.emergo.store.jdbc.PgCopy;
import org.emergo.store.jdbc.RowSink;

/**
 * How {@link GameRepository} writes game and game_tag rows on PostgreSQL: by COPY
 * ({@link PgCopy}) instead of JDBC batches of INSERTs. COPY returns no generated keys, so the
 * ids are taken from the game id's sequence first, one nextval a game in one query: safe with
 * other programs importing at the same time, as every nextval is the caller's alone.
 */
final class GameCopy {

    private GameCopy() {
    }

    /** Writes the game rows, in the transaction of the connection; returns their ids in the order of the rows. */
    static List<Long> insertGames(Connection c, List<GameRow> rows, Long sourceFileId, LocalDateTime now)
            throws SQLException {
        List<Long> ids = reserveIds(c, rows.size());
        try (RowSink copy = PgCopy.start(c, "game", "id", "variant", "event", "site", "date", "round", "white",
                "black", "result", "setup_epn", "moves", "movetext", "ply_count", "fingerprint", "source",
                "source_line", "source_file_id", "imported_at", "tag_count", "record_digest")) {
            for (int i = 0; i < rows.size(); i++) {
                GameRow r = rows.get(i);
                copy.bigint(ids.get(i)).text(r.variant()).text(r.event()).text(r.site()).text(r.date())
                        .text(r.round()).text(r.white()).text(r.black()).text(r.result()).text(r.setupPosition())
                        .text(r.moves()).text(r.movetext()).integer(r.plyCount()).bigint(r.fingerprint())
                        .text(r.source()).integer(r.sourceLine());
                if (sourceFileId == null) copy.integer((Integer) null);
                else copy.bigint(sourceFileId);
                copy.timestamp(now).integer(r.tags().size()).bigint(RecordDigest.of(r)).endRow();
            }
            copy.finish();
        }
        return ids;
    }

    /** Writes the game_tag rows of the games with these ids. */
    static void insertTags(Connection c, List<GameRow> rows, List<Long> gameIds) throws SQLException {
        if (rows.stream().allMatch(r -> r.tags().isEmpty())) return;
        try (RowSink copy = PgCopy.start(c, "game_tag", "game_id", "seq", "name", "value")) {
            for (int i = 0; i < rows.size(); i++) {
                for (GameRow.Tag t : rows.get(i).tags()) {
                    copy.bigint(gameIds.get(i)).integer(t.seq()).text(t.name()).text(t.value()).endRow();
                }
            }
            copy.finish();
        }
    }

    /** New ids of game, ascending as the rows (the order of INSERT's generated keys). */
    static List<Long> reserveIds(Connection c, int count) throws SQLException {
        List<Long> ids = new ArrayList<>(count);
        try (PreparedStatement st = c.prepareStatement(
                "SELECT nextval(pg_get_serial_sequence('game', 'id')) FROM generate_series(1, ?)")) {
            st.setInt(1, count);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
        }
        if (ids.size() != count) throw new SQLException("the sequence gave " + ids.size() + " ids for " + count + " games");
        Collections.sort(ids);
        return ids;
    }
}
