package org.emergo.pattern;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Board;

/**
 * A symmetry of a board (docs/patterns.md#symmetry): a permutation of its squares that maps every
 * line of the board onto a line, so that a pattern moved by it asks the same question in another
 * orientation. The symmetries are not listed by hand but derived from the board's neighbour
 * table ({@link #of}): every way to send the centre to a square and the directions to directions
 * such that each step along a line stays a step along a line.
 *
 * @param name      how the board is turned, as drawn in docs/rules.md#the-emergo-board: "as given", "turned 90°" (counter-clockwise),
 *                  "mirrored, axis at 45°" (the axis's angle to the horizontal)
 * @param squares   {@code squares[sq]} the square that {@code sq} goes to
 */
public record Symmetry(String name, int[] squares) {

    private static final Map<Board, List<Symmetry>> GROUPS = new LinkedHashMap<>();

    /** The board's symmetries, the identity first, then by angle; 8 for Emergo, 12 for HexEmergo. */
    public static synchronized List<Symmetry> of(Board board) {
        return GROUPS.computeIfAbsent(board, Symmetry::derive);
    }

    private static List<Symmetry> derive(Board board) {
        int n = board.directions();
        List<Symmetry> found = new ArrayList<>();
        for (int[] turn : permutations(n)) {
            for (int centre = 0; centre < board.size(); centre++) {
                int[] map = follow(board, turn, centre);
                if (map != null) found.add(new Symmetry(name(board, turn), map));
            }
        }
        found.sort((a, b) -> Integer.compare(order(a.name), order(b.name)));
        return List.copyOf(found);
    }

    /**
     * The map that sends the board's centre to {@code to} and each step in direction d to a step
     * in direction {@code turn[d]}, if it is a one-to-one map of the board onto itself; else null.
     */
    private static int[] follow(Board board, int[] turn, int to) {
        int[] map = new int[board.size()];
        Arrays.fill(map, -1);
        map[board.centre()] = to;
        int[] queue = new int[board.size()];
        int head = 0;
        int tail = 0;
        queue[tail++] = board.centre();
        boolean[] used = new boolean[board.size()];
        used[to] = true;
        while (head < tail) {
            int sq = queue[head++];
            for (int d = 0; d < board.directions(); d++) {
                int next = board.neighbour(sq, d);
                int image = board.neighbour(map[sq], turn[d]);
                if ((next < 0) != (image < 0)) return null;
                if (next < 0) continue;
                if (map[next] < 0) {
                    if (used[image]) return null;
                    map[next] = image;
                    used[image] = true;
                    queue[tail++] = next;
                } else if (map[next] != image) {
                    return null;
                }
            }
        }
        return tail == board.size() ? map : null;
    }

    /**
     * The name of the turn of directions, read in the drawing of docs/rules.md#the-emergo-board: an Emergo step of
     * the file is (1, -1) on the checkerboard and of the rank (1, 1); a HexEmergo step of the
     * column is (1, 0) and of the number (1/2, √3/2).
     */
    private static String name(Board board, int[] turn) {
        double[][] v = vectors(board);
        // the linear map sends v[0] to v[turn[0]] and v[2] to v[turn[2]] (directions 0 and 2 are independent)
        double[] a = v[0];
        double[] b = v[2];
        double[] a2 = v[turn[0]];
        double[] b2 = v[turn[2]];
        double det = a[0] * b[1] - a[1] * b[0];
        double det2 = a2[0] * b2[1] - a2[1] * b2[0];
        double from = Math.toDegrees(Math.atan2(a[1], a[0]));
        double to = Math.toDegrees(Math.atan2(a2[1], a2[0]));
        if (Math.signum(det) == Math.signum(det2)) {
            long angle = Math.round(((to - from) % 360 + 360) % 360) % 360;
            return angle == 0 ? "as given" : "turned " + angle + "°";
        }
        long axis = Math.round((((from + to) / 2) % 180 + 180) % 180) % 180;
        return "mirrored, axis at " + axis + "°";
    }

    private static double[][] vectors(Board board) {
        if (board == Board.EMERGO) return new double[][] {{1, -1}, {-1, 1}, {1, 1}, {-1, -1}};
        double h = Math.sqrt(3) / 2;
        // HexEmergo's directions: (c, n+1), (c, n-1), (c+1, n), (c-1, n), (c+1, n+1), (c-1, n-1)
        double[] col = {1, 0};
        double[] num = {-0.5, h};
        return new double[][] {num, {-num[0], -num[1]}, col, {-col[0], -col[1]},
            {col[0] + num[0], col[1] + num[1]}, {-col[0] - num[0], -col[1] - num[1]}};
    }

    private static int order(String name) {
        if (name.equals("as given")) return 0;
        if (name.startsWith("turned ")) return Integer.parseInt(name.substring(7, name.length() - 1));
        return 1000 + Integer.parseInt(name.substring("mirrored, axis at ".length(), name.length() - 1));
    }

    private static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] p, boolean[] used, int at, List<int[]> out) {
        if (at == p.length) {
            out.add(p.clone());
            return;
        }
        for (int i = 0; i < p.length; i++) {
            if (used[i]) continue;
            used[i] = true;
            p[at] = i;
            permute(p, used, at + 1, out);
            used[i] = false;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Symmetry s && s.name.equals(name) && Arrays.equals(s.squares, squares);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(squares);
    }

    @Override
    public String toString() {
        return name;
    }
}
