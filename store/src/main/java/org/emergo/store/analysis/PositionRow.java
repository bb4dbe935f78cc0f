package org.emergo.store.analysis;

import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * One row of the position table, computed on a replay thread so that the writing thread only
 * binds values.
 *
 * @param nextMove     the move played from this position in canonical notation, null at the end
 * @param nextMoveText that move as written, null when written exactly as {@code nextMove}
 * @param board        one character per square of {@link BoardColumns} (sql/V3__lean_positions.sql)
 * @param hit          the squares whose columns a legal capture jumps, as {@code " d4 e5 "}, null when none (sql/V19__threats.sql)
 */
record PositionRow(int ply, long hash, String epn, char sideToMove, int whiteInHand, int blackInHand,
        int whiteColumns, int blackColumns, int whiteMaterial, int blackMaterial, int tallest, int legalMoves,
        int maxCapture, String nextMove, String nextMoveText, String board, String hit) {

    static PositionRow of(int ply, Position p, int legalMoves, int maxCapture, long hits, String nextMove, String nextMoveText) {
        Board board = p.board();
        int[] place = BoardColumns.of(board);
        char[] squares = BoardColumns.emptyBoard();
        int whiteColumns = 0;
        int blackColumns = 0;
        int whiteMaterial = p.inHand(Side.WHITE);
        int blackMaterial = p.inHand(Side.BLACK);
        int tallest = 0;
        for (int sq = 0; sq < board.size(); sq++) {
            Column c = p.column(sq);
            if (c == null) continue;
            int h = c.height();
            tallest = Math.max(tallest, h);
            boolean white = c.owner() == Side.WHITE;
            if (white) {
                whiteColumns++;
                whiteMaterial += h;
            } else {
                blackColumns++;
                blackMaterial += h;
            }
            squares[place[sq]] = BoardColumns.letter(white, h);
        }
        String written = nextMoveText == null || nextMoveText.equals(nextMove) ? null : nextMoveText;
        return new PositionRow(ply, p.hash(), p.toString(), p.sideToMove().letter(), p.inHand(Side.WHITE),
                p.inHand(Side.BLACK), whiteColumns, blackColumns, whiteMaterial, blackMaterial, tallest, legalMoves,
                maxCapture, nextMove, written, new String(squares), hit(board, hits));
    }

    private static String hit(Board board, long hits) {
        if (hits == 0) return null;
        StringBuilder sb = new StringBuilder(" ");
        for (int sq = 0; sq < board.size(); sq++) if ((hits >>> sq & 1) != 0) sb.append(board.name(sq)).append(' ');
        return sb.toString();
    }
}
