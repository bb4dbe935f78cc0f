package org.emergo.pattern;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.emergo.rules.Board;
import org.emergo.rules.Column;
import org.emergo.rules.Side;
import org.emergo.rules.Variant;

/**
 * The text form of a pattern (docs/patterns.md#the-text-form): words separated by spaces, such as
 * {@code turn:w e5:w4+ d4:empty capture:2+ then:6 e5:b}. {@link #format} writes the canonical
 * form, which {@link #parse} reads back to an equal pattern.
 */
public final class PatternText {

    private PatternText() {
    }

    public static String format(Pattern p) {
        List<String> words = new ArrayList<>();
        if (p.variant() == Variant.HEXEMERGO) words.add("hexemergo");
        if (p.sym()) words.add("sym");
        if (p.colours()) words.add("colours");
        List<Pattern> alternatives = p.alternatives();
        for (int i = 0; i < alternatives.size(); i++) {
            Pattern a = alternatives.get(i);
            if (i > 0) words.add("or");
            int before = words.size();
            appendPart(a, words);
            if (a.then() != null) {
                words.add("then:" + a.within());
                appendPartOrAny(a.then(), words);
            }
            if (words.size() == before && i > 0) words.add("any");
        }
        return words.isEmpty() ? "any" : String.join(" ", words);
    }

    private static void appendPartOrAny(Pattern p, List<String> words) {
        int before = words.size();
        appendPart(p, words);
        if (words.size() == before) words.add("any");
    }

    /** A part's conditions, then each excluded part after {@code not}. */
    private static void appendPart(Pattern p, List<String> words) {
        appendConditions(p, words);
        for (Pattern x : p.excluded()) {
            words.add("not");
            appendPartOrAny(x, words);
        }
    }

    private static void appendConditions(Pattern p, List<String> words) {
        if (p.toMove() != null) words.add("turn:" + p.toMove().letter());
        if (p.whiteHand() != null) words.add("whand:" + p.whiteHand());
        if (p.blackHand() != null) words.add("bhand:" + p.blackHand());
        Board board = p.variant().board();
        for (int sq = 0; sq < board.size(); sq++) {
            SquareCondition c = p.squares()[sq];
            if (c.kind() != SquareCondition.Kind.ANY) words.add(board.name(sq) + ":" + c);
        }
        if (p.capture() != null) words.add("capture:" + p.capture());
        if (p.entry()) words.add("entry");
        if (p.finding()) words.add("finding");
        Pattern.More m = p.more();
        if (m.takes() != null) words.add(m.takes().equals(DUE) ? "due" : "takes:" + m.takes());
        if (m.whiteMaterial() != null) words.add("material:w" + atMost(m.whiteMaterial()));
        if (m.blackMaterial() != null) words.add("material:b" + atMost(m.blackMaterial()));
        if (m.lead() != null) words.add("material:" + m.leader().letter() + "+" + m.lead());
        if (m.streak() > 1) words.add("for:" + m.streak());
    }

    /** {@code due}: a capture of one man or more is available. */
    private static final Range DUE = new Range(1, Range.OPEN);

    /** A count of men commanded: {@code 12-} for "12 or fewer", else as every count. */
    private static String atMost(Range r) {
        return r.min() == 0 && r.max() > 0 && r.max() != Range.OPEN ? r.max() + "-" : r.toString();
    }

    /**
     * Reads a pattern; a malformed one throws {@link PatternException} naming the column and the
     * fault. {@code or} separates alternatives, each of which may have one {@code then:K}; within
     * a part, each {@code not} excludes the words after it up to the next {@code not}, {@code then}
     * or {@code or}.
     */
    public static Pattern parse(String text) {
        List<Word> words = split(text);
        Variant variant = Variant.EMERGO;
        int i = 0;
        if (!words.isEmpty() && isVariant(words.get(0).text)) {
            variant = Variant.parse(words.get(0).text);
            i = 1;
        }
        // sym and colours are about the whole pattern: read wherever they stand, written first
        boolean sym = false;
        boolean colours = false;
        List<Word> rest = new ArrayList<>(words.subList(0, i));
        for (Word w : words.subList(i, words.size())) {
            String l = w.lower();
            boolean isSym = l.equals("sym");
            boolean isColours = l.equals("colours") || l.equals("colors");
            if ((isSym && sym) || (isColours && colours)) throw new PatternException(w.column, "'" + w.text + "' is written once");
            if (isSym || isColours) {
                sym |= isSym;
                colours |= isColours;
            } else {
                rest.add(w);
            }
        }
        words = rest;
        List<Pattern> alternatives = new ArrayList<>();
        int from = i;
        for (int j = i; j <= words.size(); j++) {
            if (j < words.size() && !words.get(j).lower().equals("or")) continue;
            if (j == from && (j < words.size() || from > i)) {
                Word at = j < words.size() ? words.get(j) : words.get(j - 1);
                throw new PatternException(at.column, "'or' needs a pattern on each side");
            }
            alternatives.add(alternative(variant, words.subList(from, j)));
            from = j + 1;
        }
        return alternatives.get(0).withOr(alternatives.subList(1, alternatives.size())).withSymmetry(sym, colours);
    }

