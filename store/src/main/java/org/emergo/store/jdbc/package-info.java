/**
 * Plumbing the long jobs share: rows written by JDBC batches or PostgreSQL COPY (RowSink), the
 * ordered batch pipeline, work claims between several processes, the import lock of a file. Uses
 * db.
 */
package org.emergo.store.jdbc;
