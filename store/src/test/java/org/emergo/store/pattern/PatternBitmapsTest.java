package org.emergo.store.pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/** PatternBitmaps.values, which reads RoaringBitmap's serialized containers itself, against a plain lookup. */
class PatternBitmapsTest {

    /** Positions of a segment of 200,000: four chunks of 65,536 (the last one short). */
    private static final int POSITIONS = 200_000;

    @Test
    void valuesReadEveryKindOfContainer() {
        Map<Integer, RoaringBitmap> values = new TreeMap<>();
        SplittableRandom random = new SplittableRandom(52);
        // an array container in each chunk
        values.put(1, bitmap(random, 0.01, 0, POSITIONS));
        // bitmap containers: dense and scattered, so that runs do not pay
        values.put(2, bitmap(random, 0.4, 65_536, 2 * 65_536));
        // run containers: fewer than four containers (no offsets in the form), with and without other kinds
        RoaringBitmap runs = RoaringBitmap.bitmapOf();
        runs.add(70_000L, 90_000L);
        runs.add(140_000L, 140_010L);
        values.put(3, runs);
        RoaringBitmap mixed = bitmap(random, 0.002, 0, 65_536);
        mixed.add(131_072L, 150_000L);
        mixed.or(bitmap(random, 0.5, 196_608, POSITIONS));
        values.put(4, mixed);
        // runs in four containers or more (offsets in the form)
        RoaringBitmap manyRuns = RoaringBitmap.bitmapOf();
        for (int c = 0; c < 4; c++) manyRuns.add(c * 65_536L + 100, c * 65_536L + 3_000);
        values.put(5, manyRuns);
        values.put(6, RoaringBitmap.bitmapOf(0, 65_535, 65_536, POSITIONS - 1)); // the ends of chunks
        // no two values at one position, as in a NEXT row
        RoaringBitmap taken = new RoaringBitmap();
        for (RoaringBitmap b : values.values()) {
            b.andNot(taken);
            taken.or(b);
        }
        byte[] row = PatternBitmaps.write(values);

        for (double share : new double[] {0.0001, 0.05, 0.5, 1}) {
            // the positions asked about end before the segment's: values beyond them are skipped
            int[] within = bitmap(random, share, 0, POSITIONS - 5_000).toArray();
            int[] expected = new int[within.length];
            Arrays.fill(expected, -1);
            for (int i = 0; i < within.length; i++) {
                for (Map.Entry<Integer, RoaringBitmap> e : values.entrySet()) {
                    if (e.getValue().contains(within[i])) expected[i] = e.getKey();
                }
            }
            int[] out = new int[within.length];
            Arrays.fill(out, -1);
            PatternBitmaps.values(row, new PatternBitmaps.Dense(within, within.length), out);
            assertArrayEquals(expected, out, "share " + share);
        }
    }

    /** Each position of {@code from..to} with the given probability. */
    private static RoaringBitmap bitmap(SplittableRandom random, double share, int from, int to) {
        RoaringBitmap b = new RoaringBitmap();
        for (int p = from; p < to; p++) if (random.nextDouble() < share) b.add(p);
        return b;
    }
}
