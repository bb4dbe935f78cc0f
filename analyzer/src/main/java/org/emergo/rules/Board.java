package org.emergo.rules;

import java.util.Arrays;

/**
 * The geometry of one board: its squares in canonical order, their names and the
 * neighbour table. Squares are ints 0..size-1 in canonical order (by file, then rank).
 * Directions come in opposite pairs, so the opposite of direction d is {@code d ^ 1}.
 */
public final class Board {

    /** The 41 dark squares of the 9x9 board, named by oblique lines (docs/rules.md#the-emergo-board). */
    public static final Board EMERGO = new Board(
            "Emergo", 9, 9,
            new int[][] {{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
            (f, r) -> Math.abs(f - r) <= 4 && f + r >= 4 && f + r <= 12,
            4, 4);

    /** The hexhex board of side 4, 37 cells (docs/rules.md#the-hexemergo-board). */
    public static final Board HEXEMERGO = new Board(
            "HexEmergo", 7, 7,
            new int[][] {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}},
            (c, n) -> Math.abs(c - n) <= 3,
            3, 3);

    private interface Shape {
        boolean contains(int x, int y);
    }

    private final String name;
    private final int width;
    private final int height;
    private final int directions;
    private final int[] dx;
    private final int[] dy;
    private final int[] xs;
    private final int[] ys;
    private final String[] names;
    private final int[] indexByCoordinate;
    private final int[] neighbours;
    private final int centre;
    private final Move[] entries;
    private final Move[] steps;

    private Board(String name, int width, int height, int[][] dirs, Shape shape, int centreX, int centreY) {
        this.name = name;
        this.width = width;
        this.height = height;
        this.directions = dirs.length;
        this.dx = new int[directions];
        this.dy = new int[directions];
        for (int d = 0; d < directions; d++) {
            dx[d] = dirs[d][0];
            dy[d] = dirs[d][1];
        }
        indexByCoordinate = new int[width * height];
        Arrays.fill(indexByCoordinate, -1);
        int count = 0;
        for (int x = 0; x < width; x++) {
            for (int y = 0; y < height; y++) {
                if (shape.contains(x, y)) indexByCoordinate[x * height + y] = count++;
            }
        }
        xs = new int[count];
        ys = new int[count];
        names = new String[count];
        for (int x = 0; x < width; x++) {
            for (int y = 0; y < height; y++) {
                int sq = indexByCoordinate[x * height + y];
                if (sq < 0) continue;
                xs[sq] = x;
                ys[sq] = y;
                names[sq] = "" + (char) ('a' + x) + (char) ('1' + y);
            }
        }
        neighbours = new int[count * directions];
        for (int sq = 0; sq < count; sq++) {
            for (int d = 0; d < directions; d++) {
                neighbours[sq * directions + d] = index(xs[sq] + dx[d], ys[sq] + dy[d]);
            }
        }
        centre = index(centreX, centreY);
        entries = new Move[count];
        steps = new Move[count * directions];
        for (int sq = 0; sq < count; sq++) {
            entries[sq] = new Move(this, new int[] {sq});
            for (int d = 0; d < directions; d++) {
                int to = neighbour(sq, d);
                if (to >= 0) steps[sq * directions + d] = new Move(this, new int[] {sq, to});
            }
        }
    }

    /** "Emergo" or "HexEmergo". */
    public String name() {
        return name;
    }

    public Variant variant() {
        return this == EMERGO ? Variant.EMERGO : Variant.HEXEMERGO;
    }

    /** Number of squares (41 or 37). */
    public int size() {
        return xs.length;
    }

    /** Number of directions (4 or 6). */
    public int directions() {
        return directions;
    }

    /** The centre square, where White may not enter first (docs/rules.md#the-centre-on-the-first-move). */
    public int centre() {
        return centre;
    }

    /** File (column) index of a square: a = 0. */
    public int x(int sq) {
        return xs[sq];
    }

    /** Rank (number) index of a square: 1 = 0. */
    public int y(int sq) {
        return ys[sq];
    }

    /** The square at file/rank indices, or -1 if there is none. */
    public int index(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height) return -1;
        return indexByCoordinate[x * height + y];
    }

    /** The square one step from sq in direction d, or -1 off the board. */
    public int neighbour(int sq, int d) {
        return neighbours[sq * directions + d];
    }

    /** Lower-case name of a square, e.g. {@code e5}. */
    public String name(int sq) {
        return names[sq];
    }

    /** The square of a name (either case), or -1 if there is no such square on this board. */
    public int square(String name) {
        if (name.length() != 2) return -1;
        int x = Character.toLowerCase(name.charAt(0)) - 'a';
        int y = name.charAt(1) - '1';
        return index(x, y);
    }

    /** The direction of a one-step move from a to b, or -1 if they are not adjacent. */
    public int stepDirection(int a, int b) {
        for (int d = 0; d < directions; d++) {
            if (neighbour(a, d) == b) return d;
        }
        return -1;
    }

    /** The direction of a single jump from a to b (two steps in one line), or -1. */
    public int jumpDirection(int a, int b) {
        for (int d = 0; d < directions; d++) {
            int mid = neighbour(a, d);
            if (mid >= 0 && neighbour(mid, d) == b) return d;
        }
        return -1;
    }

    /** The shared entry move for a square. */
    Move entry(int sq) {
        return entries[sq];
    }

    /** The shared step move from sq in direction d (null off the board). */
    Move step(int sq, int d) {
        return steps[sq * directions + d];
    }

    @Override
    public String toString() {
        return name;
    }
}
