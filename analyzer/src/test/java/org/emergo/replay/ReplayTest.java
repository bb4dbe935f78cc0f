package org.emergo.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.emergo.generate.SelfPlay;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Side;
import org.emergo.rules.Termination;
import org.emergo.rules.Variant;
import org.junit.jupiter.api.Test;

/** docs/findings.md#finding-codes: every finding code, its precedence, and the replay going on or stopping. */
class ReplayTest {

    /** docs/rules.md#a-worked-example as a SetUp game. */
    static final String WORKED_EXAMPLE = "w 0 0 c5:b d6:b e5:b f4:w4 g4:w h4:b2";

    static Analysis replay(String setup, String moves, String result) {
        Position start = setup == null ? Position.start(Variant.EMERGO) : PositionText.parse(setup, Variant.EMERGO);
        return Replay.analyse(start, moves.isBlank() ? List.of() : List.of(moves.trim().split("\\s+")), result);
    }

    static String codes(Analysis a) {
        return String.join(" ", a.findings().stream().map(f -> f.ply() + ":" + f.code()).toList());
    }

    @Test
    void theWorkedExampleReplaysCleanlyToWhitesWin() {
        Analysis a = replay(WORKED_EXAMPLE, "f4-e4 h4xf4xd4 e4xc4xc6xe6xe4xc4", "1-0");
        assertEquals("", codes(a));
        assertEquals(Termination.NO_PIECES, a.termination());
        assertEquals("1-0", a.resultByRule());
        assertEquals(3, a.endPly());
        assertEquals(3, a.pliesReplayed());
        assertEquals("b 0 0 c4:w3b5 d4:w2", a.positions().get(3).toString());
        assertEquals(List.of(5, 1, 1, 0), java.util.Arrays.stream(a.legalMoves()).boxed().toList());
        assertEquals(List.of(0, 2, 5, 0), java.util.Arrays.stream(a.maxCapture()).boxed().toList());
    }

    @Test
    void shortCapturesAreMatchedToTheirLegalRoutes() {
        Analysis a = replay(WORKED_EXAMPLE, "f4e4 hd4x e4c4x", "1-0");
        assertEquals("", codes(a));
        assertEquals(List.of("f4-e4", "h4xf4xd4", "e4xc4xc6xe6xe4xc4"), a.moves().stream().map(Object::toString).toList());
        assertEquals(List.of("f4e4", "hd4x", "e4c4x"), a.written());
    }

    @Test
    void aMissedMajorityNamesTheCaptureThatWasDueAndGoesOn() {
        Analysis a = replay(WORKED_EXAMPLE, "f4-e4 e5xe3", "*");
        Finding f = a.findings().get(0);
        assertEquals(FindingCode.MISSED_MAJORITY, f.code());
        assertEquals(2, f.ply());
        assertEquals(Side.BLACK, f.player());
        assertEquals("e5xe3", f.moveText());
        assertEquals("h4xf4xd4", f.expected());
        assertEquals(2, f.expectedCount());
        assertEquals("took 1 man; 2 were available: h4xf4xd4", f.message());
        assertEquals(2, a.pliesReplayed());
        assertEquals(-1, a.stoppedAtPly());
    }

    @Test
    void aCaptureThatStopsWhileItCouldGoOnIsAMissedMajority() {
        Analysis a = replay(WORKED_EXAMPLE, "f4-e4 h4xf4", "*");
        assertEquals("2:MISSED_MAJORITY", codes(a));
        // The anti-clockwise route of docs/rules.md#a-worked-example takes 4 where 5 were due.
        Analysis b = replay(WORKED_EXAMPLE, "f4-e4 h4xf4xd4 e4xe6xc6xc4xe4", "*");
        assertEquals("3:MISSED_MAJORITY", codes(b));
        assertEquals("took 4 men; 5 were available: e4xc4xc6xe6xe4xc4", b.findings().get(0).message());
    }

