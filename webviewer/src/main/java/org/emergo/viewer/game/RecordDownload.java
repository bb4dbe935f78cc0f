package org.emergo.viewer.game;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.emergo.store.db.Database;

/**
 * A game's record as the file the game page downloads. The viewer does not write EGN itself:
 * the command line, which has the importer's writer, hands this in ({@code emergo serve}).
 */
@FunctionalInterface
public interface RecordDownload {

    /** No download: the game page shows no link. */
    RecordDownload NONE = (db, id, variations) -> Optional.empty();

    /**
     * A move of a variation, with the engine's comment on it (null for none) and the variations
     * that are played instead of it, written after it as PGN writes them.
     */
    record LineMove(String move, String comment, List<List<LineMove>> alternatives) {
        public LineMove {
            alternatives = List.copyOf(alternatives);
        }
    }

    /**
     * The record of game {@code id} as EGN, empty when there is no such game.
     *
     * @param variations by ply (1 the first move): the variations played instead of the main
     *                   line's move of that ply, written after it; empty for none
     */
    Optional<String> egn(Database db, long id, Map<Integer, List<List<LineMove>>> variations);
}
