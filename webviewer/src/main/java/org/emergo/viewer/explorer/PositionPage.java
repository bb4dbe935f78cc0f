package org.emergo.viewer.explorer;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.emergo.rules.Move;
import org.emergo.rules.MoveGen;
import org.emergo.rules.Position;
import org.emergo.rules.Variant;
import org.emergo.store.analysis.ExplorerFilter;
import org.emergo.store.analysis.PositionExplorer;
import org.emergo.viewer.board.BoardSvg;
import org.emergo.viewer.board.Overlay;
import org.emergo.viewer.http.Urls;

/** The position explorer's page: the board, the moves played next and the games through it. */
public record PositionPage(Position position, String epn, String boardSvg, PositionExplorer.Result result,
        Map<String, String> after, ExplorerFilter filter) {

    public static PositionPage of(Position position, PositionExplorer.Result result) {
        return of(position, result, ExplorerFilter.NONE);
    }

    /** The page over the games the filter lets through; the links to the positions after each move keep it. */
    public static PositionPage of(Position position, PositionExplorer.Result result, ExplorerFilter filter) {
        Map<String, String> after = new HashMap<>();
        String keep = Urls.filterQuery(filter);
        for (Move m : MoveGen.legalMoves(position)) {
            after.put(m.toString(), Urls.position(position.play(m).toString(), position.variant()) + keep);
        }
        return new PositionPage(position, position.toString(), BoardSvg.draw(position, Overlay.NONE, false), result, after,
                filter);
    }

    /** The same position over every game. */
    public String unfilteredUrl() {
        return Urls.position(epn, variant());
    }

    public List<String> variants() {
        return List.of("Emergo", "HexEmergo");
    }

    public Variant variant() {
        return position.variant();
    }

    public String sideToMove() {
        return position.sideToMove().name().charAt(0) + position.sideToMove().name().substring(1).toLowerCase();
    }

    public String hash() {
        return Long.toString(position.hash());
    }

    /** The explorer on the position after a move played from here, or null if the move is not legal here. */
    public String afterUrl(String canonical) {
        return after.get(canonical);
    }

    public String gameUrl(long id, int ply) {
        return "/game/" + id + "/" + ply;
    }

    /** The position on the analysis board, to try moves on. */
    public String analysisUrl() {
        return Urls.analysis(epn, variant());
    }

    public String apiUrl() {
        return "/api/positions?epn=" + Urls.encode(epn) + (variant() == Variant.HEXEMERGO ? "&variant=HexEmergo" : "") + Urls.filterQuery(filter);
    }
}
