package org.emergo.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.emergo.replay.Analysis;
import org.emergo.rules.Column;
import org.emergo.rules.Move;
import org.emergo.rules.Position;
import org.emergo.rules.Side;

/**
 * What a game's pages and the common questions need without reading its positions
 * (sql/V5__game_figures.sql): the analysis row's figures and the rows of capture_length,
 * tall_column, capture_chance and game_stage. Computed on a replay thread.
 *
 * @param firstCapturePly the ply of the first capture, null when there was none
 * @param tallestSquare   where the tallest column first stood, null when no column ever stood
 * @param whiteMobility   White's legal moves averaged over the positions he moved from, null if none
 */
public record GameFigures(int captures, int menCaptured, int longestCapture, Integer firstCapturePly,
        int biggestCaptureAvailable, int tallest, String tallestSquare, Integer tallestPly, int shadowpieces,
        int whiteMaterialEnd, int blackMaterialEnd, Float whiteMobility, Float blackMobility,
        List<CaptureLength> captureLengths, List<TallColumn> tallColumns, List<CaptureChance> captureChances,
        List<Stage> stages) {

    /** Columns of this height or taller are listed in tall_column. */
    public static final int TALL = 5;
    /** Positions whose side to move could take this many men or more are listed in capture_chance. */
    public static final int BIG_CAPTURE = 3;
    /** Plies per row of game_stage. */
    public static final int STAGE_PLIES = 40;

    /** Captures of one size in a game. */
    public record CaptureLength(int men, int captures, int firstPly) {}

    /** The first ply at which a column of {@code height} or more stood on {@code square}. */
    public record TallColumn(String square, int height, int firstPly, char owner) {}

    /** A position whose side to move could take {@code available} men; {@code taken} null at the end. */
    public record CaptureChance(int ply, char player, int available, Integer taken) {}

    /** Material at a stage's first position and mobility over its positions (null: that side never moved). */
    public record Stage(int stage, int whiteMaterial, int blackMaterial, Float whiteMobility, Float blackMobility) {}

    /** The figures of a game that could not be replayed: nothing happened in it. */
    static final GameFigures NONE = new GameFigures(0, 0, 0, null, 0, 0, null, null, 0, 0, 0, null, null,
            List.of(), List.of(), List.of(), List.of());

    static GameFigures of(Analysis a) {
        List<Position> positions = a.positions();
        List<Move> moves = a.moves();

        int captures = 0;
        int menCaptured = 0;
        int longest = 0;
        Integer firstCapture = null;
        Map<Integer, int[]> bySize = new TreeMap<>(); // men -> {captures, first ply}
        for (int i = 0; i < moves.size(); i++) {
            int men = moves.get(i).jumps();
            if (men == 0) continue;
            int ply = i + 1;
            captures++;
            menCaptured += men;
            longest = Math.max(longest, men);
            if (firstCapture == null) firstCapture = ply;
            bySize.computeIfAbsent(men, m -> new int[] {0, ply})[0]++;
        }
        List<CaptureLength> lengths = new ArrayList<>(bySize.size());
        bySize.forEach((men, c) -> lengths.add(new CaptureLength(men, c[0], c[1])));

        int biggest = 0;
        List<CaptureChance> chances = new ArrayList<>();
        for (int ply = 0; ply < positions.size(); ply++) {
            int available = a.maxCapture()[ply];
            biggest = Math.max(biggest, available);
            if (available >= BIG_CAPTURE) {
                chances.add(new CaptureChance(ply, positions.get(ply).sideToMove().letter(), available,
                        ply < moves.size() ? moves.get(ply).jumps() : null));
            }
        }

        Columns columns = new Columns(positions);
        Mobility whole = new Mobility();
        List<Stage> stages = new ArrayList<>();
        for (int from = 0; from < positions.size(); from += STAGE_PLIES) {
            Mobility stage = new Mobility();
            for (int ply = from; ply < Math.min(from + STAGE_PLIES, moves.size()); ply++) {
                Side side = positions.get(ply).sideToMove();
                stage.add(side, a.legalMoves()[ply]);
                whole.add(side, a.legalMoves()[ply]);
            }
            Position first = positions.get(from);
            stages.add(new Stage(from / STAGE_PLIES, material(first, Side.WHITE), material(first, Side.BLACK),
                    stage.average(Side.WHITE), stage.average(Side.BLACK)));
        }
        Position last = positions.get(positions.size() - 1);
        return new GameFigures(captures, menCaptured, longest, firstCapture, biggest, columns.tallest,
                columns.tallestSquare, columns.tallestPly, a.shadowpieces().size(), material(last, Side.WHITE),
                material(last, Side.BLACK), whole.average(Side.WHITE), whole.average(Side.BLACK), lengths, columns.tall,
                chances, stages);
    }

    /** Men a side controls, as position.white_material counts them: in hand and in the columns it owns. */
    static int material(Position p, Side side) {
        int men = p.inHand(side);
        for (int sq = 0; sq < p.board().size(); sq++) {
            Column c = p.column(sq);
            if (c != null && c.owner() == side) men += c.height();
        }
        return men;
    }

    /** The tallest column of a game and the first ply of each tall height on each square. */
    private static final class Columns {
        int tallest;
        String tallestSquare;
        Integer tallestPly;
        final List<TallColumn> tall = new ArrayList<>();

        Columns(List<Position> positions) {
            int[] listed = new int[positions.get(0).board().size()]; // per square: tallest height listed so far
            for (int ply = 0; ply < positions.size(); ply++) {
                Position p = positions.get(ply);
                for (int sq = 0; sq < listed.length; sq++) {
                    Column c = p.column(sq);
                    if (c == null) continue;
                    int h = c.height();
                    if (h > tallest) {
                        tallest = h;
                        tallestSquare = p.board().name(sq);
                        tallestPly = ply;
                    }
                    for (int height = Math.max(listed[sq] + 1, TALL); height <= h; height++) {
                        tall.add(new TallColumn(p.board().name(sq), height, ply, c.owner().letter()));
                    }
                    listed[sq] = Math.max(listed[sq], h);
                }
            }
        }
    }

    /** Legal moves summed per side over the positions it moved from. */
    private static final class Mobility {
        private final long[] moves = new long[2];
        private final int[] positions = new int[2];

        void add(Side side, int legalMoves) {
            moves[side.ordinal()] += legalMoves;
            positions[side.ordinal()]++;
        }

        Float average(Side side) {
            int n = positions[side.ordinal()];
            return n == 0 ? null : (float) moves[side.ordinal()] / n;
        }
    }
}
