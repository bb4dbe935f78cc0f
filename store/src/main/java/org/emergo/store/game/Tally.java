package org.emergo.store.game;

import java.math.BigDecimal;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;

/** Counts within a group, written once for every query that counts so. */
public final class Tally {

    private Tally() {}

    /**
     * How many rows of a group a condition holds for, null over no rows: SUM(CASE WHEN c THEN 1
     * ELSE 0 END), the 1 and 0 inline (PostgreSQL cannot tell a parameter's type there).
     */
    public static Field<BigDecimal> where(Condition c) {
        return DSL.sum(DSL.when(c, DSL.inline(1)).otherwise(DSL.inline(0)));
    }
}
