package org.emergo.store.analysis;

import java.util.List;
import java.util.Map;
import org.emergo.rules.Variant;

/**
 * A game as the viewer shows it: its tags and every position it went through, from the
 * stored analysis, or replayed on the spot when the game has not been analysed yet.
 *
 * @param positions    position strings of plies 0..n
 * @param moves        the moves of plies 1..n (index 0 is ply 1)
 * @param findings     every finding, by ply
 * @param shadowpieces every shadowpiece entered
 * @param resultByRule the result by rule, null when unknown
 * @param termination  how the game ended by rule, null when unknown
 * @param analysed     whether the figures come from a stored analysis
 */
public record GameReplay(
        long id,
        Variant variant,
        String white,
        String black,
        String event,
        String date,
        String result,
        Map<String, String> tags,
        List<String> positions,
        List<PlyMove> moves,
        List<FindingRow> findings,
        List<ShadowRow> shadowpieces,
        String resultByRule,
        String termination,
        boolean analysed) {

    /** A move carried out: canonical notation and, when it differs, as written. */
    public record PlyMove(int ply, String canonical, String written) {
        public boolean writtenDiffers() {
            return written != null && !written.equals(canonical);
        }
    }

    /** A finding (docs/findings.md#finding-codes). */
    public record FindingRow(int ply, String code, String player, String moveText, String expected, int expectedCount,
            String message) {}

    /** A shadowpiece (docs/rules.md#shadowpieces) and its fate. */
    public record ShadowRow(int ply, String player, String square, int size, int timesJumped, Integer endPly,
            String fate) {}

    /** The last ply replayed. */
    public int lastPly() {
        return positions.size() - 1;
    }
}