    @Test
    void aRouteThatTurnsBackIsAReverseJumpAndIsCarriedOutAsWritten() {
        Analysis a = replay("w 0 0 c5:w d5:b2 i5:b", "c5xe5xc5", "*");
        Finding f = a.findings().get(0);
        assertEquals(FindingCode.REVERSE_JUMP, f.code());
        assertEquals("c5xe5", f.expected());
        assertEquals(1, f.expectedCount());
        assertEquals("b 0 0 c5:wb2 i5:b", a.positions().get(1).toString());
    }

    @Test
    void anEntryWhenACaptureIsDueIsAMissedCapture() {
        Analysis a = replay("w 11 11 e4:w e5:b", "c3", "*");
        Finding f = a.findings().get(0);
        assertEquals(FindingCode.MISSED_CAPTURE, f.code());
        assertEquals("e4xe6", f.expected());
        assertEquals("b 10 11 c3:w e4:w e5:b", a.positions().get(1).toString());
    }

    @Test
    void movingWhileMenAreInHandIsFlaggedAndCarriedOut() {
        Analysis a = replay(null, "e4 e6 e4-f4", "*");
        assertEquals("3:MOVE_WHILE_IN_HAND", codes(a));
        assertEquals("b 11 11 e6:b f4:w", a.positions().get(3).toString());
        assertEquals("moved a column with 11 men in hand", a.findings().get(0).message());
    }

    @Test
    void whitesFirstEntryOnTheCentreIsFlagged() {
        Analysis a = replay(null, "e5 a5", "*");
        assertEquals("1:CENTRE_FIRST_ENTRY", codes(a));
        assertEquals(2, a.pliesReplayed());
    }

    @Test
    void anEntryThatFeedsTheOpponentIsFlagged() {
        Analysis a = replay(null, "e4 e5 e4xe6", "*");
        assertEquals("2:FEEDING_ENTRY", codes(a));
        assertEquals("entering on e5 gives white a capture: e4xe6", a.findings().get(0).message());
        assertEquals(3, a.pliesReplayed());
    }

    @Test
    void aSquareOffTheBoardStopsTheReplay() {
        Analysis a = replay(null, "e4 a1 e6", "*");
        assertEquals("2:NOT_ON_BOARD", codes(a));
        assertEquals(1, a.pliesReplayed());
        assertEquals(2, a.stoppedAtPly());
        assertEquals(Termination.ONGOING, a.termination());
        assertEquals("*", a.resultByRule());
    }

    @Test
    void anUnplayableMoveStopsTheReplay() {
        assertEquals("2:UNPLAYABLE", codes(replay(null, "e4 e4 e6", "*")));
        // An empty start square, a jump over nothing, an entry with no men in hand.
        assertEquals("1:UNPLAYABLE", codes(replay("w 0 0 e4:w i5:b", "c5-c4", "*")));
        assertEquals("1:UNPLAYABLE", codes(replay("w 0 0 e4:w i5:b", "e4xe6", "*")));
        assertEquals("1:UNPLAYABLE", codes(replay("w 0 0 e4:w i5:b", "c5", "*")));
    }

    @Test
    void unplayableComesBeforeAMissedCapture() {
        // A capture is due (e4xe6) but the entry is on an occupied square.
        assertEquals("1:UNPLAYABLE", codes(replay("w 11 11 e4:w e5:b", "e5", "*")));
    }

    @Test
    void aShortFormNamingRoutesThatLeaveDifferentPositionsIsAmbiguousAndStops() {
        Analysis a = replay("w 0 0 c3:w c4:b d3:b d5:b2 e2:b e4:b2 f4:b2 f5:b g6:b h6:w", "c3g7x", "*");
        assertEquals("1:AMBIGUOUS_MOVE", codes(a));
        assertEquals(0, a.pliesReplayed());
    }

