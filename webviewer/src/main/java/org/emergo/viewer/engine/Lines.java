package org.emergo.viewer.engine;

import io.javalin.http.BadRequestResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * The moves tried on the analysis board, as the address keeps them (docs/viewer.md#the-analysis-board):
 * each line is a ply of the main line and the moves tried from there ({@code v=12:e4-e5,d3xd5}), and
 * {@code at=I.N} is where the board stands, N moves into line I (none: on the main line). Lines that
 * begin alike form a tree; the address holds every line, so a shared or reloaded address, and Back,
 * show the same tree.
 *
 * @param lines the lines, in the order they were tried
 * @param at    the line the board stands in, -1 on the main line
 * @param depth how many of its moves are played (1 or more), 0 on the main line
 */
public record Lines(List<Line> lines, int at, int depth) {

    /** At most this many lines and moves in a line: an address stays a few kilobytes. */
    public static final int MAX_LINES = 40;
    public static final int MAX_MOVES = 60;

    private static final Pattern MOVE = Pattern.compile("[a-z][0-9](?:[-x][a-z][0-9])*");

    /** Moves tried from position {@code ply} of the main line, in canonical notation. */
    public record Line(int ply, List<String> moves) {
        public Line {
            moves = List.copyOf(moves);
        }
    }

    public static final Lines NONE = new Lines(List.of(), -1, 0);

    public Lines {
        lines = List.copyOf(lines);
    }

    /** The lines of the parameters {@code v} and {@code at}; 400 for what is not their form. */
    public static Lines parse(List<String> v, String at) {
        if (v == null || v.isEmpty()) return NONE;
        if (v.size() > MAX_LINES) throw new BadRequestResponse("at most " + MAX_LINES + " lines of moves tried");
        List<Line> lines = new ArrayList<>();
        for (String text : v) {
            int colon = text.indexOf(':');
            if (colon < 1) throw new BadRequestResponse("a line of moves tried is PLY:MOVE,MOVE,...: " + text);
            int ply = number(text.substring(0, colon));
            List<String> moves = new ArrayList<>();
            for (String m : text.substring(colon + 1).split(",")) {
                if (!MOVE.matcher(m).matches()) throw new BadRequestResponse("not a move in canonical notation: " + m);
                moves.add(m);
            }
            if (moves.size() > MAX_MOVES) throw new BadRequestResponse("at most " + MAX_MOVES + " moves in a line");
            lines.add(new Line(ply, moves));
        }
        if (at == null || at.isBlank()) return new Lines(lines, -1, 0);
        int dot = at.indexOf('.');
        if (dot < 1) throw new BadRequestResponse("at is LINE.MOVES: " + at);
        int line = number(at.substring(0, dot));
        int depth = number(at.substring(dot + 1));
        if (line >= lines.size() || depth < 1 || depth > lines.get(line).moves().size()) {
            throw new BadRequestResponse("at " + at + " is not in the lines tried");
        }
        return new Lines(lines, line, depth);
    }

    private static int number(String text) {
        try {
            int n = Integer.parseInt(text);
            if (n < 0) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new BadRequestResponse("not a number: " + text);
        }
    }

    /** Whether the board stands in a line tried, not on the main line. */
    public boolean inLine() {
        return at >= 0;
    }

    /** The ply of the main line the board's line leaves from, or {@code mainPly} on the main line. */
    public int branchPly(int mainPly) {
        return at >= 0 ? lines.get(at).ply() : mainPly;
    }

    /** The moves played from the branch ply to the board's position. */
    public List<String> played() {
        return at < 0 ? List.of() : lines.get(at).moves().subList(0, depth);
    }

    /** The query of these lines, {@code v=...&at=...}, empty for none. */
    public String query() {
        StringBuilder sb = new StringBuilder();
        for (Line l : lines) {
            if (sb.length() > 0) sb.append('&');
            // moves are letters, digits, - and x: safe in a query as they are
            sb.append("v=").append(l.ply()).append(':').append(String.join(",", l.moves()));
        }
        if (at >= 0) sb.append("&at=").append(at).append('.').append(depth);
        return sb.toString();
    }

    /** The same lines with the board on the main line. */
    public Lines onMainLine() {
        return new Lines(lines, -1, 0);
    }

    /**
     * The lines after {@code move} is played where the board stands: into a line that already has
     * it, or a line made longer, or a new line.
     *
     * @param mainMove the main line's move from the branch ply when the board is on the main line
     *                 (null at its end); playing it stays on the main line and gives null
     */
    public Lines play(int mainPly, String mainMove, String move) {
        List<String> prefix = played();
        int ply = branchPly(mainPly);
        if (at < 0 && move.equals(mainMove)) return null;
        int n = prefix.size();
        // the board's own line, then any line that shares the moves so far
        if (at >= 0 && lines.get(at).moves().size() > n && lines.get(at).moves().get(n).equals(move)) {
            return new Lines(lines, at, n + 1);
        }
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (l.ply() == ply && l.moves().size() > n && l.moves().subList(0, n).equals(prefix) && l.moves().get(n).equals(move)) {
                return new Lines(lines, i, n + 1);
            }
        }
        List<Line> next = new ArrayList<>(lines);
        List<String> moves = new ArrayList<>(prefix);
        moves.add(move);
        if (moves.size() > MAX_MOVES) return null;
        if (at >= 0 && lines.get(at).moves().size() == n) {
            next.set(at, new Line(ply, moves));
            return new Lines(next, at, n + 1);
        }
        if (next.size() >= MAX_LINES) return null;
        next.add(new Line(ply, moves));
        return new Lines(next, next.size() - 1, n + 1);
    }

    /** One move back: within the line, or onto the main line at the branch ply. */
    public Lines back() {
        return depth > 1 ? new Lines(lines, at, depth - 1) : onMainLine();
    }

    /** One move forward in the board's line, or null at its end or on the main line. */
    public Lines forward() {
        return at >= 0 && depth < lines.get(at).moves().size() ? new Lines(lines, at, depth + 1) : null;
    }

    /** A move of the tree: where it stands (line, depth) and its alternatives, written after it. */
    public record Node(String move, int line, int depth, int ply, List<Node> children) {}

    /**
     * The tree of the lines that leave the main line at {@code ply}: one node for each different
     * first move, each with the moves that follow it.
     */
    public List<Node> tree(int ply) {
        List<MutableNode> roots = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (l.ply() != ply) continue;
            List<MutableNode> level = roots;
            for (int d = 0; d < l.moves().size(); d++) {
                String m = l.moves().get(d);
                MutableNode found = null;
                for (MutableNode n : level) if (n.move.equals(m)) found = n;
                if (found == null) {
                    found = new MutableNode(m, i, d + 1, ply + d);
                    level.add(found);
                }
                level = found.children;
            }
        }
        return roots.stream().map(MutableNode::freeze).toList();
    }

    /** The plies of the main line that lines leave from, in order. */
    public List<Integer> branchPlies() {
        return lines.stream().map(Line::ply).distinct().sorted().toList();
    }

    private static final class MutableNode {
        final String move;
        final int line;
        final int depth;
        final int ply;
        final List<MutableNode> children = new ArrayList<>();

        MutableNode(String move, int line, int depth, int ply) {
            this.move = move;
            this.line = line;
            this.depth = depth;
            this.ply = ply;
        }

        Node freeze() {
            return new Node(move, line, depth, ply, children.stream().map(MutableNode::freeze).toList());
        }
    }

    /** One piece of the move list's lines: an opening or closing bracket, or a move with its link. */
    public record Token(String kind, String text, String href, boolean current) {}

    /**
     * The lines leaving the main line at {@code ply} as the move list shows them, PGN's way: each
     * in brackets, a move's alternatives in brackets after it.
     *
     * @param whiteStarts White moves first in the main line
     * @param url         the address of the board at a line and depth
     */
    public List<Token> tokens(int ply, boolean whiteStarts, BiFunction<Integer, Integer, String> url) {
        List<Token> out = new ArrayList<>();
        for (Node root : tree(ply)) {
            out.add(new Token("open", "(", null, false));
            chain(root, List.of(), true, whiteStarts, url, out);
            out.add(new Token("close", ")", null, false));
        }
        return out;
    }

    private void chain(Node n, List<Node> alternatives, boolean number, boolean whiteStarts,
            BiFunction<Integer, Integer, String> url, List<Token> out) {
        out.add(new Token("move", label(n.ply(), n.move(), number, whiteStarts), url.apply(n.line(), n.depth()),
                n.line() == at && n.depth() == depth));
        for (Node alt : alternatives) {
            out.add(new Token("open", "(", null, false));
            chain(alt, List.of(), true, whiteStarts, url, out);
            out.add(new Token("close", ")", null, false));
        }
        if (!n.children().isEmpty()) {
            chain(n.children().get(0), n.children().subList(1, n.children().size()), !alternatives.isEmpty(), whiteStarts,
                    url, out);
        }
    }

    /** "12. e4", "12... e4" where a number is due, else the move alone; {@code ply} the position it is played from. */
    public static String label(int ply, String move, boolean number, boolean whiteStarts) {
        int s = whiteStarts ? ply : ply + 1;
        boolean white = s % 2 == 0;
        if (white) return (s / 2 + 1) + ". " + move;
        return number ? (s / 2 + 1) + "... " + move : move;
    }
}
