package org.emergo.store.pattern;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import org.emergo.pattern.GameBoards;
import org.emergo.pattern.Varint;
import org.emergo.rules.Side;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.buffer.BufferFastAggregation;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;

/**
 * The bitmaps of one segment (sql/h2/V15__pattern_segments.sql): per dimension (a square, side
 * to move, men in hand, the move played) and value (a column's content, a count), the segment's
 * positions that have it. Built from pattern_game's encoded games, a game's positions numbered
 * one after another, and stored one row a dimension.
 */
final class PatternBitmaps {

    static final int TURN = 1000;
    static final int WHITE_HAND = 1001;
    static final int BLACK_HAND = 1002;
    static final int CAPTURE = 1003;
    static final int ENTRY = 1004;
    static final int FINDING = 1005;
    /** Men the longest capture available takes (absent when none is): due, takes:N. */
    static final int MAX_CAPTURE = 1006;
    /** Men White (Black) commands, and White's lead (negative when Black leads): material:. */
    static final int WHITE_MATERIAL = 1007;
    static final int BLACK_MATERIAL = 1008;
    static final int WHITE_LEAD = 1009;
    /**
     * The move played from the position ({@link #nextValue}), for what was played next
     * (PatternNextMoves). Every segment built since sql/V26 has this row, empty when no move was
     * played; a segment without it is read from position_next_idx instead.
     */
    static final int NEXT = 1010;
    /** HIT + square: the positions where a legal capture jumps the column on the square (SQ:hit), value 1. */
    static final int HIT = 2000;

    /** A square's value: the column's jailers (signed: + White commands) and prisoners. Vacant squares have none. */
    static int columnValue(int jailers, int prisoners) {
        return jailers * 256 + prisoners;
    }

    static int jailersOf(int value) {
        return Math.floorDiv(value, 256);
    }

    static int prisonersOf(int value) {
        return Math.floorMod(value, 256);
    }

    private PatternBitmaps() {
    }

    /**
     * A move played as {@link #NEXT}'s value: the side that played it (1 Black), the men it took,
     * the square it left (its index on the board plus 1, 0 for an entry) and the square it ended
     * on.
     */
    static int nextValue(int side, int takes, int fromPlusOne, int to) {
        return side << 24 | takes << 16 | fromPlusOne << 8 | to;
    }

    static int sideOf(int next) {
        return next >>> 24;
    }

    static int takesOf(int next) {
        return next >>> 16 & 0xff;
    }

    /** The square the move left, -1 for an entry. */
    static int fromOf(int next) {
        return (next >>> 8 & 0xff) - 1;
    }

    static int toOf(int next) {
        return next & 0xff;
    }

