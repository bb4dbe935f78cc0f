package org.emergo.pattern;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;

/**
 * A question about positions (docs/patterns.md#the-text-form): conditions on squares, side to move, men in
 * hand and the move played from the position; optionally a second pattern that must match
 * within {@code within} plies after it in the same game.
 *
 * @param squares   a condition per square of the variant's board, {@link SquareCondition#ANY} where none
 * @param toMove    the side to move, or null for either
 * @param whiteHand White's men in hand, or null for any number
 * @param blackHand Black's men in hand, or null for any number
 * @param capture   men taken by the move played, or null when the move does not matter
 * @param entry     the move played enters a man
 * @param finding   the move played has a finding (a rule breach)
 * @param within    plies (1 or more) in which {@code then} must follow; 0 when there is no {@code then}
 * @param then      the second pattern of a manoeuvre, or null
 * @param excluded  parts written {@code not ...}: a position that matches one of them does not match this part
 * @param or        the further alternatives ({@code ... or ...}), each a whole pattern of its own; only
 *                  the first alternative has them
 * @param sym       the whole pattern is also asked in every other orientation of the board ({@link Symmetry})
 * @param colours   the whole pattern is also asked with the colours and the side to move swapped
 * @param more      threats, material and streak ({@link More}); {@link More#NONE} when none is asked
 */
