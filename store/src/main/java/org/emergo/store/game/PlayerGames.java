package org.emergo.store.game;

import static org.emergo.store.jooq.Tables.GAME;

import org.jooq.Field;
import org.jooq.Record2;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * A player's games with his colour ({@code w} or {@code b}) as a table {@code p(id, colour)}: the
 * two hash indexes on game's white and black give the ids. A game against himself is in it twice.
 */
public final class PlayerGames {

    private final Table<Record2<Long, String>> table;

    public PlayerGames(String name) {
        // the name goes in as a literal (jOOQ escapes it): with a bind parameter H2 ran the union
        // again for every row
        Field<String> player = DSL.inline(name);
        table = DSL.select(GAME.ID, DSL.inline("w").as("colour")).from(GAME).where(GAME.WHITE.eq(player))
                .unionAll(DSL.select(GAME.ID, DSL.inline("b").as("colour")).from(GAME).where(GAME.BLACK.eq(player)))
                .asTable("p");
    }

    public Table<Record2<Long, String>> table() {
        return table;
    }

    /** The game's id. */
    public Field<Long> id() {
        return table.field(0, Long.class);
    }

    /** The player's colour in the game: {@code w} or {@code b}. */
    public Field<String> colour() {
        return table.field(1, String.class);
    }
}
