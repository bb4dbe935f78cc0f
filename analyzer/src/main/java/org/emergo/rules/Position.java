package org.emergo.rules;

import java.util.Arrays;

/**
 * An immutable position: the columns on the board, both players' men in hand and the side
 * to move. {@link #play(Move)} returns the position after a move and keeps the hash.
 */
public final class Position {

    /** Men each player has in hand at the start (docs/rules.md#pieces-and-columns). */
    public static final int MEN_PER_PLAYER = 12;

    private final Board board;
    private final int[] cells;
    private final int whiteInHand;
    private final int blackInHand;
    private final Side toMove;
    private final long hash;

    private Position(Board board, int[] cells, int whiteInHand, int blackInHand, Side toMove, long hash) {
        this.board = board;
        this.cells = cells;
        this.whiteInHand = whiteInHand;
        this.blackInHand = blackInHand;
        this.toMove = toMove;
        this.hash = hash;
    }

    /** The empty board with 12 men in hand each, White to move. */
    public static Position start(Variant variant) {
        return of(variant.board(), new Column[variant.board().size()], MEN_PER_PLAYER, MEN_PER_PLAYER, Side.WHITE);
    }

    /** A position from its parts; {@code columns[sq]} is null for an empty square. */
    public static Position of(Board board, Column[] columns, int whiteInHand, int blackInHand, Side toMove) {
        if (columns.length != board.size()) throw new IllegalArgumentException("expected " + board.size() + " squares");
        if (whiteInHand < 0 || blackInHand < 0) throw new IllegalArgumentException("negative men in hand");
        int[] cells = new int[board.size()];
        for (int sq = 0; sq < cells.length; sq++) cells[sq] = columns[sq] == null ? 0 : columns[sq].pack();
        return new Position(board, cells, whiteInHand, blackInHand, toMove,
                PositionHash.compute(cells, whiteInHand, blackInHand, toMove));
    }

    public Board board() {
        return board;
    }

    public Variant variant() {
        return board.variant();
    }

    public Side sideToMove() {
        return toMove;
    }

    public int inHand(Side side) {
        return side == Side.WHITE ? whiteInHand : blackInHand;
    }

    /** The 64-bit position hash (see {@link PositionHash}). */
    public long hash() {
        return hash;
    }

    /** The column on a square, or null if it is vacant. */
    public Column column(int sq) {
        return Column.unpack(cells[sq]);
    }

    public boolean isVacant(int sq) {
        return cells[sq] == 0;
    }

    /** The owner of the column on a square, or null if it is vacant. */
    public Side owner(int sq) {
        return cells[sq] == 0 ? null : Column.owner(cells[sq]);
    }

    /** The column on a square packed as {@link Column#pack()}, 0 if vacant: no Column made, for the search's board. */
    public int packed(int sq) {
        return cells[sq];
    }

    /** Number of columns the side owns. */
    public int columns(Side side) {
        int bit = side.ordinal();
        int n = 0;
        for (int c : cells) if (c != 0 && Column.ownerBit(c) == bit) n++;
        return n;
    }

    /** All men of one colour: in hand, as jailers of own columns, as prisoners under the other's. */
    public int men(Side side) {
        int bit = side.ordinal();
        int n = inHand(side);
        for (int c : cells) {
            if (c == 0) continue;
            n += Column.ownerBit(c) == bit ? Column.jailers(c) : Column.prisoners(c);
        }
        return n;
    }

    /**
     * The start position: empty board, 12 and 12 in hand, White to move; where the centre ban
     * holds (docs/rules.md#the-centre-on-the-first-move).
     */
    public boolean isStart() {
        if (toMove != Side.WHITE || whiteInHand != MEN_PER_PLAYER || blackInHand != MEN_PER_PLAYER) return false;
        for (int c : cells) if (c != 0) return false;
        return true;
    }

    /** Why a move cannot be carried out here (docs/findings.md#unplayable), or null if it can. */
    public String unplayableReason(Move move) {
        if (move.board() != board) return "move is for " + move.board() + ", position is " + board;
        Side side = toMove;
        switch (move.kind()) {
            case ENTER -> {
                if (inHand(side) == 0) return "no men in hand to enter";
                if (cells[move.from()] != 0) return board.name(move.from()) + " is occupied";
                return null;
            }
            case STEP -> {
                return stepProblem(move.from(), move.to(), side);
            }
            default -> {
                return captureProblem(move, side);
            }
        }
    }

