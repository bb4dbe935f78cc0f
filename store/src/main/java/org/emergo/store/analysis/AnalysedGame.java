package org.emergo.store.analysis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.emergo.pattern.GameBoards;
import org.emergo.replay.Analysis;
import org.emergo.replay.Finding;
import org.emergo.replay.Shadowpiece;
import org.emergo.rules.Variant;
import org.emergo.store.pattern.PatternIndexWriter;

/**
 * A game's analysis in the shape of its rows, made on a replay thread.
 *
 * @param error why the replay failed (an engine defect), or null
 * @param patternBoards the positions encoded for pattern search ({@link GameBoards}), empty when none
 */
public record AnalysedGame(long gameId, Variant variant, String resultByRule, String termination, Integer endPly, Integer stoppedAtPly,
        int pliesReplayed, List<PositionRow> positions, List<Finding> findings, List<Shadowpiece> shadowpieces,
        String findingsDigest, GameFigures figures, String error, byte[] patternBoards) {

    static AnalysedGame of(long gameId, Variant variant, Analysis a) {
        List<PositionRow> rows = new ArrayList<>(a.positions().size());
        int moves = a.moves().size();
        for (int ply = 0; ply < a.positions().size(); ply++) {
            String canonical = ply < moves ? a.moves().get(ply).toString() : null;
            String written = ply < moves ? a.written().get(ply) : null;
            rows.add(PositionRow.of(ply, a.positions().get(ply), a.legalMoves()[ply], a.maxCapture()[ply], a.hits()[ply], canonical, written));
        }
        return new AnalysedGame(gameId, variant, a.resultByRule(), a.termination().description(),
                a.endPly() < 0 ? null : a.endPly(), a.stoppedAtPly() < 0 ? null : a.stoppedAtPly(),
                a.pliesReplayed(), rows, a.findings(), a.shadowpieces(), digest(a.findings()), GameFigures.of(a, rows), null, patternBoards(a));
    }

    /** A game whose replay threw: kept as an analysis row so the run goes on and the user sees it. */
    static AnalysedGame failed(long gameId, Variant variant, Exception e) {
        return new AnalysedGame(gameId, variant, "*", "replay error", null, 0, 0, List.of(), List.of(), List.of(),
                digest(List.of()), GameFigures.NONE, e.toString(), new byte[0]);
    }

    private static byte[] patternBoards(Analysis a) {
        Set<Integer> findingPlies = new HashSet<>();
        for (Finding f : a.findings()) findingPlies.add(f.ply());
        return GameBoards.encode(a.positions(), a.moves(), findingPlies, a.maxCapture(), a.hits());
    }

    /** SHA-256 of what identifies the findings (ply, code, move, expected), for comparing engine versions. */
    static String digest(List<Finding> findings) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Finding f : findings) {
                sha.update((f.ply() + "|" + f.code() + "|" + f.moveText() + "|" + f.expected() + "\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** This game's row of the pattern index. */
    PatternIndexWriter.Row patternRow() {
        return new PatternIndexWriter.Row(gameId, variant, positions.size(), patternBoards);
    }
}
