package org.emergo.store;

import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * One row of the position table, computed on a replay thread so that the writing thread only
 * binds values. Square heights are signed: positive White's column, negative Black's, 0 vacant.
 */
record PositionRow(int ply, long hash, String epn, char sideToMove, int whiteInHand, int blackInHand,
        int whiteColumns, int blackColumns, int whiteMaterial, int blackMaterial, int tallest, int legalMoves,
        int maxCapture, String moveText, String moveCanonical, short[] heights) {

    static PositionRow of(int ply, Position p, int legalMoves, int maxCapture, String moveText, String moveCanonical) {
        Board board = p.board();
        short[] heights = new short[board.size()];
        int whiteColumns = 0;
        int blackColumns = 0;
        int whiteMaterial = p.inHand(Side.WHITE);
        int blackMaterial = p.inHand(Side.BLACK);
        int tallest = 0;
        for (int sq = 0; sq < heights.length; sq++) {
            Column c = p.column(sq);
            if (c == null) continue;
            int h = c.height();
            tallest = Math.max(tallest, h);
            if (c.owner() == Side.WHITE) {
                whiteColumns++;
                whiteMaterial += h;
                heights[sq] = (short) h;
            } else {
                blackColumns++;
                blackMaterial += h;
                heights[sq] = (short) -h;
            }
        }
        return new PositionRow(ply, p.hash(), p.toString(), p.sideToMove().letter(), p.inHand(Side.WHITE),
                p.inHand(Side.BLACK), whiteColumns, blackColumns, whiteMaterial, blackMaterial, tallest, legalMoves,
                maxCapture, moveText, moveCanonical, heights);
    }
}
