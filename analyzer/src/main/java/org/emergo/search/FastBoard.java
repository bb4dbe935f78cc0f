package org.emergo.search;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * The search's own board: one mutable position with make and unmake, its own legal move
 * generator writing moves into a {@link MoveList}, and the hash of {@link Position#hash()} kept
 * up to date by every change. The rules engine stays the reference: tests check this board
 * against it move by move.
 *
 * <p>Squares are bits of a long, laid out so that each direction is one constant shift and a
 * step off the board lands on a bit that is no square (docs/engine.md#the-board): Emergo's 41
 * squares as the dark squares of the 9x9 drawing, five and four a row with one spare bit between
 * row pairs (11 bits a pair; the directions are +-5 and +-6); HexEmergo's 37 cells as column*8 +
 * number (directions +-1, +-8, +-9). {@code cells[bit]} holds the column there packed as in the
 * rules engine: bit 0 the owner (0 white, 1 black), bits 1-15 the prisoners, bits 16-30 the
 * jailers; 0 is vacant.
 */
final class FastBoard {

    /** Most moves one line can hold: the search's ply limit. */
    static final int MAX_PLY = 128;

    final Board board;
    final int dirs;
    /** The bit of each square in canonical order, and the square of each bit (-1 for no square). */
    final int[] bitOf;
    final int[] sqOf;
    /** Every square's bit. */
    final long squares;
    /** Per direction the shift of a bit to its neighbour (positive: to higher bits). */
    final int[] shift;
    /** The positive shift of each pair of opposite directions (2 on Emergo, 3 on HexEmergo). */
    final int[] up;
    /** The same three shifts as fields; 0 for Emergo's missing third, which then adds nothing (a square is not both sides' or vacant twice). */
    private final int up0;
    private final int up1;
    private final int up2;
    /** {@code nb[bit * dirs + d]}: the neighbour's bit, or -1 off the board. */
    final int[] nb;
    /** {@code jump[bit * dirs + d]}: the bit two steps away, where a jump lands, or -1 off the board. */
    private final int[] jump;
    final int centreBit;
    /** {@code dirTo[land - at + 32]}: the direction of a jump from bit at to bit land. */
    private final int[] dirTo;

    final int[] cells = new int[64];
    /** Bits of the columns each side owns. */
    final long[] occ = new long[2];
    /** Men in hand, by side bit. */
    final int[] hand = new int[2];
    /** Men each side commands: in hand and in the columns it owns. */
    final int[] material = new int[2];
    /**
     * Prisoners each side holds under a single jailer, which one jump frees: the evaluation's
     * fragile columns, kept by make and unmake (only a capture changes them) instead of counted
     * at every leaf; on a {@link #materialOnly} board, only by {@link #set}.
     */
    final int[] loose = new int[2];
    private final boolean keepsLoose;
    private final int[] looseStack = new int[2 * (MAX_PLY + 8)];
    /** The side to move: 0 white, 1 black. */
    int side;
    long hash;

    // Undo: per move the hash before it, and what unmake needs (a capture's jumped columns and the men it gained).
    private final long[] hashStack = new long[MAX_PLY + 8];
    private int top;
    private int[] undo = new int[1024];
    private int undoTop;

    // Scratch for the capture search.
    private int[] route = new int[64];
    private int best;

    /** One board of each layout, whose tables every board of that layout shares: a proof makes three boards, which each made them anew. */
    private static final Map<Board, FastBoard> LAYOUTS = new ConcurrentHashMap<>();

    FastBoard(Board board) {
        this(layout(board), true);
    }

    private static FastBoard layout(Board board) {
        return LAYOUTS.computeIfAbsent(board, b -> new FastBoard(b, true));
    }

    /** A board with {@code layout}'s tables, which no board writes. */
    private FastBoard(FastBoard layout, boolean keepsLoose) {
        this.keepsLoose = keepsLoose;
        board = layout.board;
        dirs = layout.dirs;
        bitOf = layout.bitOf;
        sqOf = layout.sqOf;
        squares = layout.squares;
        shift = layout.shift;
        up = layout.up;
        up0 = layout.up0;
        up1 = layout.up1;
        up2 = layout.up2;
        nb = layout.nb;
        jump = layout.jump;
        centreBit = layout.centreBit;
        dirTo = layout.dirTo;
        keys = layout.keys;
    }

    /** The tables of {@code board}'s layout, computed ({@code layout} tells this constructor from the public one). */
    private FastBoard(Board board, boolean layout) {
        keepsLoose = false;
        this.board = board;
        dirs = board.directions();
        int size = board.size();
        bitOf = new int[size];
        sqOf = new int[64];
        Arrays.fill(sqOf, -1);
        long all = 0;
        for (int sq = 0; sq < size; sq++) {
            int bit = board == Board.EMERGO ? emergoBit(board, sq) : board.x(sq) * 8 + board.y(sq);
            bitOf[sq] = bit;
            sqOf[bit] = sq;
            all |= 1L << bit;
        }
        squares = all;
        // generateSteps reads bit 63 for a neighbour off the board (-1).
        if (sqOf[63] >= 0) throw new IllegalStateException("bit 63 is a square");
        shift = new int[dirs];
        nb = new int[64 * dirs];
        Arrays.fill(nb, -1);
        Arrays.fill(shift, Integer.MIN_VALUE);
        for (int sq = 0; sq < size; sq++) {
            for (int d = 0; d < dirs; d++) {
                int to = board.neighbour(sq, d);
                if (to < 0) continue;
                int s = bitOf[to] - bitOf[sq];
                if (shift[d] != Integer.MIN_VALUE && shift[d] != s) throw new IllegalStateException("direction " + d + " is no shift");
                shift[d] = s;
                nb[bitOf[sq] * dirs + d] = bitOf[to];
            }
        }
        // A step off the board must land on no square.
        for (int sq = 0; sq < size; sq++) {
            for (int d = 0; d < dirs; d++) {
                if (board.neighbour(sq, d) >= 0) continue;
                int b = bitOf[sq] + shift[d];
                if (b >= 0 && b < 64 && sqOf[b] >= 0) throw new IllegalStateException("layout wraps at " + board.name(sq));
            }
        }
        centreBit = bitOf[board.centre()];
        jump = new int[64 * dirs];
        for (int i = 0; i < jump.length; i++) jump[i] = nb[i] < 0 ? -1 : nb[nb[i] * dirs + i % dirs];
        dirTo = new int[65];
        for (int d = 0; d < dirs; d++) dirTo[2 * shift[d] + 32] = d;
        up = new int[dirs / 2];
        for (int d = 0; d < dirs; d += 2) {
            if (shift[d] != -shift[d ^ 1]) throw new IllegalStateException("directions " + d + " and " + (d ^ 1) + " are not opposite");
            up[d / 2] = Math.abs(shift[d]);
        }
        up0 = up[0];
        up1 = up[1];
        up2 = up.length > 2 ? up[2] : 0;
        keys = new long[64 * SMALL];
        for (int bit = 0; bit < 64; bit++) {
            if (sqOf[bit] < 0) continue;
            for (int c = 1; c < SMALL; c++) {
                int jailers = c >>> 4;
                if (jailers == 0) continue;
                int packed = (jailers << 16) | (((c >>> 1) & 7) << 1) | (c & 1);
                keys[bit * SMALL + c] = mix(((long) sqOf[bit] << 32) | packed);
            }
        }
    }

    /** Emergo: the square's place (x, y) in the 9x9 drawing; rows y of five (y even) and four, 11 bits a pair. */
    private static int emergoBit(Board board, int sq) {
        int f = board.x(sq);
        int r = board.y(sq);
        int u = f + r - 4;
        int v = r - f + 4;
        return (v >> 1) * 11 + ((v & 1) == 0 ? u >> 1 : 6 + (u >> 1));
    }

    static FastBoard of(Position p) {
        FastBoard b = new FastBoard(p.board());
        b.set(p);
        return b;
    }

    /**
     * A board set to {@code p} whose moves leave {@link #loose} as it was: for the proofs, which
     * read the material alone and make most of a review's moves.
     */
    static FastBoard materialOnly(Position p) {
        FastBoard b = new FastBoard(layout(p.board()), false);
        b.set(p);
        return b;
    }

    /** Takes a position's contents; the undo stacks start empty. */
    void set(Position p) {
        if (p.board() != board) throw new IllegalArgumentException("position is for " + p.board());
        Arrays.fill(cells, 0);
        occ[0] = 0;
        occ[1] = 0;
        hand[0] = p.inHand(Side.WHITE);
        hand[1] = p.inHand(Side.BLACK);
        material[0] = hand[0];
        material[1] = hand[1];
        loose[0] = 0;
        loose[1] = 0;
        for (int sq = 0; sq < bitOf.length; sq++) {
            int packed = p.packed(sq);
            if (packed == 0) continue;
            int bit = bitOf[sq];
            cells[bit] = packed;
            occ[packed & 1] |= 1L << bit;
            material[packed & 1] += height(packed);
            loose[packed & 1] += loosePrisoners(packed);
        }
        side = p.sideToMove().ordinal();
        // The same function as the rules engine's: its hash is taken, not computed again.
        hash = p.hash();
        top = 0;
        undoTop = 0;
    }

    /** The position as the rules engine's value. */
    Position toPosition() {
        Column[] columns = new Column[bitOf.length];
        for (int sq = 0; sq < columns.length; sq++) columns[sq] = Column.unpack(cells[bitOf[sq]]);
        return Position.of(board, columns, hand[0], hand[1], side == 0 ? Side.WHITE : Side.BLACK);
    }

    // ---- packed columns (docs/rules.md#pieces-and-columns)

    static int height(int c) {
        return (c >>> 16) + ((c >>> 1) & 0x7fff);
    }

    /** The prisoners of a column with a single jailer, else 0. */
    static int loosePrisoners(int c) {
        return (c >>> 16) == 1 ? (c >>> 1) & 0x7fff : 0;
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

    /** Keys of small columns (up to 7 jailers and 7 prisoners), by bit and (jailers, prisoners, owner) in 7 bits. */
    private static final int SMALL = 128;
    private final long[] keys;

    /** The key of a square holding {@code packed}; 0 for a vacant one, which the table holds too. */
    private long squareKey(int bit, int packed) {
        int jailers = packed >>> 16;
        int rest = packed & 0xffff;
        if (jailers < 8 && rest < 16) return keys[bit * SMALL + ((jailers << 4) | rest)];
        return mix(((long) sqOf[bit] << 32) | packed);
    }

    /** Keys of the hand counts a game has (up to 12), by side and count: an entry changes two. */
    private static final long[] HAND_KEYS = new long[2 * 16];

    static {
        for (int count = 0; count < 16; count++) {
            HAND_KEYS[count] = mix(WHITE_HAND + count);
            HAND_KEYS[16 + count] = mix(BLACK_HAND + count);
        }
    }

    static long handKey(int side, int count) {
        if (count < 16) return HAND_KEYS[side << 4 | count];
        return mix((side == 0 ? WHITE_HAND : BLACK_HAND) + count);
    }

    long computeHash() {
        long h = handKey(0, hand[0]) ^ handKey(1, hand[1]) ^ mix(SIDE + side);
        for (int bit = 0; bit < 64; bit++) h ^= squareKey(bit, cells[bit]);
        return h;
    }

    // ---- questions about the position, on the bits

    long empty() {
        return squares & ~(occ[0] | occ[1]);
    }

    /** Columns of side {@code s} that can jump now, whoever is to move (docs/rules.md#captures). */
    long capturers(int s) {
        long own = occ[s];
        long opp = occ[s ^ 1];
        long empty = squares & ~(own | opp);
        // Opponent columns with a vacant square beyond them, then own columns just before those; both ways.
        int a = up0;
        int b = up1;
        int c = up2;
        long out = ((opp & (empty >>> a)) >>> a) | ((opp & (empty << a)) << a)
                | ((opp & (empty >>> b)) >>> b) | ((opp & (empty << b)) << b)
                | ((opp & (empty >>> c)) >>> c) | ((opp & (empty << c)) << c);
        return own & out;
    }

    boolean hasCapture(int s) {
        return capturers(s) != 0;
    }

    /** Vacant squares where a column of side {@code s} would give the other side a jump (the feeding ban). */
    long feeding(int s) {
        long opp = occ[s ^ 1];
        long empty = empty();
        // An opponent column one step one way, a vacant square one step the other way.
        int a = up0;
        int b = up1;
        int c = up2;
        long out = ((opp >>> a) & (empty << a)) | ((opp << a) & (empty >>> a))
                | ((opp >>> b) & (empty << b)) | ((opp << b) & (empty >>> b))
                | ((opp >>> c) & (empty << c)) | ((opp << c) & (empty >>> c));
        return out & empty;
    }

    /**
     * Columns on the board. Only an entry adds one (docs/rules.md#pieces-and-columns), so after a
     * move that lowers the count no earlier position can come back.
     */
    int columnCount() {
        return Long.bitCount(occ[0] | occ[1]);
    }

    /** docs/rules.md#end-of-the-game 7.1: the side to move owns no column and has no men in hand. */
    boolean sideToMoveHasNoPieces() {
        return hand[side] == 0 && occ[side] == 0;
    }

    /** The empty board with 12 in hand each and White to move, where White may not enter on the centre. */
    boolean isStart() {
        return side == 0 && hand[0] == 12 && hand[1] == 12 && (occ[0] | occ[1]) == 0;
    }

    /** Squares the side to move may enter on, when it must enter (docs/rules.md#entering). */
    private long entrySquares() {
        long empty = empty();
        if (isStart()) empty &= ~(1L << centreBit);
        long feeding = feeding(side);
        if ((empty & ~feeding) == empty) return empty;
        // The ban holds only when the side is not attacked.
        return hasCapture(side ^ 1) ? empty : empty & ~feeding;
    }

    /**
     * Whether the side to move has a legal move, for a position known to have no capture for
     * it: an entry (the feeding ban and the centre ban applied) or a step.
     */
    boolean hasQuietMove() {
        if (hand[side] > 0) {
            if (isStart()) return true;
            // A vacant square that feeds no jump takes an entry; the feeding ban, and the capture check it
            // needs, matter only when every vacant square would feed one.
            long empty = empty();
            return (empty & ~feeding(side)) != 0 || empty != 0 && hasCapture(side ^ 1);
        }
        long empty = empty();
        long near = (empty >>> up0) | (empty << up0) | (empty >>> up1) | (empty << up1) | (empty >>> up2) | (empty << up2);
        return (occ[side] & near & ~empty) != 0;
    }

    /**
     * Steps the columns of side {@code s} could make, (column, direction) pairs with a vacant
     * square there, less those of the other side: the vacant squares shifted once for both.
     */
    int mobilityBalance(int s) {
        long own = occ[s];
        long opp = occ[s ^ 1];
        long empty = squares & ~(own | opp);
        long e = empty >>> up0;
        int n = Long.bitCount(own & e) - Long.bitCount(opp & e);
        e = empty << up0;
        n += Long.bitCount(own & e) - Long.bitCount(opp & e);
        e = empty >>> up1;
        n += Long.bitCount(own & e) - Long.bitCount(opp & e);
        e = empty << up1;
        n += Long.bitCount(own & e) - Long.bitCount(opp & e);
        if (up2 != 0) {
            e = empty >>> up2;
            n += Long.bitCount(own & e) - Long.bitCount(opp & e);
            e = empty << up2;
            n += Long.bitCount(own & e) - Long.bitCount(opp & e);
        }
        return n;
    }

    // ---- move generation (docs/rules.md#a-turn)

    /** Every legal move of the side to move into {@code ml}: the maximal captures, else entries, else steps. */
    void generate(MoveList ml) {
        generate(ml, capturers(side));
    }

    /** As {@link #generate(MoveList)}, given the side to move's {@link #capturers}. */
    void generate(MoveList ml, long capturers) {
        if (capturers != 0) {
            generateCaptures(ml, capturers);
        } else if (hand[side] > 0) {
            ml.clear();
            for (long m = entrySquares(); m != 0; m &= m - 1) ml.addEntry(Long.numberOfTrailingZeros(m));
        } else {
            generateSteps(ml);
        }
    }

    /** docs/rules.md#majority-capture: all capture sequences of all columns that take the most men. */
    void generateCaptures(MoveList ml) {
        generateCaptures(ml, capturers(side));
    }

    /** As {@link #generateCaptures(MoveList)}, given the side to move's {@link #capturers}. */
    void generateCaptures(MoveList ml, long capturers) {
        ml.clear();
        best = 0;
        long opp = occ[side ^ 1];
        long empty = empty();
        for (long m = capturers; m != 0; m &= m - 1) {
            int bit = Long.numberOfTrailingZeros(m);
            route[0] = bit;
            extend(ml, bit, -1, 0, opp, empty);
        }
    }

    /**
     * Tries every jump from {@code at}; a sequence that cannot go on is complete. {@code opp} and
     * {@code empty} are the opponent's columns and the vacant squares as the route has left them
     * (the square it stands on not counted vacant): most calls find no jump, and the bits say so
     * without a look at each direction.
     */
    private void extend(MoveList ml, int at, int lastDir, int depth, long opp, long empty) {
        long a = 1L << at;
        long landings = ((((a << up0) & opp) << up0) | (((a >>> up0) & opp) >>> up0)
                | (((a << up1) & opp) << up1) | (((a >>> up1) & opp) >>> up1)
                | (((a << up2) & opp) << up2) | (((a >>> up2) & opp) >>> up2)) & empty;
        boolean extended = false;
        if (landings != 0) {
            final int[] jump = this.jump;
            int base = at * dirs;
            if ((landings & (landings - 1)) == 0) {
                // One landing, most often: its direction from the table, not a look at each.
                int land = Long.numberOfTrailingZeros(landings);
                int d = dirTo[land - at + 32];
                // No 180-degree turn (docs/rules.md#multi-captures).
                if (d != (lastDir ^ 1) && jump[base + d] == land) {
                    jumpTo(ml, at, land, d, depth, opp, empty);
                    extended = true;
                }
            } else {
                for (int d = 0; d < dirs; d++) {
                    if (d == (lastDir ^ 1)) continue;
                    int land = jump[base + d];
                    if (land < 0 || (landings >>> land & 1) == 0) continue;
                    jumpTo(ml, at, land, d, depth, opp, empty);
                    extended = true;
                }
            }
        }
        if (!extended && depth > 0 && depth >= best) {
            if (depth > best) {
                best = depth;
                ml.clear();
            }
            ml.addCapture(route, depth + 1);
        }
    }

    /**
     * The jump from {@code at} over the column between to {@code land}, and every route on from
     * there. Only the jumped column is written: no later jump of the route reads the squares
     * the capturer stood on, which the bits count vacant.
     */
    private void jumpTo(MoveList ml, int at, int land, int d, int depth, long opp, long empty) {
        int m = (at + land) >> 1;
        int jumped = cells[m];
        int left = removeTop(jumped);
        cells[m] = left;
        if (depth + 2 >= route.length) route = Arrays.copyOf(route, route.length * 2);
        route[depth + 1] = land;
        long mb = 1L << m;
        // The jumped column stays the opponent's, or is gone, or is the mover's again (liberated).
        long oppAfter = left != 0 && (left & 1) != side ? opp : opp & ~mb;
        long emptyAfter = (empty | 1L << at) & ~(1L << land) | (left == 0 ? mb : 0);
        extend(ml, land, d, depth + 1, oppAfter, emptyAfter);
        cells[m] = jumped;
    }

    private void generateSteps(MoveList ml) {
        ml.clear();
        long empty = empty();
        for (long m = occ[side]; m != 0; m &= m - 1) {
            int bit = Long.numberOfTrailingZeros(m);
            int base = bit * dirs;
            ml.ensureRoom(dirs);
            // Off the board nb is -1, and bit 63 (where empty >>> -1 looks) is no square.
            for (int d = 0; d < dirs; d++) {
                int to = nb[base + d];
                ml.addStepIf(bit, to, (int) (empty >>> to) & 1);
            }
        }
    }

    // ---- make and unmake

    /** Carries out move {@code i} of {@code ml} (a legal move of this position). */
    void make(MoveList ml, int i) {
        hashStack[top] = hash;
        top++;
        if (ml.isStep(i)) {
            // A step, most of the moves made, here; the rest out of line, so that make is small
            // enough for the JIT to inline into the search.
            int ends = ml.ends(i);
            int from = ends >>> 6;
            int to = ends & 63;
            int c = cells[from];
            hash ^= SIDE_SWAP ^ squareKey(from, c) ^ squareKey(to, c);
            cells[to] = c;
            cells[from] = 0;
            occ[side] ^= (1L << from) | (1L << to);
            side ^= 1;
        } else {
            makeOther(ml, i);
        }
    }

    private void makeOther(MoveList ml, int i) {
        long h = hash ^ SIDE_SWAP;
        final int me = side;
        if (ml.isEntry(i)) {
            int bit = ml.ends(i) & 63;
            int mine = hand[me];
            // The shadowpiece: all men at once when the opponent has none in hand.
            int size = hand[me ^ 1] == 0 ? mine : 1;
            int c = (size << 16) | me;
            cells[bit] = c;
            occ[me] |= 1L << bit;
            h ^= squareKey(bit, c) ^ handKey(me, mine) ^ handKey(me, mine - size);
            hand[me] = mine - size;
        } else {
            int off = ml.offset(i);
            int[] data = ml.data;
            int n = data[off] & MoveList.LENGTH_MASK;
            if (undoTop + n + 1 >= undo.length) undo = Arrays.copyOf(undo, undo.length * 2);
            int at = data[off + 1];
            int gained = 0;
            // Loose prisoners the jumps freed: a jumped column is the opponent's, a liberated one holds none.
            int freed = 0;
            for (int k = 2; k <= n; k++) {
                int to = data[off + k];
                int m = (at + to) >> 1;
                int capturer = cells[at];
                int jumped = cells[m];
                undo[undoTop++] = jumped;
                int left = removeTop(jumped);
                if (keepsLoose) freed += loosePrisoners(jumped) - loosePrisoners(left);
                int moved = capturer + 2;
                h ^= squareKey(at, capturer) ^ squareKey(m, jumped) ^ squareKey(m, left) ^ squareKey(to, moved);
                cells[at] = 0;
                cells[m] = left;
                cells[to] = moved;
                occ[me] ^= (1L << at) | (1L << to);
                long mb = 1L << m;
                if (left == 0) {
                    occ[me ^ 1] &= ~mb;
                    gained += 1;
                } else if ((left & 1) == me) {
                    // Liberated: the prisoners under the last jailer are the mover's again.
                    occ[me ^ 1] &= ~mb;
                    occ[me] |= mb;
                    gained += 1 + height(left);
                } else {
                    gained += 1;
                }
                at = to;
            }
            // Only a capture changes the material: an entry puts men in hand on the board.
            material[me] += gained;
            material[me ^ 1] -= gained;
            if (keepsLoose) keepLoose(me, cells[at], n - 1, freed);
            undo[undoTop++] = gained;
        }
        side = me ^ 1;
        hash = h;
    }

    /**
     * Keeps {@link #loose} after a capture of {@code jumps} jumps by side {@code me}, which now
     * stands as {@code moved} and freed {@code freed} of the opponent's loose prisoners. Its
     * value before goes on a stack of its own, for unmake.
     */
    private void keepLoose(int me, int moved, int jumps, int freed) {
        looseStack[2 * top - 2] = loose[0];
        looseStack[2 * top - 1] = loose[1];
        // The capturer's jailers stay as they are: with one, each jump added a loose prisoner.
        if ((moved >>> 16) == 1) loose[me] += jumps;
        loose[me ^ 1] -= freed;
    }

    /**
     * Whether move {@code i} of {@code ml}, just made, left no earlier position within reach:
     * an entry, or a capture that took a column off ({@code columnsBefore} the count before it).
     * A step never does.
     */
    boolean madeIrreversible(MoveList ml, int i, int columnsBefore) {
        return !ml.isStep(i) && (ml.isEntry(i) || columnCount() < columnsBefore);
    }

    /** Takes back move {@code i} of {@code ml}, the last one made. */
    void unmake(MoveList ml, int i) {
        side ^= 1;
        top--;
        hash = hashStack[top];
        if (ml.isStep(i)) {
            int ends = ml.ends(i);
            int from = ends >>> 6;
            int to = ends & 63;
            cells[from] = cells[to];
            cells[to] = 0;
            occ[side] ^= (1L << from) | (1L << to);
        } else {
            unmakeOther(ml, i);
        }
    }

    private void unmakeOther(MoveList ml, int i) {
        final int me = side;
        if (ml.isEntry(i)) {
            int bit = ml.ends(i) & 63;
            // The entered column is as make left it: its jailers are the men entered.
            hand[me] += cells[bit] >>> 16;
            cells[bit] = 0;
            occ[me] &= ~(1L << bit);
        } else {
            int off = ml.offset(i);
            int[] data = ml.data;
            int n = data[off] & MoveList.LENGTH_MASK;
            int jumps = n - 1;
            int gained = undo[--undoTop];
            material[me] -= gained;
            material[me ^ 1] += gained;
            int original = cells[data[off + n]] - 2 * jumps;
            for (int k = jumps; k >= 1; k--) {
                int at = data[off + k];
                int to = data[off + k + 1];
                int m = (at + to) >> 1;
                long mb = 1L << m;
                int jumped = undo[--undoTop];
                cells[to] = 0;
                cells[m] = jumped;
                cells[at] = original + 2 * (k - 1);
                occ[me] ^= (1L << at) | (1L << to);
                // The jumped column was the opponent's before the jump.
                occ[me] &= ~mb;
                occ[me ^ 1] |= mb;
            }
            if (keepsLoose) {
                loose[0] = looseStack[2 * top];
                loose[1] = looseStack[2 * top + 1];
            }
        }
    }
}
