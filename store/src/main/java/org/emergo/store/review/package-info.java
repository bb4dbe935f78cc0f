/**
 * The engine's judgement of stored games: review settings and curves, the review job, the
 * one-game review of the viewer, the curve fitted to a collection, stored reviews and their
 * figures. Uses db, jdbc, sql and game.
 */
package org.emergo.store.review;
