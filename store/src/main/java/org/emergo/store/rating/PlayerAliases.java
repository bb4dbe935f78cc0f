package org.emergo.store.rating;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.db.StoredText;
import org.emergo.store.db.Transaction;

/**
 * Spellings of one person (table player_alias): a game's White or Black written as an alias is
 * rated as its player. Names are matched exactly as written; the aliases come from a CSV file
 * ({@link AliasFile}).
 */
public final class PlayerAliases {

    /** One spelling and the name it stands for. */
    public record Alias(String alias, String player) {}

    private PlayerAliases() {}

    /** Replaces the stored aliases with these. */
    public static void replace(Database db, List<Alias> aliases) {
        try (Connection c = db.dataSource().getConnection()) {
            Transaction.run(c, tx -> {
                try (Statement st = tx.createStatement();
                        PreparedStatement insert = tx.prepareStatement("INSERT INTO player_alias (alias, player) VALUES (?, ?)")) {
                    st.execute("DELETE FROM player_alias");
                    for (Alias a : aliases) {
                        insert.setString(1, StoredText.clean(a.alias()));
                        insert.setString(2, StoredText.clean(a.player()));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            });
        } catch (SQLException e) {
            throw new StoreException("cannot store the aliases: " + e.getMessage(), e);
        }
    }

    /** The stored aliases: spelling to player. */
    static Map<String, String> load(Connection c) throws SQLException {
        Map<String, String> aliases = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT alias, player FROM player_alias")) {
            while (rs.next()) aliases.put(rs.getString(1), rs.getString(2));
        }
        return aliases;
    }
}
