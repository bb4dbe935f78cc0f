package org.emergo.store.rating;

import static org.emergo.store.jooq.Tables.PLAYER_ALIAS;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.emergo.store.db.Database;
import org.emergo.store.db.StoreException;
import org.emergo.store.db.StoredText;
import org.jooq.BatchBindStep;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

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
        try {
            db.dsl().transaction(tx -> {
                tx.dsl().deleteFrom(PLAYER_ALIAS).execute();
                if (aliases.isEmpty()) return;
                BatchBindStep insert = tx.dsl().batch(tx.dsl().insertInto(PLAYER_ALIAS)
                        .set(PLAYER_ALIAS.ALIAS, DSL.param(PLAYER_ALIAS.ALIAS))
                        .set(PLAYER_ALIAS.PLAYER, DSL.param(PLAYER_ALIAS.PLAYER)));
                for (Alias a : aliases) insert.bind(StoredText.clean(a.alias()), StoredText.clean(a.player()));
                insert.execute();
            });
        } catch (DataAccessException e) {
            Throwable why = e.getCause() instanceof SQLException cause ? cause : e; // jOOQ's wraps JDBC's
            throw new StoreException("cannot store the aliases: " + why.getMessage(), e);
        }
    }

    /** The stored aliases: spelling to player. */
    static Map<String, String> load(DSLContext dsl) {
        Map<String, String> aliases = new HashMap<>();
        dsl.select(PLAYER_ALIAS.ALIAS, PLAYER_ALIAS.PLAYER)
                .from(PLAYER_ALIAS)
                .forEach(r -> aliases.put(r.value1(), r.value2()));
        return aliases;
    }
}
