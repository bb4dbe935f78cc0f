/** The games list, a game at a ply with its review panel and ratings, its record as a file, and /api/games. */
package org.emergo.viewer.game;