    /** One alternative: a part, and perhaps {@code then:K} and a second part. */
    private static Pattern alternative(Variant variant, List<Word> words) {
        int thenAt = -1;
        for (int j = 0; j < words.size(); j++) {
            if (words.get(j).lower().startsWith("then")) {
                if (thenAt >= 0) throw new PatternException(words.get(j).column, "a pattern has at most one 'then'");
                thenAt = j;
            }
        }
        if (thenAt < 0) return part(variant, words);
        Word thenWord = words.get(thenAt);
        int within = within(thenWord);
        List<Word> second = words.subList(thenAt + 1, words.size());
        if (second.isEmpty()) throw new PatternException(thenWord.end(), "'then' needs a pattern after it");
        return part(variant, words.subList(0, thenAt)).withThen(within, part(variant, second));
    }

    /** Conditions, each {@code not} followed by the conditions of a part it excludes. */
    private static Pattern part(Variant variant, List<Word> words) {
        List<Integer> nots = new ArrayList<>();
        for (int j = 0; j < words.size(); j++) if (words.get(j).lower().equals("not")) nots.add(j);
        nots.add(words.size());
        Pattern main = conditions(variant, words.subList(0, nots.get(0)));
        List<Pattern> excluded = new ArrayList<>();
        for (int k = 0; k + 1 < nots.size(); k++) {
            List<Word> x = words.subList(nots.get(k) + 1, nots.get(k + 1));
            if (x.isEmpty()) {
                throw new PatternException(words.get(nots.get(k)).end(),
                        "'not' needs a pattern after it, such as not e5:w");
            }
            Pattern part = conditions(variant, x);
            if (part.more().streak() > 1) {
                Word w = x.stream().filter(y -> y.lower().startsWith("for:")).findFirst().orElseThrow();
                throw new PatternException(w.column, "'for:N' belongs to the pattern, not to a part after 'not'");
            }
            excluded.add(part);
        }
        return main.withExcluded(excluded);
    }

    private static boolean isVariant(String w) {
        String l = w.toLowerCase(Locale.ROOT);
        return l.equals("emergo") || l.equals("hexemergo") || l.equals("hex");
    }

    private static int within(Word w) {
        String l = w.lower();
        if (!l.startsWith("then:")) throw new PatternException(w.column, "'then' is written then:K, K the plies within which the second pattern follows");
        String k = l.substring(5);
        if (!k.matches("[0-9]{1,4}") || Integer.parseInt(k) < 1) {
            throw new PatternException(w.column + 5, "expected a number of plies from 1 to 9999 after 'then:', found '" + k + "'");
        }
        return Integer.parseInt(k);
    }

