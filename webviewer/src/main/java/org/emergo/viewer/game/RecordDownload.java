package org.emergo.viewer.game;

import java.util.Optional;
import org.emergo.store.db.Database;

/**
 * A game's record as the file the game page downloads. The viewer does not write EGN itself:
 * the command line, which has the importer's writer, hands this in ({@code emergo serve}).
 */
@FunctionalInterface
public interface RecordDownload {

    /** No download: the game page shows no link. */
    RecordDownload NONE = (db, id) -> Optional.empty();

    /** The record of game {@code id} as EGN, empty when there is no such game. */
    Optional<String> egn(Database db, long id);
}
