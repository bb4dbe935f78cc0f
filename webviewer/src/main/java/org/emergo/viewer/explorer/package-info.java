/** The position explorer: the moves played from a position and their results, and /api/positions. */
package org.emergo.viewer.explorer;
