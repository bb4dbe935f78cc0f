package org.emergo.store.game;

import java.util.List;
import org.emergo.rules.Position;
import org.emergo.rules.PositionText;
import org.emergo.rules.Variant;

/** A game as the replay needs it: where it starts and its moves, read from table game ({@link PendingGames}). */
public record PendingGame(long id, Variant variant, String setupEpn, List<String> moves, String result) {

    /** The position the game starts from: the empty board, or its SetUp position. */
    public Position start() {
        return setupEpn == null ? Position.start(variant) : PositionText.parse(setupEpn, variant);
    }
}
