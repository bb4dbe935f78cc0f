package org.emergo.store.output;

import java.math.BigDecimal;

/** A result value as text, the same in every format that prints text. */
final class CellText {

    private CellText() {
    }

    /** Null stays null; numbers in plain notation (no exponent for decimals). */
    static String of(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return value.toString();
    }
}
