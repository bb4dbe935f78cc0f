/**
 * Games and import: game rows, tags, fingerprints that find a game already stored, source files,
 * import errors, export reads, and the game as the replay needs it. Uses db, jdbc and sql.
 */
package org.emergo.store.game;
