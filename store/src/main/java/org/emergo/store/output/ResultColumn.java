package org.emergo.store.output;

/**
 * A column of a query result.
 *
 * @param label   the name as the database gives it (H2 upper-cases unquoted names, PostgreSQL
 *                lower-cases them)
 * @param numeric whether its values are numbers (right-aligned in a table, bare in JSON)
 */
public record ResultColumn(String label, boolean numeric) {
}