    /**
     * The {@link #NEXT} row's value at each position of {@code within}: {@code out[i]} for the
     * i-th such position (in order) that had a move played, the rest of {@code out} untouched.
     * Each value's bitmap is read in place, container by container ({@link #eachIn}), and its
     * positions looked up in {@code within}'s plain bits: one test a position of the row (a word
     * of 64 for a bitmap container), where intersecting each value's bitmap with {@code within}
     * searched {@code within}'s containers for each of them, most of the search's time, and
     * RoaringBitmap's batch iterator took twice as long as this
     * (docs/performance.md#every-page-within-its-budget).
     */
    static void values(byte[] row, Dense within, int[] out) {
        ByteBuffer in = ByteBuffer.wrap(row).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) {
            int value = (int) Varint.unzigzag(Varint.read(in));
            int length = Varint.readInt(in);
            int end = in.position() + length;
            eachIn(in, within, out, value);
            in.position(end);
        }
    }

    /** RoaringBitmap's serialized form (its RoaringFormatSpec): a cookie saying whether any container is of runs. */
    private static final int SERIAL_COOKIE_NO_RUNCONTAINER = 12346;
    private static final int SERIAL_COOKIE = 12347;
    /** With run containers, fewer containers than this have no offsets. */
    private static final int NO_OFFSET_THRESHOLD = 4;

    /**
     * For each position of the bitmap serialized at {@code in}'s position (little-endian) that
     * {@code within} holds, {@code out[rank in within] = value}: array containers position by
     * position, bitmap containers a word of 64 at a time against {@code within}'s, runs position
     * by position. Leaves {@code in} anywhere.
     */
    private static void eachIn(ByteBuffer in, Dense within, int[] out, int value) {
        long[] words = within.words;
        int[] before = within.before;
        int start = in.position();
        int cookie = in.getInt(start);
        int size;
        int header;
        boolean runs = (cookie & 0xFFFF) == SERIAL_COOKIE;
        int runFlags = start + 4;
        if (runs) {
            size = (cookie >>> 16) + 1;
            header = runFlags + (size + 7) / 8;
        } else if (cookie == SERIAL_COOKIE_NO_RUNCONTAINER) {
            size = in.getInt(start + 4);
            header = start + 8;
        } else {
            throw new IllegalStateException("not a serialized RoaringBitmap: cookie " + cookie);
        }
        int at = header + 4 * size + (!runs || size >= NO_OFFSET_THRESHOLD ? 4 * size : 0);
        for (int k = 0; k < size; k++) {
            int high = (in.getShort(header + 4 * k) & 0xFFFF) << 16;
            int cardinality = (in.getShort(header + 4 * k + 2) & 0xFFFF) + 1;
            int firstWord = high >>> 6;
            if (runs && (in.get(runFlags + k / 8) & 1 << k % 8) != 0) {
                int n = in.getShort(at) & 0xFFFF;
                at += 2;
                for (int r = 0; r < n; r++, at += 4) {
                    int from = high | in.getShort(at) & 0xFFFF;
                    int last = from + (in.getShort(at + 2) & 0xFFFF);
                    for (int p = from; p <= last; p++) put(words, before, out, p, value);
                }
            } else if (cardinality <= 4096) {
                for (int i = 0; i < cardinality; i++, at += 2) put(words, before, out, high | in.getShort(at) & 0xFFFF, value);
            } else {
                for (int w = 0; w < 1024; w++, at += 8) {
                    int word = firstWord + w;
                    if (word >= words.length) continue;
                    long both = in.getLong(at) & words[word];
                    while (both != 0) {
                        long bit = both & -both;
                        out[before[word] + Long.bitCount(words[word] & (bit - 1))] = value;
                        both ^= bit;
                    }
                }
            }
        }
    }

    /** {@code out[rank of p in within] = value} if {@code within} holds position {@code p}. */
    private static void put(long[] words, int[] before, int[] out, int p, int value) {
        int w = p >>> 6;
        if (w >= words.length) return; // beyond the positions asked about
        long word = words[w];
        long bit = 1L << p;
        if ((word & bit) != 0) out[before[w] + Long.bitCount(word & (bit - 1))] = value;
    }

    /**
     * A set of a segment's positions as plain bits, with the count of positions before each word
     * of 64: whether a position is in it and its rank (the positions before it) in constant time.
     */
    static final class Dense {
        final long[] words;
        final int[] before;

        /** The positions, in increasing order: {@code sorted[0..count)}. */
        Dense(int[] sorted, int count) {
            words = new long[count == 0 ? 0 : (sorted[count - 1] >>> 6) + 1];
            for (int i = 0; i < count; i++) words[sorted[i] >>> 6] |= 1L << sorted[i];
            before = new int[words.length];
            int total = 0;
            for (int w = 0; w < words.length; w++) {
                before[w] = total;
                total += Long.bitCount(words[w]);
            }
        }
    }

    /**
     * Collects a segment's bitmaps game by game. A value is added as a range of positions, from
     * the ply it was taken to the ply it changed (a column stands for many plies, men in hand
     * change seldom), which keeps runs as runs and makes few additions.
     */
    static final class Builder {
        private static final int ABSENT = Integer.MIN_VALUE;
        private static final int[] META = {TURN, WHITE_HAND, BLACK_HAND, CAPTURE, ENTRY, FINDING, MAX_CAPTURE,
            WHITE_MATERIAL, BLACK_MATERIAL, WHITE_LEAD};

        private final int squares;
        private final GameBoards.Replay replay;
        /** Per dimension: value to bitmap. */
        private final Map<Integer, Map<Integer, RoaringBitmap>> dimensions = new TreeMap<>();
        /** Per tracked dimension (the squares, META, then HIT per square): the value held and since which position. */
        private final int[] held;
        private final int[] since;
        private final int[] now;
        private int positions;

        Builder(int squares) {
            this.squares = squares;
            this.replay = new GameBoards.Replay(squares);
            this.held = new int[squares + META.length + squares];
            this.since = new int[held.length];
            this.now = new int[held.length];
        }

        int positions() {
            return positions;
        }

        /** The move played from position {@code at} of the segment ({@link #nextValue}). */
        void next(int at, int value) {
            dimensions.computeIfAbsent(NEXT, d -> new TreeMap<>()).computeIfAbsent(value, v -> new RoaringBitmap()).add(at);
        }

        /** Adds a game's plies as the next positions of the segment. */
        void add(byte[] boards, int plies) {
            int first = positions;
            replay.start(boards);
            Arrays.fill(held, ABSENT);
            for (int ply = 0; ply < plies; ply++) {
                replay.next();
                int at = first + ply;
                read(now);
                for (int i = 0; i < held.length; i++) {
                    if (now[i] != held[i]) {
                        close(i, at);
                        held[i] = now[i];
                        since[i] = at;
                    }
                }
            }
            positions = first + plies;
            for (int i = 0; i < held.length; i++) close(i, positions);
        }

        /** The replayed position's value in every tracked dimension. */
        private void read(int[] values) {
            GameBoards.Replay r = replay;
            for (int sq = 0; sq < squares; sq++) {
                values[sq] = r.jailers[sq] == 0 ? ABSENT : columnValue(r.jailers[sq], r.prisoners[sq]);
            }
            values[squares] = r.toMove().ordinal();
            values[squares + 1] = r.whiteHand();
            values[squares + 2] = r.blackHand();
            values[squares + 3] = r.jumps() < 0 ? ABSENT : r.jumps();
            values[squares + 4] = r.entry() ? 1 : ABSENT;
            values[squares + 5] = r.finding() ? 1 : ABSENT;
            values[squares + 6] = r.maxCapture() == 0 ? ABSENT : r.maxCapture();
            int white = r.material(Side.WHITE);
            int black = r.material(Side.BLACK);
            values[squares + 7] = white;
            values[squares + 8] = black;
            values[squares + 9] = white - black;
            int hits = squares + META.length;
            long hit = r.hits();
            for (int sq = 0; sq < squares; sq++) values[hits + sq] = (hit >>> sq & 1) != 0 ? 1 : ABSENT;
        }

        /** Ends the run of tracked dimension {@code i}'s held value before position {@code end}. */
        private void close(int i, int end) {
            if (held[i] == ABSENT || since[i] >= end) return;
            int dimension = i < squares ? i : i < squares + META.length ? META[i - squares] : HIT + i - squares - META.length;
            dimensions.computeIfAbsent(dimension, d -> new TreeMap<>())
                    .computeIfAbsent(held[i], v -> new RoaringBitmap())
                    .add((long) since[i], (long) end);
        }

        /** Every dimension with a value, serialized as pattern_bits.bitmaps. */
        Map<Integer, byte[]> serialized() {
            Map<Integer, byte[]> rows = new TreeMap<>();
            dimensions.forEach((d, values) -> rows.put(d, write(values)));
            rows.putIfAbsent(NEXT, new byte[0]); // built, though no move was played
            return rows;
        }
    }

    static byte[] write(Map<Integer, RoaringBitmap> values) {
        try {
            Varint.Writer out = new Varint.Writer(256);
            DataOutputStream roaring = new DataOutputStream(out); // writes through: no buffer of its own
            for (Map.Entry<Integer, RoaringBitmap> e : values.entrySet()) {
                RoaringBitmap b = e.getValue();
                b.runOptimize();
                out.varint(Varint.zigzag(e.getKey()));
                out.varint(b.serializedSizeInBytes());
                b.serialize(roaring);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
    }

    /**
     * The union of the bitmaps of the values {@code wanted} accepts, read in place (RoaringBitmap's
     * immutable form over the row's bytes) and ORed together at once.
     */
    static RoaringBitmap union(byte[] row, IntPredicate wanted) {
        ByteBuffer in = ByteBuffer.wrap(row);
        List<ImmutableRoaringBitmap> parts = new ArrayList<>();
        while (in.hasRemaining()) {
            int value = (int) Varint.unzigzag(Varint.read(in));
            int length = Varint.readInt(in);
            if (wanted.test(value)) parts.add(new ImmutableRoaringBitmap(in.slice(in.position(), length)));
            in.position(in.position() + length);
        }
        if (parts.isEmpty()) return new RoaringBitmap();
        if (parts.size() == 1) return parts.get(0).toRoaringBitmap();
        return BufferFastAggregation.or(parts.iterator()).toRoaringBitmap();
    }
}
