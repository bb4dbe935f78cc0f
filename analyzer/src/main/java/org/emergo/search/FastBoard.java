package org.emergo.search;

import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * The search's own board: one mutable position with make and unmake, its own legal move
 * generator writing moves into a {@link MoveList}, and the hash of {@link Position#hash()} kept
 * up to date by every change. Columns are packed ints as in the rules engine: bit 0 the owner
 * (0 white, 1 black), bits 1-15 the prisoners, bits 16-30 the jailers; 0 is a vacant square.
 * The rules engine stays the reference: tests check this board against it move by move.
 */
final class FastBoard {

    /** Most moves one line can hold: the search's ply limit. */
    static final int MAX_PLY = 128;

    final Board board;
    final int size;
    final int dirs;
    /** {@code nb[sq * dirs + d]}: the square one step from sq in direction d, or -1. */
    final int[] nb;
    /** {@code mid[a * size + b]}: the square jumped going from a to b in one jump, or -1. */
    final int[] mid;
    final int centre;

    final int[] cells;
    /** Men in hand, by side bit. */
    final int[] hand = new int[2];
    /** The side to move: 0 white, 1 black. */
    int side;
    long hash;

    // Undo stacks: the hash before each move, and per move what unmake needs (entered size, jumped columns).
    private final long[] hashStack = new long[MAX_PLY + 8];
    private int hashTop;
    private int[] undo = new int[1024];
    private int undoTop;

    // Scratch for the capture search.
    private int[] route = new int[64];
    private int best;

    FastBoard(Board board) {
        this.board = board;
        size = board.size();
        dirs = board.directions();
        nb = new int[size * dirs];
        for (int sq = 0; sq < size; sq++) {
            for (int d = 0; d < dirs; d++) nb[sq * dirs + d] = board.neighbour(sq, d);
        }
        mid = new int[size * size];
        java.util.Arrays.fill(mid, -1);
        for (int sq = 0; sq < size; sq++) {
            for (int d = 0; d < dirs; d++) {
                int m = nb[sq * dirs + d];
                if (m < 0) continue;
                int land = nb[m * dirs + d];
                if (land >= 0) mid[sq * size + land] = m;
            }
        }
        centre = board.centre();
        cells = new int[size];
    }

    static FastBoard of(Position p) {
        FastBoard b = new FastBoard(p.board());
        b.set(p);
        return b;
    }

    /** Takes a position's contents; the undo stacks start empty. */
    void set(Position p) {
        if (p.board() != board) throw new IllegalArgumentException("position is for " + p.board());
        for (int sq = 0; sq < size; sq++) {
            Column c = p.column(sq);
            cells[sq] = c == null ? 0 : c.pack();
        }
        hand[0] = p.inHand(Side.WHITE);
        hand[1] = p.inHand(Side.BLACK);
        side = p.sideToMove().ordinal();
        hash = computeHash();
        hashTop = 0;
        undoTop = 0;
    }

    /** The position as the rules engine's value. */
    Position toPosition() {
        Column[] columns = new Column[size];
        for (int sq = 0; sq < size; sq++) columns[sq] = Column.unpack(cells[sq]);
        return Position.of(board, columns, hand[0], hand[1], side == 0 ? Side.WHITE : Side.BLACK);
    }

    // ---- packed columns (docs/rules.md#pieces-and-columns)

    static int owner(int c) {
        return c & 1;
    }

    static int jailers(int c) {
        return c >>> 16;
    }

    static int prisoners(int c) {
        return (c >>> 1) & 0x7fff;
    }

    static int height(int c) {
        return (c >>> 16) + ((c >>> 1) & 0x7fff);
    }

    static int pack(int owner, int jailers, int prisoners) {
        return (jailers << 16) | (prisoners << 1) | owner;
    }

    /** The jumped column after losing its top man: with no jailer left its prisoners are freed. */
    static int removeTop(int c) {
        if ((c >>> 16) > 1) return c - (1 << 16);
        int p = (c >>> 1) & 0x7fff;
        return p == 0 ? 0 : (p << 16) | ((c & 1) ^ 1);
    }

    // ---- the hash, the same function as org.emergo.rules.PositionHash

    private static final long WHITE_HAND = 1L << 40;
    private static final long BLACK_HAND = 2L << 40;
    private static final long SIDE = 3L << 40;
    /** XORed in by every move: the side part of both sides. */
    private static final long SIDE_SWAP = mix(SIDE) ^ mix(SIDE + 1);

    static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static long squareKey(int sq, int packed) {
        return packed == 0 ? 0 : mix(((long) sq << 32) | packed);
    }

    static long handKey(int side, int count) {
        return mix((side == 0 ? WHITE_HAND : BLACK_HAND) + count);
    }

    long computeHash() {
        long h = handKey(0, hand[0]) ^ handKey(1, hand[1]) ^ mix(SIDE + side);
        for (int sq = 0; sq < size; sq++) h ^= squareKey(sq, cells[sq]);
        return h;
    }

    // ---- questions about the position

    /** Whether side {@code s} could jump something now, whoever is to move (docs/rules.md#captures). */
    boolean hasCapture(int s) {
        final int[] cells = this.cells;
        final int[] nb = this.nb;
        final int dirs = this.dirs;
        for (int sq = 0; sq < size; sq++) {
            int c = cells[sq];
            if (c == 0 || (c & 1) != s) continue;
            int base = sq * dirs;
            for (int d = 0; d < dirs; d++) {
                int m = nb[base + d];
                if (m < 0) continue;
                int mc = cells[m];
                if (mc == 0 || (mc & 1) == s) continue;
                int land = nb[m * dirs + d];
                if (land >= 0 && cells[land] == 0) return true;
            }
        }
        return false;
    }

    /** Columns side {@code s} owns. */
    int columns(int s) {
        int n = 0;
        for (int sq = 0; sq < size; sq++) {
            int c = cells[sq];
            if (c != 0 && (c & 1) == s) n++;
        }
        return n;
    }

    /** docs/rules.md#end-of-the-game 7.1: the side to move owns no column and has no men in hand. */
    boolean sideToMoveHasNoPieces() {
        if (hand[side] > 0) return false;
        for (int sq = 0; sq < size; sq++) {
            int c = cells[sq];
            if (c != 0 && (c & 1) == side) return false;
        }
        return true;
    }

    /** The empty board with 12 in hand each and White to move, where White may not enter on the centre. */
    boolean isStart() {
        if (side != 0 || hand[0] != 12 || hand[1] != 12) return false;
        for (int sq = 0; sq < size; sq++) if (cells[sq] != 0) return false;
        return true;
    }

    /** Would a column of the side to move entered on sq give the opponent a capture (the feeding ban)? */
    private boolean feeds(int sq) {
        for (int d = 0; d < dirs; d++) {
            int attacker = nb[sq * dirs + d];
            if (attacker < 0) continue;
            int a = cells[attacker];
            if (a == 0 || (a & 1) == side) continue;
            int land = nb[sq * dirs + (d ^ 1)];
            if (land >= 0 && cells[land] == 0) return true;
        }
        return false;
    }

    /**
     * Whether the side to move has a legal move, for a position known to have no capture for
     * it: an entry (the feeding ban and the centre ban applied) or a step.
     */
    boolean hasQuietMove() {
        if (hand[side] > 0) {
            boolean attacked = hasCapture(side ^ 1);
            int banned = isStart() ? centre : -1;
            for (int sq = 0; sq < size; sq++) {
                if (cells[sq] != 0 || sq == banned) continue;
                if (attacked || !feeds(sq)) return true;
            }
            return false;
        }
        for (int sq = 0; sq < size; sq++) {
            int c = cells[sq];
            if (c == 0 || (c & 1) != side) continue;
            int base = sq * dirs;
            for (int d = 0; d < dirs; d++) {
                int to = nb[base + d];
                if (to >= 0 && cells[to] == 0) return true;
            }
        }
        return false;
    }

    // ---- move generation (docs/rules.md#a-turn)

    /** Every legal move of the side to move into {@code ml}: the maximal captures, else entries, else steps. */
    void generate(MoveList ml) {
        ml.clear();
        if (hasCapture(side)) {
            generateCaptures(ml);
        } else if (hand[side] > 0) {
            generateEntries(ml);
        } else {
            generateSteps(ml);
        }
    }

    /** docs/rules.md#majority-capture: all capture sequences of all columns that take the most men. */
    void generateCaptures(MoveList ml) {
        ml.clear();
        best = 0;
        for (int sq = 0; sq < size; sq++) {
            int c = cells[sq];
            if (c == 0 || (c & 1) != side) continue;
            route[0] = sq;
            extend(ml, sq, -1, 0);
        }
    }

    /** Tries every jump from {@code at}; a sequence that cannot go on is complete. */
    private void extend(MoveList ml, int at, int lastDir, int depth) {
        boolean extended = false;
        final int[] cells = this.cells;
        int base = at * dirs;
        for (int d = 0; d < dirs; d++) {
            // No 180-degree turn (docs/rules.md#multi-captures).
            if (d == (lastDir ^ 1)) continue;
            int m = nb[base + d];
            if (m < 0) continue;
            int jumped = cells[m];
            if (jumped == 0 || (jumped & 1) == side) continue;
            int land = nb[m * dirs + d];
            if (land < 0 || cells[land] != 0) continue;
            int capturer = cells[at];
            cells[at] = 0;
            cells[m] = removeTop(jumped);
            cells[land] = capturer + 2;
            if (depth + 2 >= route.length) route = java.util.Arrays.copyOf(route, route.length * 2);
            route[depth + 1] = land;
            extend(ml, land, d, depth + 1);
            cells[land] = 0;
            cells[m] = jumped;
            cells[at] = capturer;
            extended = true;
        }
        if (!extended && depth > 0 && depth >= best) {
            if (depth > best) {
                best = depth;
                ml.clear();
            }
            ml.addCapture(route, depth + 1);
        }
    }

    /** docs/rules.md#entering: one man, or the shadowpiece, with the centre ban and the feeding ban. */
    void generateEntries(MoveList ml) {
        boolean attacked = hasCapture(side ^ 1);
        int banned = isStart() ? centre : -1;
        for (int sq = 0; sq < size; sq++) {
            if (cells[sq] != 0 || sq == banned) continue;
            if (!attacked && feeds(sq)) continue;
            ml.addEntry(sq);
        }
    }

    void generateSteps(MoveList ml) {
        for (int sq = 0; sq < size; sq++) {
            int c = cells[sq];
            if (c == 0 || (c & 1) != side) continue;
            int base = sq * dirs;
            for (int d = 0; d < dirs; d++) {
                int to = nb[base + d];
                if (to >= 0 && cells[to] == 0) ml.addStep(sq, to);
            }
        }
    }

    // ---- make and unmake

    /** Carries out move {@code i} of {@code ml} (a legal move of this position). */
    void make(MoveList ml, int i) {
        int off = ml.offset(i);
        int[] data = ml.data;
        int head = data[off];
        hashStack[hashTop++] = hash;
        long h = hash ^ SIDE_SWAP;
        int n = head & MoveList.LENGTH_MASK;
        if (n == 1) {
            int sq = data[off + 1];
            int mine = hand[side];
            // The shadowpiece: all men at once when the opponent has none in hand.
            int size = hand[side ^ 1] == 0 ? mine : 1;
            int c = (size << 16) | side;
            cells[sq] = c;
            h ^= squareKey(sq, c) ^ handKey(side, mine) ^ handKey(side, mine - size);
            hand[side] = mine - size;
            pushUndo(size);
        } else if ((head & MoveList.CAPTURE) == 0) {
            int from = data[off + 1];
            int to = data[off + 2];
            int c = cells[from];
            h ^= squareKey(from, c) ^ squareKey(to, c);
            cells[to] = c;
            cells[from] = 0;
        } else {
            if (undoTop + n >= undo.length) undo = java.util.Arrays.copyOf(undo, undo.length * 2);
            int at = data[off + 1];
            for (int k = 2; k <= n; k++) {
                int to = data[off + k];
                int m = mid[at * size + to];
                int capturer = cells[at];
                int jumped = cells[m];
                undo[undoTop++] = jumped;
                int left = removeTop(jumped);
                int moved = capturer + 2;
                h ^= squareKey(at, capturer) ^ squareKey(m, jumped) ^ squareKey(m, left) ^ squareKey(to, moved);
                cells[at] = 0;
                cells[m] = left;
                cells[to] = moved;
                at = to;
            }
        }
        side ^= 1;
        hash = h;
    }

    /** Takes back move {@code i} of {@code ml}, the last one made. */
    void unmake(MoveList ml, int i) {
        int off = ml.offset(i);
        int[] data = ml.data;
        int head = data[off];
        side ^= 1;
        hash = hashStack[--hashTop];
        int n = head & MoveList.LENGTH_MASK;
        if (n == 1) {
            int sq = data[off + 1];
            hand[side] += undo[--undoTop];
            cells[sq] = 0;
        } else if ((head & MoveList.CAPTURE) == 0) {
            int from = data[off + 1];
            int to = data[off + 2];
            cells[from] = cells[to];
            cells[to] = 0;
        } else {
            int jumps = n - 1;
            int last = data[off + n];
            int original = cells[last] - 2 * jumps;
            for (int k = jumps; k >= 1; k--) {
                int at = data[off + k];
                int to = data[off + k + 1];
                int m = mid[at * size + to];
                cells[to] = 0;
                cells[m] = undo[--undoTop];
                cells[at] = original + 2 * (k - 1);
            }
        }
    }

    private void pushUndo(int v) {
        if (undoTop == undo.length) undo = java.util.Arrays.copyOf(undo, undo.length * 2);
        undo[undoTop++] = v;
    }
}
