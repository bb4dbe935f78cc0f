/**
 * The viewer's statistics: the figures of its statistics page, counted over the per-game tables
 * of games and their analysis and over the reviews, the counts that tell when they change, and
 * the figures as the commands that change them store them for the viewer. Uses db, jdbc, game
 * and review.
 */
package org.emergo.store.stats;
