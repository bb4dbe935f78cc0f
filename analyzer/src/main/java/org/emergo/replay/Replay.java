package org.emergo.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.emergo.rules.Game;
import org.emergo.rules.Move;
import org.emergo.rules.MoveMatcher;
import org.emergo.rules.Notation;
import org.emergo.rules.NotationException;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Resolution;
import org.emergo.rules.Side;
import org.emergo.rules.Termination;

/**
 * Replays a record's main line through the rules engine (docs/findings.md#how-a-game-is-checked): every move is checked
 * against the legal moves of its position and gets at most one finding; moves whose code
 * "goes on" are carried out as written, the others end the replay.
 */
public final class Replay {

    private final Game game;
    private final List<String> written = new ArrayList<>();
    private final List<Move> moves = new ArrayList<>();
    private final List<Finding> findings = new ArrayList<>();
    private final ShadowpieceTracker shadowpieces = new ShadowpieceTracker();
    private final int[] legalMoves;
    private final int[] maxCapture;
    private final long[] hits;
    private int stoppedAtPly = -1;

    private Replay(Position start, int plies) {
        game = new Game(start);
        legalMoves = new int[plies + 1];
        maxCapture = new int[plies + 1];
        hits = new long[plies + 1];
        recordStatistics(0);
    }

    /** Replays a record from its start position (the empty board, or its SetUp position). */
    public static Analysis analyse(GameRecord record) {
        Position start = record.setupPosition() == null
                ? Position.start(record.variant())
                : PositionText.parse(record.setupPosition(), record.variant());
        return analyse(start, record.moves(), record.result());
    }

    /** Replays moves as written from a position and compares the end by rule with a result tag. */
    public static Analysis analyse(Position start, List<String> moveTexts, String resultTag) {
        Replay replay = new Replay(start, moveTexts.size());
        for (String text : moveTexts) {
            if (!replay.step(text)) break;
        }
        return replay.finish(resultTag == null ? "*" : resultTag.trim());
    }

    /** Checks and carries out the next move; false when the replay stops here. */
    private boolean step(String text) {
        int ply = game.ply() + 1;
        Position p = game.current();
        Side player = p.sideToMove();
        if (game.termination().isOver()) {
            return stop(new Finding(ply, FindingCode.MOVES_AFTER_END, player, text, null, 0,
                    "the game ended by rule at ply " + game.ply() + " (" + game.termination().description() + ")"));
        }
        Resolution resolution;
        try {
            resolution = MoveMatcher.resolve(p, Notation.parse(text), game.legalMoves());
        } catch (NotationException e) {
            // The importer rejects text that is no move; a caller that did not gets UNPLAYABLE.
            return stop(new Finding(ply, FindingCode.UNPLAYABLE, player, text, null, 0, "not a move: " + e.getMessage()));
        }
        if (resolution instanceof Resolution.NotOnBoard r) {
            return stop(new Finding(ply, FindingCode.NOT_ON_BOARD, player, text, null, 0,
                    r.square() + " is not a square of the " + p.board() + " board"));
        }
        if (resolution instanceof Resolution.Unplayable r) {
            return stop(new Finding(ply, FindingCode.UNPLAYABLE, player, text, null, 0, r.reason()));
        }
        if (resolution instanceof Resolution.Ambiguous r) {
            return stop(new Finding(ply, FindingCode.AMBIGUOUS_MOVE, player, text, null, 0,
                    text + " matches " + r.candidates().size() + " moves that leave different positions: "
                            + join(r.candidates())));
        }
        Move move = ((Resolution.Resolved) resolution).move();
        Position next;
        if (game.legalMoves().contains(move)) {
            next = game.playLegal(move);
        } else {
            Finding finding = LegalityCheck.check(p, game.legalMoves(), move, ply, text);
            findings.add(finding);
            if (finding.code().stopsReplay()) {
                stoppedAtPly = ply;
                return false;
            }
            next = game.play(move);
        }
        written.add(text);
        moves.add(move);
        shadowpieces.afterMove(p, move, next, ply);
        recordStatistics(ply);
        return true;
    }

    private boolean stop(Finding finding) {
        findings.add(finding);
        stoppedAtPly = finding.ply();
        return false;
    }

    private void recordStatistics(int ply) {
        List<Move> legal = game.legalMoves();
        legalMoves[ply] = legal.size();
        maxCapture[ply] = !legal.isEmpty() && legal.get(0).isCapture() ? legal.get(0).jumps() : 0;
        hits[ply] = maxCapture[ply] > 0 ? jumped(legal) : 0;
    }

    /** The squares (a bit each, by index) whose columns a legal capture jumps: what SQ:hit asks (docs/patterns.md#threats-and-material). */
    static long jumped(List<Move> legal) {
        long squares = 0;
        for (Move m : legal) {
            if (!m.isCapture()) continue;
            for (int i = 0; i + 1 < m.length(); i++) {
                int from = m.square(i);
                squares |= 1L << m.board().neighbour(from, m.board().jumpDirection(from, m.square(i + 1)));
            }
        }
        return squares;
    }

    private Analysis finish(String resultTag) {
        Termination termination = game.termination();
        String result = termination.result(game.current().sideToMove());
        int endPly = termination.isOver() ? game.ply() : -1;
        // RESULT_MISMATCH only where the end by rule is known (docs/findings.md#result_mismatch).
        if (termination.isOver() && !result.equals(resultTag)) {
            findings.add(new Finding(endPly, FindingCode.RESULT_MISMATCH, game.current().sideToMove(), resultTag,
                    result, 0, "the game ended by rule at ply " + endPly + " (" + termination.description() + ", "
                            + result + ") but the record says " + resultTag));
        }
        List<Position> positions = new ArrayList<>(game.ply() + 1);
        for (int i = 0; i <= game.ply(); i++) positions.add(game.position(i));
        int n = game.ply() + 1;
        return new Analysis(positions, List.copyOf(written), List.copyOf(moves),
                Arrays.copyOf(legalMoves, n), Arrays.copyOf(maxCapture, n),
                Arrays.copyOf(hits, n),
                List.copyOf(findings), shadowpieces.finish(game.current()), termination, result, endPly, stoppedAtPly);
    }

    static String join(List<Move> moves) {
        StringBuilder sb = new StringBuilder();
        for (Move m : moves) sb.append(sb.length() == 0 ? "" : ", ").append(m);
        return sb.toString();
    }

    /** The words for a capture that was due: "e4xc4xc6xe6xe4xc4 (5 men)". */
    static String due(Move m) {
        return m + " (" + m.jumps() + (m.jumps() == 1 ? " man)" : " men)");
    }
}
