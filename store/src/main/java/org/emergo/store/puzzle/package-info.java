/**
 * Puzzles mined from the reviewed games: the mining job, the stored puzzles and their set, the
 * attempts at them and the Glicko-2 ratings of puzzles and solvers. Uses db, jdbc, sql, game and
 * output; it reads the review's tables (their classes choose the positions to try) through the
 * generated tables, not through the review package.
 */
package org.emergo.store.puzzle;
