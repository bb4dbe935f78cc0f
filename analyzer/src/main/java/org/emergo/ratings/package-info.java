/**
 * Ratings of players from their results, computed game by game in the order games were played,
 * and how well they predict: pure functions, no dependencies beyond the JDK.
 *
 * <ul>
 *   <li>{@link org.emergo.ratings.Elo}: Arpad Elo, <i>The Rating of Chessplayers, Past and
 *       Present</i> (1978), with Little Golem's settings (start 1500, K from 60 down to 30, floor 1000).
 *   <li>{@link org.emergo.ratings.Glicko2}: Mark E. Glickman, <i>Example of the Glicko-2 system</i>
 *       (Boston University, 2012), steps 1-8, with the Illinois algorithm of step 5.1.
 * </ul>
 *
 * <p>{@link org.emergo.ratings.RatingHistory} plays a collection through a system and
 * {@link org.emergo.ratings.Prediction} scores each game's forecast, made from the ratings before it.
 */
package org.emergo.ratings;
