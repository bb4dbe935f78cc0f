/**
 * The replay's results: analysis, position, finding and shadowpiece rows, per-game figures, the
 * analyze job and the indexes a bulk run suspends; keeps the pattern index in step. Uses db,
 * jdbc, game and pattern.
 */
package org.emergo.store.analysis;
