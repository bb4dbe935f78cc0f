package org.emergo.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;

/** Invariants of positions, moves and their text forms, as property tests. */
class PositionPropertiesTest {

    @Provide
    Arbitrary<Position> positions() {
        return RandomPositions.any();
    }

    @Property(tries = 400)
    void positionStringsRoundTrip(@ForAll("positions") Position p) {
        String text = p.toString();
        Position back = PositionText.parse(text, p.variant());
        assertEquals(p, back);
        assertEquals(text, back.toString());
        assertEquals(p.hash(), back.hash());
    }

    @Property(tries = 400)
    void theHashOfAPositionReachedByPlayEqualsTheHashOfItsParsedString(@ForAll("positions") Position p) {
        for (Move m : MoveGen.legalMoves(p)) {
            Position next = p.play(m);
            assertEquals(next.recomputeHash(), next.hash(), () -> p + " then " + m);
            assertEquals(PositionText.parse(next.toString(), p.variant()).hash(), next.hash());
        }
    }

    @Property(tries = 400)
    void everyMoveKeepsTheNumberOfMenOfEachColour(@ForAll("positions") Position p) {
        int white = p.men(Side.WHITE);
        int black = p.men(Side.BLACK);
        for (Move m : MoveGen.legalMoves(p)) {
            Position next = p.play(m);
            assertEquals(white, next.men(Side.WHITE), () -> p + " then " + m);
            assertEquals(black, next.men(Side.BLACK), () -> p + " then " + m);
        }
    }

    @Property(tries = 400)
    void everyLegalMoveReadsBackFromItsCanonicalNotation(@ForAll("positions") Position p) {
        List<Move> legal = MoveGen.legalMoves(p);
        for (Move m : legal) {
            Resolution r = MoveMatcher.resolve(p, Notation.parse(m.toString()), legal);
            assertEquals(new Resolution.Resolved(m, false), r, () -> p + ": " + m);
        }
    }

    @Property(tries = 400)
    void legalMovesAreDistinctRoutesOfOneKind(@ForAll("positions") Position p) {
        List<Move> legal = MoveGen.legalMoves(p);
        Set<Move> distinct = new HashSet<>(legal);
        assertEquals(legal.size(), distinct.size());
        assertTrue(legal.stream().map(Move::kind).distinct().count() <= 1);
        for (Move m : legal) assertEquals(null, p.unplayableReason(m));
    }

    @Provide
    Arbitrary<Position> entering() {
        return RandomPositions.entering();
    }

    /** The feeding ban computed the slow way: play the entry, ask whether the opponent can capture. */
    @Property(tries = 400)
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
    void theFeedingBanEqualsPlayingTheEntryAndLookingForCaptures(@ForAll("entering") Position p) {
        Side me = p.sideToMove();
        assertTrue(p.inHand(me) > 0 && !MoveGen.hasCapture(p, me), () -> "not a position to enter in: " + p);
        boolean attacked = MoveGen.hasCapture(p, me.opponent());
        Set<Move> expected = new HashSet<>();
        int banned = 0;
        for (int sq = 0; sq < p.board().size(); sq++) {
            if (!p.isVacant(sq) || (p.isStart() && sq == p.board().centre())) continue;
            Move entry = Move.of(p.board(), sq);
            if (attacked || !MoveGen.hasCapture(p.play(entry), me.opponent())) expected.add(entry);
            else banned++;
        }
        assertEquals(expected, new HashSet<>(MoveGen.legalMoves(p)), p::toString);
        // The positions the ban is about must come up: attacked ones, and ones where it bans squares.
        Statistics.label("attacked").collect(attacked)
                .coverage(c -> c.check(true).percentage(pct -> pct >= 5));
        Statistics.label("squares banned").collect(banned > 0)
                .coverage(c -> c.check(true).percentage(pct -> pct >= 30));
    }

    /** Captures checked the slow way: every maximal route is a chain of jumps that cannot go on. */
    @Property(tries = 400)
    void everyMaximalCaptureIsPlayableAndCannotGoOn(@ForAll("positions") Position p) {
        List<Move> captures = MoveGen.maximalCaptures(p);
        assertEquals(MoveGen.hasCapture(p, p.sideToMove()), !captures.isEmpty());
        for (Move m : captures) {
            assertEquals(null, p.unplayableReason(m));
            assertEquals(captures.get(0).jumps(), m.jumps());
            int[] route = m.route();
            Board b = p.board();
            int lastDir = b.jumpDirection(route[route.length - 2], route[route.length - 1]);
            for (int d = 0; d < b.directions(); d++) {
                if (d == (lastDir ^ 1)) continue;
                int[] longer = java.util.Arrays.copyOf(route, route.length + 1);
                int mid = b.neighbour(m.to(), d);
                longer[route.length] = mid < 0 ? -1 : b.neighbour(mid, d);
                if (longer[route.length] < 0) continue;
                assertFalse(p.unplayableReason(Move.of(b, longer)) == null, () -> m + " could go on in " + p);
            }
        }
    }
}
