package org.emergo.store.pattern;

import java.util.ArrayList;
import java.util.List;
import org.emergo.pattern.Pattern;
import org.emergo.pattern.Range;
import org.emergo.pattern.SquareCondition;
import org.emergo.rules.Board;
import org.emergo.rules.Side;

/**
 * A pattern as plain SQL over {@code position}, {@code position_board}, {@code finding} and
 * {@code game}: the same question the index answers, asked the slow way. The tests use it as
 * the oracle; docs/patterns.md#the-text-form shows it to users who want to extend a question.
 * Heights above 26 are read from position_board, which shows every taller column as 27.
 */
public final class PatternSql {

    private PatternSql() {
    }

    /**
     * {@code SELECT game_id, ply} of every matching position, by game and ply: the union of the
     * alternatives ({@code or}) of every orientation and colouring asked ({@code sym}, {@code colours}). A manoeuvre is written as each database plans it well: H2 as a
     * correlated EXISTS (a join of the two patterns' positions took minutes), PostgreSQL as that
     * join (the EXISTS read the view once per position).
     */
    public static String positions(Pattern p, boolean postgres) {
        List<Pattern> alternatives = new ArrayList<>();
        for (Pattern.Expansion e : p.expansions()) alternatives.addAll(e.pattern().alternatives());
        p = alternatives.get(0);
        if (alternatives.size() == 1) {
            return alternative(p, postgres) + (p.then() != null && postgres ? " ORDER BY a.game_id, a.ply" : " ORDER BY p.game_id, p.ply");
        }
        List<String> union = new ArrayList<>();
        for (Pattern a : alternatives) union.add(alternative(a, postgres));
        return "SELECT u.game_id, u.ply FROM (" + String.join(" UNION ", union) + ") u ORDER BY u.game_id, u.ply";
    }

    /** One alternative's positions, unordered, as columns game_id and ply. */
    private static String alternative(Pattern p, boolean postgres) {
        if (p.then() == null) return one(p);
        if (!postgres) {
            return one(p) + " AND EXISTS (SELECT 1 FROM position q JOIN position_board qb ON qb.game_id = q.game_id"
                    + " AND qb.ply = q.ply WHERE q.game_id = p.game_id AND q.ply > p.ply AND q.ply <= p.ply + " + p.within()
                    + conditions(p.then(), "q", "qb") + ")";
        }
        return "SELECT DISTINCT a.game_id, a.ply FROM (" + one(p) + ") a JOIN (" + one(p.then()) + ") b"
                + " ON b.game_id = a.game_id AND b.ply > a.ply AND b.ply <= a.ply + " + p.within();
    }

    private static String one(Pattern p) {
        return "SELECT p.game_id, p.ply FROM position p"
                + " JOIN position_board pb ON pb.game_id = p.game_id AND pb.ply = p.ply"
                + " JOIN game g ON g.id = p.game_id"
                + " WHERE g.variant = '" + p.variant().tagName() + "'" + conditions(p, "p", "pb");
    }

    /** A part's conditions as {@code AND ...}; for {@code for:N}, that they hold in each of the N positions from this one. */
    private static String conditions(Pattern p, String pos, String board) {
        int n = p.more().streak();
        if (n <= 1) return held(p, pos, board);
        String s = pos + "s";
        String sb = board + "s";
        return " AND (SELECT COUNT(*) FROM position " + s + " JOIN position_board " + sb + " ON " + sb + ".game_id = " + s
                + ".game_id AND " + sb + ".ply = " + s + ".ply WHERE " + s + ".game_id = " + pos + ".game_id AND " + s
                + ".ply BETWEEN " + pos + ".ply AND " + pos + ".ply + " + (n - 1) + held(p, s, sb) + ") = " + n;
    }

    /** The conditions of one position. */
    private static String held(Pattern p, String pos, String board) {
        List<String> and = new ArrayList<>();
        if (p.toMove() != null) and.add(pos + ".side_to_move = '" + p.toMove().letter() + "'");
        if (p.whiteHand() != null) and.add(between(pos + ".white_in_hand", p.whiteHand()));
        if (p.blackHand() != null) and.add(between(pos + ".black_in_hand", p.blackHand()));
        if (p.capture() != null) {
            and.add(pos + ".next_move IS NOT NULL");
            and.add(between("(LENGTH(" + pos + ".next_move) - LENGTH(REPLACE(" + pos + ".next_move, 'x', '')))", p.capture()));
        }
        if (p.entry()) {
            and.add(pos + ".next_move IS NOT NULL AND " + pos + ".next_move NOT LIKE '%-%' AND " + pos
                    + ".next_move NOT LIKE '%x%'");
        }
        if (p.finding()) {
            and.add("EXISTS (SELECT 1 FROM finding f WHERE f.game_id = " + pos + ".game_id AND f.ply = " + pos + ".ply + 1)");
        }
        Pattern.More m = p.more();
        if (m.takes() != null) and.add(between(pos + ".max_capture", m.takes()));
        if (m.whiteMaterial() != null) and.add(between(pos + ".white_material", m.whiteMaterial()));
        if (m.blackMaterial() != null) and.add(between(pos + ".black_material", m.blackMaterial()));
        if (m.lead() != null) {
            String[] sides = m.leader() == Side.WHITE ? new String[] {"white", "black"} : new String[] {"black", "white"};
            and.add(between("(" + pos + "." + sides[0] + "_material - " + pos + "." + sides[1] + "_material)", m.lead()));
        }
        Board b = p.variant().board();
        for (int sq : p.constrainedSquares()) and.add(square(p.squares()[sq], b.name(sq), pos, board));
        // every condition is true or false, never NULL, so NOT excludes exactly the part's positions
        for (Pattern x : p.excluded()) and.add("NOT (1 = 1" + held(x, pos, board) + ")");
        StringBuilder sb = new StringBuilder();
        for (String c : and) sb.append(" AND ").append(c);
        return sb.toString();
    }

    private static String square(SquareCondition c, String name, String pos, String board) {
        if (c.negated()) return "NOT (" + square(c.negate(), name, pos, board) + ")";
        String col = board + "." + name;
        switch (c.kind()) {
            case EMPTY:
                return col + " IS NULL";
            case HIT:
                return "COALESCE(" + pos + ".hit, '') LIKE '% " + name + " %'";
            case EXACT:
                return "(" + pos + ".epn || ' ') LIKE '% " + name + ":" + c.composition() + " %'";
            default:
                List<String> and = new ArrayList<>();
                and.add(col + " IS NOT NULL");
                if (c.owner() != null) and.add(col + (c.owner() == Side.WHITE ? " > 0" : " < 0"));
                if (c.height() != null) and.add(between("ABS(" + col + ")", c.height()));
                if (c.prisoners()) and.add("REGEXP_LIKE(" + pos + ".epn, ' " + name + ":[wb][0-9]*[wb]')");
                return String.join(" AND ", and);
        }
    }

    private static String between(String expr, Range r) {
        if (r.max() == Range.OPEN) return expr + " >= " + r.min();
        return expr + " BETWEEN " + r.min() + " AND " + r.max();
    }
}
