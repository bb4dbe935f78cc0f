package org.emergo.viewer.analysis;

import org.emergo.rules.Position;
import org.emergo.viewer.engine.AnalysisBoard;
import org.emergo.viewer.http.Urls;

/** The analysis board of a position string: the board, the moves tried, the engine's answer. */
public record AnalysisPage(Position start, AnalysisBoard board, boolean flipped, String flipUrl, String startUrl) {

    public String startEpn() {
        return start.toString();
    }

    public String explorerUrl() {
        return Urls.position(board.epn(), board.position().variant());
    }

    public String svg() {
        return board.svg(start, flipped, org.emergo.viewer.board.Overlay.NONE);
    }

    public String title() {
        return board.inLine() ? board.label() : "Position " + start;
    }
}
