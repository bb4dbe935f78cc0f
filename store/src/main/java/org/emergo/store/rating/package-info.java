/**
 * Players, their aliases and ratings: the rating job, its maths and the reads of the rankings.
 * Uses db and jdbc.
 */
package org.emergo.store.rating;
