package org.emergo.store.game;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;

/**
 * Text compared and sorted character by character, as H2 does, on every database. PostgreSQL
 * compares by the database's collation, and most servers are created with a linguistic one
 * (en_US.UTF-8 and the like): there "????" (an unknown year) sorts before every digit, case and
 * accents count for less than letters, and punctuation for nothing at first. {@code COLLATE "C"}
 * compares the UTF-8 bytes, which is H2's order of characters. Only for ranges and orders:
 * equality is the same under every collation, and an equality keeps the column's indexes.
 */
public final class TextOrder {

    private TextOrder() {}

    /** The field as H2 orders it. */
    public static Field<String> of(DSLContext dsl, Field<String> field) {
        return of(dsl.dialect(), field);
    }

    public static Field<String> of(SQLDialect dialect, Field<String> field) {
        return dialect.family() == SQLDialect.POSTGRES ? DSL.field("{0} COLLATE \"C\"", String.class, field) : field;
    }

    /** A column named in plain SQL, as H2 orders it. */
    public static String of(DSLContext dsl, String column) {
        return dsl.dialect().family() == SQLDialect.POSTGRES ? column + " COLLATE \"C\"" : column;
    }
}
