package org.emergo.viewer.search;

import java.util.ArrayList;
import java.util.List;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.SquareCondition;
import org.emergo.rules.Side;

/**
 * What a link of the board editor does to a pattern: a square's next condition in the cycle, on
 * one of its boards (an alternative's own, its second pattern's after {@code then:K}, an
 * excluded part's after {@code not}), and adding or removing a board. Everything else of the
 * pattern is kept as it was.
 */
public final class PatternEditing {

    /** The plies within which a second pattern added by the editor must follow: {@code then:6}. */
    public static final int DEFAULT_WITHIN = 6;

    private static final SquareCondition[] CYCLE = {
        SquareCondition.ANY,
        SquareCondition.EMPTY,
        SquareCondition.column(Side.WHITE, null, false),
        SquareCondition.column(Side.BLACK, null, false),
        SquareCondition.OCCUPIED,
        SquareCondition.column(null, null, true),
        SquareCondition.HIT,
    };

    private PatternEditing() {
    }

    /**
     * One board of the editor: an alternative's own part ({@code MAIN}), its second pattern
     * ({@code THEN}) or one of its excluded parts ({@code EXCLUDE}, {@code index} the n-th {@code not}).
     */
    public record Part(int alternative, Kind kind, int index) {

        public enum Kind { MAIN, THEN, EXCLUDE }

        public static final Part FIRST = new Part(0, Kind.MAIN, 0);
        public static final Part FIRST_THEN = new Part(0, Kind.THEN, 0);
    }

    /** The conditions a board shows. */
    public static Pattern part(Pattern p, Part at) {
        Pattern a = p.alternatives().get(at.alternative());
        return switch (at.kind()) {
            case MAIN -> a;
            case THEN -> a.then();
            case EXCLUDE -> a.excluded().get(at.index());
        };
    }

    /** The pattern with the square's condition moved on; a condition typed by hand goes back to any. */
    public static Pattern cycle(Pattern p, int sq) {
        return cycle(p, Part.FIRST, sq);
    }

    /** The pattern with the square's condition moved on in its second pattern, which it must have. */
    public static Pattern cycleThen(Pattern p, int sq) {
        if (p.then() == null) throw new IllegalArgumentException("the pattern has no second pattern: " + p);
        return cycle(p, Part.FIRST_THEN, sq);
    }

    /** The pattern with the square's condition moved on, on one board; the rest as it was. */
    public static Pattern cycle(Pattern p, Part at, int sq) {
        Pattern a = p.alternatives().get(at.alternative());
        Pattern edited = switch (at.kind()) {
            case MAIN -> cycled(a, sq);
            case THEN -> {
                if (a.then() == null) throw new IllegalArgumentException("the pattern has no second pattern: " + p);
                yield a.withThen(a.within(), cycled(a.then(), sq));
            }
            case EXCLUDE -> {
                List<Pattern> excluded = new ArrayList<>(a.excluded());
                excluded.set(at.index(), cycled(excluded.get(at.index()), sq));
                yield a.withExcluded(excluded);
            }
        };
        return withAlternative(p, at.alternative(), edited);
    }

    /** The pattern followed within {@code within} plies by a second pattern that asks nothing ({@code then:K any}). */
    public static Pattern addThen(Pattern p, int within) {
        return addThen(p, 0, within);
    }

    /** The same for one alternative. */
    public static Pattern addThen(Pattern p, int alternative, int within) {
        Pattern a = p.alternatives().get(alternative);
        return withAlternative(p, alternative, a.withThen(within, Pattern.any(p.variant())));
    }

    /** The pattern without its second pattern. */
    public static Pattern removeThen(Pattern p) {
        return remove(p, Part.FIRST_THEN);
    }

    /** An alternative that asks nothing yet ({@code or any}), on a board of its own. */
    public static Pattern addOr(Pattern p) {
        List<Pattern> or = new ArrayList<>(p.or());
        or.add(Pattern.any(p.variant()));
        return p.withOr(or);
    }

    /** An excluded part that asks nothing yet ({@code not any}: it excludes every position until a square is set). */
    public static Pattern addExclude(Pattern p, int alternative) {
        Pattern a = p.alternatives().get(alternative);
        List<Pattern> excluded = new ArrayList<>(a.excluded());
        excluded.add(Pattern.any(p.variant()));
        return withAlternative(p, alternative, a.withExcluded(excluded));
    }

    /** The pattern without one board: an alternative (not the only one), its second pattern or an excluded part. */
    public static Pattern remove(Pattern p, Part at) {
        List<Pattern> alternatives = new ArrayList<>(p.alternatives());
        Pattern a = alternatives.get(at.alternative());
        switch (at.kind()) {
            case MAIN -> {
                if (alternatives.size() == 1) throw new IllegalArgumentException("the only alternative stays: " + p);
                alternatives.remove(at.alternative());
                return alternatives.get(0).withOr(alternatives.subList(1, alternatives.size())).withSymmetry(p.sym(), p.colours());
            }
            case THEN -> {
                return withAlternative(p, at.alternative(), a.withThen(0, null));
            }
            default -> {
                List<Pattern> excluded = new ArrayList<>(a.excluded());
                excluded.remove(at.index());
                return withAlternative(p, at.alternative(), a.withExcluded(excluded));
            }
        }
    }

    private static Pattern withAlternative(Pattern p, int index, Pattern a) {
        List<Pattern> alternatives = new ArrayList<>(p.alternatives());
        alternatives.set(index, a.withOr(List.of()));
        return alternatives.get(0).withOr(alternatives.subList(1, alternatives.size())).withSymmetry(p.sym(), p.colours());
    }

    private static Pattern cycled(Pattern part, int sq) {
        SquareCondition[] squares = part.squares().clone();
        squares[sq] = next(squares[sq]);
        return part.withSquares(squares);
    }

    private static SquareCondition next(SquareCondition now) {
        for (int i = 0; i < CYCLE.length; i++) {
            if (CYCLE[i].equals(now)) return CYCLE[(i + 1) % CYCLE.length];
        }
        return SquareCondition.ANY;
    }
}
