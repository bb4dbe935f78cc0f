/**
 * User SQL: read-only queries with a time limit and named parameters, conditions such as
 * --where, the schema as users see it. Uses db and output.
 */
package org.emergo.store.sql;