    private String stepProblem(int from, int to, Side side) {
        if (cells[from] == 0) return board.name(from) + " is empty";
        if (Column.owner(cells[from]) != side) return board.name(from) + " is not " + side.name().toLowerCase() + "'s";
        if (cells[to] != 0) return board.name(to) + " is occupied";
        return null;
    }

    private String captureProblem(Move move, Side side) {
        int start = move.from();
        if (cells[start] == 0) return board.name(start) + " is empty";
        if (Column.owner(cells[start]) != side) return board.name(start) + " is not " + side.name().toLowerCase() + "'s";
        int[] work = cells.clone();
        int at = start;
        for (int i = 1; i < move.length(); i++) {
            int to = move.square(i);
            int d = board.jumpDirection(at, to);
            if (d < 0) return board.name(at) + " to " + board.name(to) + " is not a jump";
            int mid = board.neighbour(at, d);
            if (work[mid] == 0) return "no column to jump on " + board.name(mid);
            if (Column.owner(work[mid]) == side) return "cannot jump own column on " + board.name(mid);
            if (work[to] != 0) return board.name(to) + " is occupied";
            work[to] = Column.addPrisoner(work[at]);
            work[at] = 0;
            work[mid] = Column.removeTop(work[mid]);
            at = to;
        }
        return null;
    }

    /**
     * The position after a move, carried out as written: legality is the move generator's
     * business, so the analyser can play on after a rule breach (docs/findings.md#how-a-game-is-checked).
     *
     * @throws IllegalMoveException if the move cannot be carried out at all
     */
    public Position play(Move move) {
        String problem = unplayableReason(move);
        if (problem != null) throw new IllegalMoveException(problem);
        return apply(move);
    }

    /** Carries out a move known to be playable (the generator's own moves). */
    Position apply(Move move) {
        int[] next = cells.clone();
        long h = hash ^ PositionHash.side(toMove) ^ PositionHash.side(toMove.opponent());
        int wh = whiteInHand;
        int bh = blackInHand;
        switch (move.kind()) {
            case ENTER -> {
                int sq = move.from();
                int mine = inHand(toMove);
                // The shadowpiece: all men at once when the opponent has none in hand
                // (docs/rules.md#shadowpieces).
                int size = inHand(toMove.opponent()) == 0 ? mine : 1;
                next[sq] = Column.pack(toMove, size, 0);
                h ^= PositionHash.square(sq, next[sq]);
                if (toMove == Side.WHITE) {
                    h ^= PositionHash.whiteHand(wh) ^ PositionHash.whiteHand(wh - size);
                    wh -= size;
                } else {
                    h ^= PositionHash.blackHand(bh) ^ PositionHash.blackHand(bh - size);
                    bh -= size;
                }
            }
            case STEP -> {
                int from = move.from();
                int to = move.to();
                h ^= PositionHash.square(from, next[from]) ^ PositionHash.square(to, next[from]);
                next[to] = next[from];
                next[from] = 0;
            }
            default -> {
                int at = move.from();
                for (int i = 1; i < move.length(); i++) {
                    int to = move.square(i);
                    int mid = board.neighbour(at, board.jumpDirection(at, to));
                    h ^= PositionHash.square(at, next[at]) ^ PositionHash.square(mid, next[mid]);
                    next[to] = Column.addPrisoner(next[at]);
                    next[at] = 0;
                    next[mid] = Column.removeTop(next[mid]);
                    h ^= PositionHash.square(to, next[to]) ^ PositionHash.square(mid, next[mid]);
                    at = to;
                }
            }
        }
        return new Position(board, next, wh, bh, toMove.opponent(), h);
    }

    /** The hash recomputed from scratch; equal to {@link #hash()} unless something drifted. */
    long recomputeHash() {
        return PositionHash.compute(cells, whiteInHand, blackInHand, toMove);
    }

    /** The position string of docs/formats.md#position-strings. */
    @Override
    public String toString() {
        return PositionText.format(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && p.hash == hash && p.board == board && p.toMove == toMove
                && p.whiteInHand == whiteInHand && p.blackInHand == blackInHand && Arrays.equals(p.cells, cells);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(hash);
    }
}
