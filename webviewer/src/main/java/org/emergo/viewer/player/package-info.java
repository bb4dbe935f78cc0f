/** The players ranked by rating, a player's page (games, review figures, ratings), and /api/players. */
package org.emergo.viewer.player;
