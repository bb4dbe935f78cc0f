package org.emergo.search;

/**
 * How far one search looks: a fixed depth in plies, or a budget of nodes (iterative deepening
 * stops before the iteration that would exceed it). Either way the result is the same on every
 * run, on every machine and with any number of threads: no clock is read.
 */
public record Limit(int depth, long nodes) {

    public Limit {
        if (depth < 0 || nodes < 0) throw new IllegalArgumentException("a limit is not negative");
        if ((depth == 0) == (nodes == 0)) throw new IllegalArgumentException("a limit is a depth or a node budget");
    }

    public static Limit depth(int plies) {
        return new Limit(plies, 0);
    }

    public static Limit nodes(long budget) {
        return new Limit(0, budget);
    }

    /** The setting as stored with a review and written on the command line: {@code depth=6}, {@code nodes=20000}. */
    @Override
    public String toString() {
        return depth > 0 ? "depth=" + depth : "nodes=" + nodes;
    }

    /** Reads {@link #toString()}'s form back. */
    public static Limit parse(String text) {
        int eq = text.indexOf('=');
        if (eq < 0) throw new IllegalArgumentException("a limit is depth=N or nodes=N: " + text);
        long n;
        try {
            n = Long.parseLong(text.substring(eq + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a limit is depth=N or nodes=N: " + text);
        }
        return switch (text.substring(0, eq)) {
            case "depth" -> depth((int) n);
            case "nodes" -> nodes(n);
            default -> throw new IllegalArgumentException("a limit is depth=N or nodes=N: " + text);
        };
    }
}
