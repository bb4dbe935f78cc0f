/**
 * Writers of query results: a table for the terminal, CSV, JSON. Uses no other package of store.
 */
package org.emergo.store.output;
