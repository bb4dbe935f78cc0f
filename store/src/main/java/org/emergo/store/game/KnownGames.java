package org.emergo.store.game;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Games seen by fingerprint, telling a new game from a duplicate exactly: a fingerprint is 64
 * bits, so on a shared fingerprint the games' identities decide. Identities are made only then,
 * which for almost every game is never.
 */
final class KnownGames {

    /** Per fingerprint, the identities of the games with it, or null while only one game has it. */
    private final Map<Long, List<Supplier<GameIdentity>>> games = new HashMap<>();

    /** Adds a game; false when the same game is known already. */
    boolean add(long fingerprint, Supplier<GameIdentity> identity) {
        List<Supplier<GameIdentity>> same = games.get(fingerprint);
        if (same == null) {
            List<Supplier<GameIdentity>> list = new ArrayList<>(1);
            list.add(identity);
            games.put(fingerprint, list);
            return true;
        }
        GameIdentity mine = identity.get();
        for (int i = 0; i < same.size(); i++) {
            GameIdentity other = same.get(i).get();
            same.set(i, () -> other); // made once
            if (other.equals(mine)) {
                return false;
            }
        }
        same.add(() -> mine);
        return true;
    }
}