    private static Pattern conditions(Variant variant, List<Word> words) {
        Board board = variant.board();
        SquareCondition[] squares = Pattern.anySquares(variant);
        Side toMove = null;
        Range whiteHand = null;
        Range blackHand = null;
        Range capture = null;
        boolean entry = false;
        boolean finding = false;
        Range takes = null;
        Range whiteMaterial = null;
        Range blackMaterial = null;
        Side leader = null;
        Range lead = null;
        int streak = 1;
        boolean streakSeen = false;
        for (Word w : words) {
            String l = w.lower();
            int colon = l.indexOf(':');
            String key = colon < 0 ? l : l.substring(0, colon);
            String value = colon < 0 ? null : l.substring(colon + 1);
            int valueColumn = w.column + colon + 1;
            switch (key) {
                case "any" -> requireNoValue(w, value);
                case "entry" -> {
                    requireNoValue(w, value);
                    entry = true;
                }
                case "finding" -> {
                    requireNoValue(w, value);
                    finding = true;
                }
                case "capture" -> capture = value == null ? new Range(1, Range.OPEN) : range(value, valueColumn, 1);
                case "due" -> {
                    requireNoValue(w, value);
                    if (takes != null) throw new PatternException(w.column, "'due' is takes:1+: write one of them, once");
                    takes = DUE;
                }
                case "takes" -> {
                    if (takes != null) throw new PatternException(w.column, "'takes' is written once ('due' is takes:1+)");
                    takes = range(required(w, value), valueColumn, 0);
                }
                case "material" -> {
                    String v = required(w, value);
                    Side side = Side.ofLetter(v.charAt(0));
                    if (side == null) {
                        throw new PatternException(valueColumn, "material is material:wN (men White commands) or material:w+N (how many more than Black), b for Black");
                    }
                    if (v.length() > 1 && v.charAt(1) == '+') {
                        if (lead != null) throw new PatternException(w.column, "a lead in material is written once");
                        leader = side;
                        lead = range(v.substring(2), valueColumn + 2, 0);
                    } else {
                        Range r = v.matches(".[0-9]{1,5}-") ? new Range(0, Integer.parseInt(v.substring(1, v.length() - 1)))
                                : range(v.substring(1), valueColumn + 1, 0);
                        if ((side == Side.WHITE ? whiteMaterial : blackMaterial) != null) {
                            throw new PatternException(w.column, "material:" + side.letter() + " is written once");
                        }
                        if (side == Side.WHITE) whiteMaterial = r;
                        else blackMaterial = r;
                    }
                }
                case "for" -> {
                    String k = required(w, value);
                    if (streakSeen) throw new PatternException(w.column, "'for' is written once a part");
                    if (!k.matches("[0-9]{1,4}") || Integer.parseInt(k) < 1) {
                        throw new PatternException(valueColumn, "expected a number of positions from 1 to 9999 after 'for:', found '" + k + "'");
                    }
                    streakSeen = true;
                    streak = Integer.parseInt(k);
                }
                case "turn" -> toMove = side(value, w, valueColumn);
                case "whand" -> whiteHand = range(required(w, value), valueColumn, 0);
                case "bhand" -> blackHand = range(required(w, value), valueColumn, 0);
                default -> {
                    if (isVariant(key)) throw new PatternException(w.column, "the board (" + key + ") goes first");
                    int sq = board.square(key);
                    if (key.length() != 2 || sq < 0) {
                        throw new PatternException(w.column, "unknown word '" + w.text + "': expected a square of the "
                                + variant.tagName() + " board (such as " + board.name(board.centre()) + ":w3+), turn:, whand:, bhand:, capture, entry, finding, due, takes:, material:, for:, then:K, not, or, sym, colours");
                    }
                    if (squares[sq].kind() != SquareCondition.Kind.ANY) {
                        throw new PatternException(w.column, "square " + key + " has a condition already");
                    }
                    squares[sq] = square(required(w, value), valueColumn);
                }
            }
        }
        return new Pattern(variant, squares, toMove, whiteHand, blackHand, capture, entry, finding, 0, null)
                .withMore(new Pattern.More(takes, whiteMaterial, blackMaterial, leader, lead, streak));
    }

    private static void requireNoValue(Word w, String value) {
        if (value != null) throw new PatternException(w.column, "'" + w.text.substring(0, w.text.indexOf(':')) + "' takes no value");
    }

    private static String required(Word w, String value) {
        if (value == null || value.isEmpty()) throw new PatternException(w.end(), "'" + w.text + "' needs a value after ':'");
        return value;
    }

    private static Side side(String value, Word w, int column) {
        Side s = value != null && value.length() == 1 ? Side.ofLetter(value.charAt(0)) : null;
        if (s == null) throw new PatternException(value == null ? w.end() : column, "turn is turn:w or turn:b");
        return s;
    }

