package org.emergo.viewer.game;

import java.util.ArrayList;
import java.util.List;
import org.emergo.store.analysis.GameReplay;
import org.emergo.viewer.board.Overlay;

/** Where each shadowpiece stands at a ply: it moves whenever a move starts from its square. */
final class ShadowMarks {

    private ShadowMarks() {}

    static List<Overlay.Mark> at(GameReplay game, int ply) {
        List<Overlay.Mark> marks = new ArrayList<>();
        for (GameReplay.ShadowRow s : game.shadowpieces()) {
            if (s.ply() > ply || (s.endPly() != null && s.endPly() <= ply)) continue;
            String square = s.square();
            for (int p = s.ply() + 1; p <= ply && p <= game.moves().size(); p++) {
                List<String> route = Overlay.route(game.moves().get(p - 1).canonical());
                if (route.size() > 1 && route.get(0).equals(square)) square = route.get(route.size() - 1);
            }
            String owner = "w".equals(s.player()) ? "White" : "Black";
            marks.add(new Overlay.Mark(square, owner + "'s shadowpiece of " + s.size() + ", entered at ply " + s.ply()));
        }
        return marks;
    }
}
