package org.emergo.store.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.emergo.replay.Analysis;
import org.emergo.rules.Move;
import org.emergo.rules.Position;

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

    /** The figures of a replayed game whose position rows are made: they hold the heights and material needed. */
    static GameFigures of(Analysis a, List<PositionRow> rows) {
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
        for (PositionRow row : rows) {
            biggest = Math.max(biggest, row.maxCapture());
            if (row.maxCapture() >= BIG_CAPTURE) {
                chances.add(new CaptureChance(row.ply(), row.sideToMove(), row.maxCapture(),
                        row.ply() < moves.size() ? moves.get(row.ply()).jumps() : null));
            }
        }

        Columns columns = new Columns(a.positions(), rows);
        Mobility whole = new Mobility();
        List<Stage> stages = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += STAGE_PLIES) {
            Mobility stage = new Mobility();
            for (int ply = from; ply < Math.min(from + STAGE_PLIES, moves.size()); ply++) {
                PositionRow row = rows.get(ply);
                stage.add(row.sideToMove(), row.legalMoves());
                whole.add(row.sideToMove(), row.legalMoves());
            }
            PositionRow first = rows.get(from);
            stages.add(new Stage(from / STAGE_PLIES, first.whiteMaterial(), first.blackMaterial(),
                    stage.average('w'), stage.average('b')));
        }
        PositionRow last = rows.get(rows.size() - 1);
        return new GameFigures(captures, menCaptured, longest, firstCapture, biggest, columns.tallest,
                columns.tallestSquare, columns.tallestPly, a.shadowpieces().size(), last.whiteMaterial(),
                last.blackMaterial(), whole.average('w'), whole.average('b'), lengths, columns.tall, chances, stages);
    }

    /**
     * The tallest column of a game and the first ply of each tall height on each square, read
     * from the rows' board strings (a letter per square: its owner and height); a position whose
     * tallest column is short and no taller than one seen before is skipped.
     */
    private static final class Columns {
        int tallest;
        String tallestSquare;
        Integer tallestPly;
        final List<TallColumn> tall = new ArrayList<>();

        Columns(List<Position> positions, List<PositionRow> rows) {
            int[] listed = new int[BoardColumns.NAMES.size()]; // per square: tallest height listed so far
            for (PositionRow row : rows) {
                if (row.tallest() < TALL && row.tallest() <= tallest) continue;
                String board = row.board();
                for (int place = 0; place < board.length(); place++) {
                    char c = board.charAt(place);
                    if (c == '.') continue;
                    int h = BoardColumns.height(c);
                    if (h > 26) { // the letter says only "taller than 26": ask the position
                        Position p = positions.get(row.ply());
                        h = p.column(BoardColumns.square(p.board(), place)).height();
                    }
                    if (h > tallest) {
                        tallest = h;
                        tallestSquare = BoardColumns.NAMES.get(place);
                        tallestPly = row.ply();
                    }
                    for (int height = Math.max(listed[place] + 1, TALL); height <= h; height++) {
                        tall.add(new TallColumn(BoardColumns.NAMES.get(place), height, row.ply(), BoardColumns.owner(c)));
                    }
                    listed[place] = Math.max(listed[place], h);
                }
            }
        }
    }

    /** Legal moves summed per side ('w' or 'b') over the positions it moved from. */
    private static final class Mobility {
        private final long[] moves = new long[2];
        private final int[] positions = new int[2];

        void add(char side, int legalMoves) {
            moves[index(side)] += legalMoves;
            positions[index(side)]++;
        }

        Float average(char side) {
            int n = positions[index(side)];
            return n == 0 ? null : (float) moves[index(side)] / n;
        }

        private static int index(char side) {
            return side == 'w' ? 0 : 1;
        }
    }
}