    /** {@code N}, {@code N+} or {@code N-M}, each N at least {@code least}. */
    static Range range(String v, int column, int least) {
        Range r;
        if (v.matches("[0-9]{1,5}")) {
            int n = Integer.parseInt(v);
            r = new Range(n, n);
        } else if (v.matches("[0-9]{1,5}\\+")) {
            r = new Range(Integer.parseInt(v.substring(0, v.length() - 1)), Range.OPEN);
        } else if (v.matches("[0-9]{1,5}-[0-9]{1,5}")) {
            int dash = v.indexOf('-');
            r = new Range(Integer.parseInt(v.substring(0, dash)), Integer.parseInt(v.substring(dash + 1)));
            if (r.max() < r.min()) throw new PatternException(column, "range '" + v + "' ends below its start");
        } else {
            throw new PatternException(column, "expected a count such as 3, 3+ or 2-4, found '" + v + "'");
        }
        if (r.min() < least) throw new PatternException(column, "a count here is at least " + least);
        return r;
    }

    /** empty, occupied, any, =COLUMN (exact composition) or [w|b][HEIGHT][p]; {@code !} before any of them negates it. */
    private static SquareCondition square(String v, int column) {
        if (v.startsWith("!")) {
            if (v.length() == 1) throw new PatternException(column + 1, "'!' needs a condition after it, such as !w");
            SquareCondition c = square(v.substring(1), column + 1);
            if (c.kind() == SquareCondition.Kind.ANY) throw new PatternException(column, "'!" + v.substring(1) + "' matches no position");
            if (c.negated()) throw new PatternException(column + 1, "one '!' is enough");
            return c.negate();
        }
        switch (v) {
            case "any", "*":
                return SquareCondition.ANY;
            case "empty", ".":
                return SquareCondition.EMPTY;
            case "occupied":
                return SquareCondition.OCCUPIED;
            case "hit":
                return SquareCondition.HIT;
            default:
                break;
        }
        if (v.startsWith("=")) return SquareCondition.exactly(composition(v.substring(1), column + 1));
        if (!v.matches("[wb]?([0-9]+(\\+|-[0-9]+)?)?p?")) {
            throw new PatternException(column, "expected empty, occupied, any, hit, w or b, a height, p or =COMPOSITION, found '" + v + "'");
        }
        int i = 0;
        Side owner = Side.ofLetter(v.charAt(0));
        if (owner != null) i = 1;
        boolean prisoners = v.endsWith("p");
        String height = v.substring(i, prisoners ? v.length() - 1 : v.length());
        if (i == 0 && height.isEmpty() && !prisoners) {
            throw new PatternException(column, "expected empty, occupied, any, hit, w or b, a height, p or =COMPOSITION, found '" + v + "'");
        }
        Range h = height.isEmpty() ? null : range(height, column + i, 1);
        return SquareCondition.column(owner, h, prisoners);
    }

    /** A column as position strings write it: w3b2, bw4, w. */
    private static Column composition(String v, int column) {
        if (!v.matches("[wb][0-9]{0,5}([wb][0-9]{0,5})?")) {
            throw new PatternException(column, "expected a column such as w3b2, bw4 or w after '=', found '" + v + "'");
        }
        Side owner = Side.ofLetter(v.charAt(0));
        int i = 1;
        int j = i;
        while (j < v.length() && Character.isDigit(v.charAt(j))) j++;
        int jailers = j == i ? 1 : Integer.parseInt(v.substring(i, j));
        int prisoners = 0;
        if (j < v.length()) {
            Side other = Side.ofLetter(v.charAt(j));
            if (other == owner) throw new PatternException(column + j, "prisoners are of the other colour than the jailers");
            prisoners = j + 1 == v.length() ? 1 : Integer.parseInt(v.substring(j + 1));
        }
        if (jailers < 1 || jailers > Column.MAX_MEN || prisoners < 1 && j < v.length() || prisoners > Column.MAX_MEN) {
            throw new PatternException(column, "column '" + v + "' holds no possible number of men");
        }
        return new Column(owner, jailers, prisoners);
    }

    private record Word(String text, int column) {
        String lower() {
            return text.toLowerCase(Locale.ROOT);
        }

        int end() {
            return column + text.length();
        }
    }

    private static List<Word> split(String text) {
        List<Word> words = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            if (Character.isWhitespace(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) i++;
            words.add(new Word(text.substring(start, i), start + 1));
        }
        if (words.isEmpty()) throw new PatternException(1, "the pattern is empty (write 'any' for every position)");
        return words;
    }
}
