/** The board as SVG, drawn from a position, with the overlays of moves and marks. */
package org.emergo.viewer.board;
