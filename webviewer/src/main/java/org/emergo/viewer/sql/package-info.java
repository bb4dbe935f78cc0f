/** The SQL page: a read-only query, its results as a table, CSV or JSON, and the example queries. */
package org.emergo.viewer.sql;