public record Pattern(Variant variant, SquareCondition[] squares, Side toMove, Range whiteHand, Range blackHand,
        Range capture, boolean entry, boolean finding, int within, Pattern then, List<Pattern> excluded,
        List<Pattern> or, boolean sym, boolean colours, More more) {

    public Pattern {
        excluded = List.copyOf(excluded);
        or = List.copyOf(or);
    }

    /**
     * A part's conditions from the rules and its streak (docs/patterns.md#threats-and-material).
     *
     * @param takes         men the longest capture available to the side to move takes ({@code due}:
     *                      1 or more; {@code takes:0} none), or null
     * @param whiteMaterial men White commands (in hand and in his columns), or null
     * @param blackMaterial the same for Black, or null
     * @param leader        the side whose lead {@code lead} counts, or null
     * @param lead          men {@code leader} commands more than the other side, or null
     * @param streak        the part holds in this many consecutive positions from this one (1: this one alone)
     */
    public record More(Range takes, Range whiteMaterial, Range blackMaterial, Side leader, Range lead, int streak) {

        public static final More NONE = new More(null, null, null, null, null, 1);

        More swapped() {
            return new More(takes, blackMaterial, whiteMaterial, leader == null ? null : leader.opponent(), lead, streak);
        }

        boolean asksMaterial() {
            return whiteMaterial != null || blackMaterial != null || lead != null;
        }
    }

    /** The same pattern asking {@code more} too. */
    public Pattern(Variant variant, SquareCondition[] squares, Side toMove, Range whiteHand, Range blackHand,
            Range capture, boolean entry, boolean finding, int within, Pattern then, List<Pattern> excluded,
            List<Pattern> or, boolean sym, boolean colours) {
        this(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding, within, then, excluded, or, sym,
                colours, More.NONE);
    }

    /** A part with neither exclusions nor alternatives. */
    public Pattern(Variant variant, SquareCondition[] squares, Side toMove, Range whiteHand, Range blackHand,
            Range capture, boolean entry, boolean finding, int within, Pattern then) {
        this(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding, within, then, List.of(), List.of(),
                false, false);
    }

    /** The part that asks nothing: every position of the variant's games. */
    public static Pattern any(Variant v) {
        return new Pattern(v, anySquares(v), null, null, null, null, false, false, 0, null);
    }

    /**
     * Every alternative of the pattern, this one first (without its {@code or}): a position
     * matches the pattern when it matches one of them.
     */
    public List<Pattern> alternatives() {
        List<Pattern> all = new ArrayList<>();
        all.add(withOr(List.of()));
        all.addAll(or);
        return all;
    }

    /** The pattern with these alternatives after its first. */
    public Pattern withOr(List<Pattern> alternatives) {
        return new Pattern(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding, within, then,
                excluded, alternatives, sym, colours, more);
    }

    /** The part with these exclusions. */
    public Pattern withExcluded(List<Pattern> parts) {
        return new Pattern(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding, within, then,
                parts, or, sym, colours, more);
    }

    /** The alternative with this second pattern ({@code then:within}), or none when {@code then} is null. */
    public Pattern withThen(int plies, Pattern second) {
        return new Pattern(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding,
                second == null ? 0 : plies, second, excluded, or, sym, colours, more);
    }

    /** The part with these square conditions. */
    public Pattern withSquares(SquareCondition[] conditions) {
        return new Pattern(variant, conditions, toMove, whiteHand, blackHand, capture, entry, finding, within, then,
                excluded, or, sym, colours, more);
    }

    /** The pattern asked in every orientation ({@code sym}) and with the colours swapped ({@code colours}), or not. */
    public Pattern withSymmetry(boolean inEveryOrientation, boolean coloursSwapped) {
        return new Pattern(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding, within, then,
                excluded, or, inEveryOrientation, coloursSwapped, more);
    }

    /** The part asking these threats, material and streak. */
    public Pattern withMore(More m) {
        return new Pattern(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding, within, then,
                excluded, or, sym, colours, m);
    }

    /**
     * One of the questions a pattern with {@code sym} or {@code colours} asks: the pattern moved
     * by a symmetry of the board, its colours perhaps swapped. {@code transform} names it, null
     * for a pattern without {@code sym} or {@code colours}.
     */
    public record Expansion(String transform, Pattern pattern) {}

    /**
     * The patterns this one asks, without {@code sym} and {@code colours}: itself alone, or it in
     * every orientation of the board (identity first) and, for {@code colours}, each of them with
     * the colours swapped; one of each that ask the same (a symmetric pattern's orientations).
     */
    public List<Expansion> expansions() {
        Pattern plain = withSymmetry(false, false);
        if (!sym && !colours) return List.of(new Expansion(null, plain));
        List<Symmetry> group = sym ? Symmetry.of(variant.board()) : List.of(Symmetry.of(variant.board()).get(0));
        Map<String, Expansion> distinct = new LinkedHashMap<>();
        for (boolean swap : colours ? new boolean[] {false, true} : new boolean[] {false}) {
            for (Symmetry s : group) {
                Pattern moved = plain.moved(s.squares(), swap);
                String name = s.name() + (swap ? ", colours swapped" : "");
                distinct.putIfAbsent(moved.toString(), new Expansion(name, moved));
            }
        }
        return List.copyOf(distinct.values());
    }

    /** Every part of the pattern with its squares sent by {@code map} and, if {@code swap}, the colours swapped. */
    private Pattern moved(int[] map, boolean swap) {
        SquareCondition[] to = new SquareCondition[squares.length];
        for (int sq = 0; sq < squares.length; sq++) to[map[sq]] = swap ? squares[sq].swapped() : squares[sq];
        List<Pattern> x = new ArrayList<>();
        for (Pattern e : excluded) x.add(e.moved(map, swap));
        List<Pattern> alternatives = new ArrayList<>();
        for (Pattern a : or) alternatives.add(a.moved(map, swap));
        return new Pattern(variant, to, toMove == null || !swap ? toMove : toMove.opponent(), swap ? blackHand : whiteHand,
                swap ? whiteHand : blackHand, capture, entry, finding, within, then == null ? null : then.moved(map, swap),
                x, alternatives, sym, colours, swap ? more.swapped() : more);
    }

    /** Whether this part asks nothing at all (no condition, no exclusion). */
    public boolean asksNothing() {
        return toMove == null && whiteHand == null && blackHand == null && !asksMove() && constrainedSquares().length == 0
                && excluded.isEmpty() && more.equals(More.NONE);
    }

    /** Whether the move played from the position matters. */
    public boolean asksMove() {
        return capture != null || entry || finding;
    }

    /** Squares with a condition, as indices of the variant's board. */
    public int[] constrainedSquares() {
        return IntStream.range(0, squares.length)
                .filter(sq -> squares[sq].kind() != SquareCondition.Kind.ANY).toArray();
    }

    /**
     * Whether one position matches this part: its conditions hold and no excluded part matches
     * (not its {@code then}, not its alternatives). Squares are indices of
     * the variant's board; {@code jailers} signed (+ White commands, - Black, 0 vacant);
     * {@code jumps} the men the move played took, -1 when no move was played from it. Threats,
     * material and streaks ask for the game's replay: {@link PatternScan}.
     */
    public boolean matches(int[] jailers, int[] prisoners, Side side, int white, int black, int jumps,
            boolean entered, boolean found) {
        if (!more.equals(More.NONE)) throw new IllegalArgumentException("threats, material and for:N: use PatternScan");
        if (toMove != null && side != toMove) return false;
        if (whiteHand != null && !whiteHand.contains(white)) return false;
        if (blackHand != null && !blackHand.contains(black)) return false;
        if (capture != null && (jumps < 0 || !capture.contains(jumps))) return false;
        if (entry && !entered) return false;
        if (finding && !found) return false;
        for (int sq = 0; sq < squares.length; sq++) {
            if (!squares[sq].test(jailers[sq], prisoners[sq])) return false;
        }
        for (Pattern x : excluded) {
            if (x.matches(jailers, prisoners, side, white, black, jumps, entered, found)) return false;
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pattern p && p.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        return PatternText.format(this);
    }

    /** A copy of the square conditions, for callers that build a pattern. */
    public static SquareCondition[] anySquares(Variant v) {
        SquareCondition[] s = new SquareCondition[v.board().size()];
        Arrays.fill(s, SquareCondition.ANY);
        return s;
    }
}
