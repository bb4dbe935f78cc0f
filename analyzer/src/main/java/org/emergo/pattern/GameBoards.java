package org.emergo.pattern;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.emergo.rules.Column;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * Every position of one game in a few bytes a ply, for pattern search (sql/h2/V13): each ply
 * stores only the squares that changed since the ply before: about 9 bytes a ply (self-play games),
 * where the position string alone takes 74. {@link PatternScan} replays it square by square.
 *
 * <p>Per ply: a flags byte ({@link #BLACK_TO_MOVE}, {@link #ENTRY}, {@link #FINDING},
 * {@link #MOVED}, {@link #HANDS}, {@link #DUE}); if HANDS, White's and Black's men in hand (varints); if
 * MOVED, the men the move took (varint); if DUE, the men the longest capture available takes
 * (varint) and the squares legal captures jump (a varint of one bit a square index); then the number of changed squares and, for each,
 * its index on the variant's board (a byte), its jailers (zigzag varint, + White, - Black, 0
 * vacant) and prisoners (varint). Ply 0 changes from the empty board and hands of 0.
 */
public final class GameBoards {

    static final int BLACK_TO_MOVE = 1;
    static final int ENTRY = 2;
    static final int FINDING = 4;
    static final int MOVED = 8;
    static final int HANDS = 16;
    static final int DUE = 32;

    private GameBoards() {
    }

    /**
     * Encodes a game's positions, {@code moves.get(ply)} being the move played from position
     * {@code ply} and {@code findingPlies} the plies of findings (ply n: the move leading to position n);
     * {@code maxCapture} and {@code hits} per position as the replay found them from the legal moves
     * ({@code org.emergo.replay.Analysis}).
     */
    public static byte[] encode(List<Position> positions, List<Move> moves, Set<Integer> findingPlies, int[] maxCapture,
            long[] hits) {
        Varint.Writer out = new Varint.Writer(positions.size() * 12);
        int size = positions.isEmpty() ? 0 : positions.get(0).board().size();
        int[] jailers = new int[size];
        int[] prisoners = new int[size];
        int white = 0;
        int black = 0;
        int[] changed = new int[size];
        for (int ply = 0; ply < positions.size(); ply++) {
            Position p = positions.get(ply);
            Move move = ply < moves.size() ? moves.get(ply) : null;
            int w = p.inHand(Side.WHITE);
            int b = p.inHand(Side.BLACK);
            int flags = (p.sideToMove() == Side.BLACK ? BLACK_TO_MOVE : 0)
                    | (move != null && move.kind() == Move.Kind.ENTER ? ENTRY : 0)
                    | (findingPlies.contains(ply + 1) ? FINDING : 0)
                    | (move != null ? MOVED : 0)
                    | (w != white || b != black ? HANDS : 0)
                    | (maxCapture[ply] > 0 ? DUE : 0);
            out.write(flags);
            if ((flags & HANDS) != 0) {
                out.varint(w);
                out.varint(b);
                white = w;
                black = b;
            }
            if (move != null) out.varint(move.jumps());
            if (maxCapture[ply] > 0) {
                out.varint(maxCapture[ply]);
                out.varint(hits[ply]);
            }
            int n = 0;
            for (int sq = 0; sq < size; sq++) {
                Column c = p.column(sq);
                int j = c == null ? 0 : c.owner() == Side.WHITE ? c.jailers() : -c.jailers();
                int pr = c == null ? 0 : c.prisoners();
                if (j != jailers[sq] || pr != prisoners[sq]) {
                    changed[n++] = sq;
                    jailers[sq] = j;
                    prisoners[sq] = pr;
                }
            }
            out.varint(n);
            for (int i = 0; i < n; i++) {
                int sq = changed[i];
                out.write(sq);
                out.varint(Varint.zigzag(jailers[sq]));
                out.varint(prisoners[sq]);
            }
        }
        return out.toByteArray();
    }

    /**
     * Steps through an encoded game ply by ply, keeping the board: after {@link #next}, the
     * position of that ply. One per thread; {@link #start} begins another game.
     */
    public static final class Replay {
        /** Per square, signed: + White commands, - Black, 0 vacant. */
        public final int[] jailers;
        public final int[] prisoners;
        private ByteBuffer b;
        private int flags;
        private int white;
        private int black;
        private int jumps;
        private int maxCapture;
        private long hits;

        public Replay(int squares) {
            jailers = new int[squares];
            prisoners = new int[squares];
        }

        public void start(byte[] boards) {
            Arrays.fill(jailers, 0);
            Arrays.fill(prisoners, 0);
            b = ByteBuffer.wrap(boards);
            white = 0;
            black = 0;
        }

        /** Reads the next ply's position. */
        public void next() {
            flags = b.get();
            if ((flags & HANDS) != 0) {
                white = Varint.readInt(b);
                black = Varint.readInt(b);
            }
            jumps = (flags & MOVED) != 0 ? Varint.readInt(b) : -1;
            if ((flags & DUE) != 0) {
                maxCapture = Varint.readInt(b);
                hits = Varint.read(b);
            } else {
                maxCapture = 0;
                hits = 0;
            }
            int changes = Varint.readInt(b);
            for (int i = 0; i < changes; i++) {
                int sq = b.get() & 0xff;
                jailers[sq] = (int) Varint.unzigzag(Varint.read(b));
                prisoners[sq] = Varint.readInt(b);
            }
        }

        public Side toMove() {
            return (flags & BLACK_TO_MOVE) != 0 ? Side.BLACK : Side.WHITE;
        }

        public int whiteHand() {
            return white;
        }

        public int blackHand() {
            return black;
        }

        /** Men the move played from this position took; -1 when none was played. */
        public int jumps() {
            return jumps;
        }

        /** Men the longest capture available to the side to move takes; 0 when none is (org.emergo.replay.Analysis). */
        public int maxCapture() {
            return maxCapture;
        }

        /** Whether a legal capture of the side to move jumps the column on {@code sq}. */
        public boolean hit(int sq) {
            return (hits >>> sq & 1) != 0;
        }

        /** The squares legal captures jump, a bit each. */
        public long hits() {
            return hits;
        }

        /**
         * The men a side commands: in hand and in the columns it owns, jailers and prisoners (as
         * position.white_material counts them).
         */
        public int material(Side side) {
            int men = side == Side.WHITE ? white : black;
            for (int sq = 0; sq < jailers.length; sq++) {
                int j = jailers[sq];
                if (j != 0 && (j > 0) == (side == Side.WHITE)) men += Math.abs(j) + prisoners[sq];
            }
            return men;
        }

        public boolean entry() {
            return (flags & ENTRY) != 0;
        }

        public boolean finding() {
            return (flags & FINDING) != 0;
        }
    }
}
