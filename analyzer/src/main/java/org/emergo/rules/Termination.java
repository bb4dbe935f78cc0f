package org.emergo.rules;

import java.util.List;

/** How a game stands at the start of a turn (docs/rules.md#end-of-the-game), checked in this order. */
public enum Termination {
    /** The game goes on. */
    ONGOING("undecided", false),
    /** 7.1: the side to move owns no column and has no men in hand, and loses. */
    NO_PIECES("loss with no pieces", true),
    /** 7.2: men in hand but every vacant square is banned. */
    NO_LEGAL_ENTRY("draw with no legal entry", true),
    /** 7.2: no men in hand and no column can move or capture. */
    BLOCKED("draw blocked", true),
    /** 7.3: the position occurs for the third time. */
    REPETITION("draw by repetition", true);

    private final String description;
    private final boolean over;

    Termination(String description, boolean over) {
        this.description = description;
        this.over = over;
    }

    /** Words for a player: "draw by repetition". */
    public String description() {
        return description;
    }

    public boolean isOver() {
        return over;
    }

    /** The result by rule with this side to move: {@code 1-0}, {@code 0-1}, {@code 1/2-1/2} or {@code *}. */
    public String result(Side toMove) {
        return switch (this) {
            case ONGOING -> "*";
            case NO_PIECES -> toMove == Side.WHITE ? "0-1" : "1-0";
            default -> "1/2-1/2";
        };
    }

    /**
     * docs/rules.md#end-of-the-game, loss and no legal move, for a position alone (repetition
     * needs the game's history, see {@link Game}); {@code legal} are the position's legal moves.
     */
    public static Termination of(Position p, List<Move> legal) {
        // A side with no pieces has no move either, so a legal move settles it at once.
        if (!legal.isEmpty()) return ONGOING;
        Side side = p.sideToMove();
        if (p.inHand(side) == 0 && p.columns(side) == 0) return NO_PIECES;
        return p.inHand(side) > 0 ? NO_LEGAL_ENTRY : BLOCKED;
    }

    public static Termination of(Position p) {
        return of(p, MoveGen.legalMoves(p));
    }
}
