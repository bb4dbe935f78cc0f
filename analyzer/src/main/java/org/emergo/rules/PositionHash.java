package org.emergo.rules;

/**
 * The 64-bit position hash: a function of the board, both hand counts and the side to move,
 * the same content as the position string (docs/formats.md#position-strings). Each part is a
 * splitmix64 mix of a distinct key, XORed together, so a move updates it by XORing out the old parts and in
 * the new ones. The keys are fixed: stored hashes stay valid across versions.
 */
public final class PositionHash {

    private static final long WHITE_HAND = 1L << 40;
    private static final long BLACK_HAND = 2L << 40;
    private static final long SIDE = 3L << 40;

    private PositionHash() {}

    /** The part of one occupied square; 0 for an empty one. */
    static long square(int sq, int packed) {
        return packed == 0 ? 0 : mix(((long) sq << 32) | packed);
    }

    static long whiteHand(int count) {
        return mix(WHITE_HAND + count);
    }

    static long blackHand(int count) {
        return mix(BLACK_HAND + count);
    }

    static long side(Side side) {
        return mix(SIDE + side.ordinal());
    }

    /** The hash recomputed from nothing; play keeps it up to date incrementally. */
    static long compute(int[] cells, int whiteInHand, int blackInHand, Side toMove) {
        long h = whiteHand(whiteInHand) ^ blackHand(blackInHand) ^ side(toMove);
        for (int sq = 0; sq < cells.length; sq++) h ^= square(sq, cells[sq]);
        return h;
    }

    /** The splitmix64 finaliser: a bijection that spreads every input bit. */
    private static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