    @Test
    void aMoveAfterTheEndByRuleStopsTheReplayWhateverElseIsWrong() {
        Analysis a = replay(WORKED_EXAMPLE, "f4-e4 h4xf4xd4 e4xc4xc6xe6xe4xc4 z9", "1-0");
        assertEquals("4:MOVES_AFTER_END", codes(a));
        assertEquals(3, a.endPly());
        assertEquals("1-0", a.resultByRule());
    }

    @Test
    void aResultTagThatDisagreesWithTheEndByRuleIsAMismatchAtTheEndingPly() {
        Analysis a = replay(WORKED_EXAMPLE, "f4-e4 h4xf4xd4 e4xc4xc6xe6xe4xc4", "*");
        assertEquals("3:RESULT_MISMATCH", codes(a));
        Finding f = a.findings().get(0);
        assertEquals("*", f.moveText());
        assertEquals("1-0", f.expected());
    }

    @Test
    void aRecordThatStopsBeforeTheEndMayCarryAnyResult() {
        assertEquals("", codes(replay(WORKED_EXAMPLE, "f4-e4", "0-1")));
        assertEquals("", codes(replay(null, "e4", "1-0")));
        // A replay stopped at a finding has no known end, so its result is not judged either.
        assertEquals("2:NOT_ON_BOARD", codes(replay(null, "e4 a1", "1/2-1/2")));
    }

    @Test
    void theThirdOccurrenceOfAPositionEndsTheGameInADraw() {
        Analysis a = replay("w 0 0 a5:w i5:b", "a5-b5 i5-h5 b5-a5 h5-i5 a5-b5 i5-h5 b5-a5 h5-i5", "1/2-1/2");
        assertEquals("", codes(a));
        assertEquals(Termination.REPETITION, a.termination());
        assertEquals(8, a.endPly());
        Analysis early = replay("w 0 0 a5:w i5:b", "a5-b5 i5-h5 b5-a5 h5-i5", "1/2-1/2");
        assertEquals(Termination.ONGOING, early.termination());
    }

    @Test
    void aPlayerWithoutAnyMoveIsBlockedInADraw() {
        Analysis a = replay("w 0 0 a5:w b5:b c5:b", "", "*");
        assertEquals(Termination.BLOCKED, a.termination());
        assertEquals("0:RESULT_MISMATCH", codes(a));
        assertEquals("1/2-1/2", a.resultByRule());
    }

    @Test
    void aShadowpieceIsFollowedUntilItIsTaken() {
        Analysis a = replay("b 0 2 c4:w c5:w e1:b g5:w", "e5 c4-d4 e1-e2 d4-d5 e2-e1 d5xf5 e1-e2 f5xd5", "*");
        assertEquals("", codes(a));
        assertEquals(List.of(new Shadowpiece(1, Side.BLACK, "e5", 2, 2, 8, Shadowpiece.Fate.TAKEN, "e5", 1)),
                a.shadowpieces());
        assertEquals(7, a.shadowpieces().get(0).pliesOnTop(8));
    }

    @Test
    void aShadowpieceThatWinsIsStillStandingWhereItMoved() {
        Analysis a = replay("b 0 2 c5:w", "e5 c5-d5 e5xc5", "0-1");
        assertEquals("", codes(a));
        assertEquals(List.of(new Shadowpiece(1, Side.BLACK, "e5", 2, 0, -1, Shadowpiece.Fate.STANDING, "c5", 3)),
                a.shadowpieces());
    }

    @Test
    void selfPlayGamesHaveNoFindings() {
        for (Variant v : Variant.values()) {
            for (int i = 1; i <= 20; i++) {
                var record = new SelfPlay(v, 7).game(i);
                Analysis a = Replay.analyse(record);
                assertEquals("", codes(a), record.movetext());
                assertTrue(a.termination().isOver());
                assertEquals(record.moves().size(), a.pliesReplayed());
            }
        }
    }
}
