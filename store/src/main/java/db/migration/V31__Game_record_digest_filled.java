package db.migration;

import java.sql.Statement;
import org.emergo.store.game.RecordDigest;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * Issue 56: the record digest (V30) of the games imported before it, so that check and repair
 * compare every value the import stored of them, not only their identity. Computed in Java: a
 * SHA-256 over values and tags in order, as the import computes it ({@link RecordDigest}).
 */
public class V31__Game_record_digest_filled extends BaseJavaMigration {

    @Override
    public void migrate(Context context) throws Exception {
        RecordDigest.fillMissing(context.getConnection());
        try (Statement st = context.getConnection().createStatement()) {
            st.execute("COMMENT ON COLUMN game.record_digest IS 'the first 8 bytes of a SHA-256 of every value the import"
                    + " stored of the record: the game row''s variant, event, site, date, round, white, black, result,"
                    + " setup_epn, moves, movetext, ply_count, source and source_line, then its game_tag rows'' names and"
                    + " values in seq order (store RecordDigest); for games imported before V30, computed by V31 where"
                    + " the game still matched its fingerprint, else NULL'");
        }
    }
}
