/** Puzzles (the next one under filters, one puzzle, an attempt, /api/puzzles) and retrying a player's own mistakes. */
package org.emergo.viewer.puzzle;
