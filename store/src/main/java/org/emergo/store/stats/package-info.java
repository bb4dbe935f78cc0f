/**
 * The viewer's statistics: the figures of its statistics page, counted over the per-game tables
 * of games and their analysis, and the counts that tell when they change. Uses game.
 */
package org.emergo.store.stats;
