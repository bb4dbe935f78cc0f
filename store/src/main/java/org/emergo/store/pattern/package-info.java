/**
 * The pattern index (a row of encoded positions per game, gathered into segments of
 * RoaringBitmaps) and pattern search. Uses db, jdbc, sql and output.
 */
package org.emergo.store.pattern;
