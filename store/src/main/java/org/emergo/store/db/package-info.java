/**
 * The database itself: opening a user's --db (an H2 file or a JDBC URL), migrating it with
 * Flyway, what differs between H2 and PostgreSQL, the Citus layout, read-only connections for
 * user SQL, the registry of advisory-lock keys, and problems outside emergo in one line. Uses no
 * other package of store.
 */
package org.emergo.store.db;
