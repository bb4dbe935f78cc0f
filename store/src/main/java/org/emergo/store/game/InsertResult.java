package org.emergo.store.game;

import java.util.List;
import org.emergo.replay.GameRecord;

/**
 * What {@link GameRepository#insertAll} did.
 *
 * @param inserted   games added
 * @param duplicates games skipped because a game with the same fingerprint was already stored
 *                   or came earlier in the same call
 * @param ids        the ids of the added games, in the order given
 * @param rejected   games the schema cannot hold (a value longer than its column), not added
 */
public record InsertResult(int inserted, int duplicates, List<Long> ids, List<RejectedGame> rejected) {

    public InsertResult {
        ids = List.copyOf(ids);
        rejected = List.copyOf(rejected);
    }

    /** A game that was not stored, and why, in words for an import_error row. */
    public record RejectedGame(GameRecord game, String reason) {
    }
}
