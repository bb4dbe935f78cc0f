package org.emergo.store;

import java.io.IOException;
import org.emergo.store.db.Database;
import org.emergo.store.game.GameRepository;

/**
 * Another program holding a database open: opens it, says so, and when its input ends counts
 * the games on its own connection, prints the count, and closes it.
 */
public final class HoldDatabase {

    public static void main(String[] args) throws IOException {
        try (Database db = Database.open(args[0])) {
            System.out.println("open");
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait for the test to close our input
            }
            System.out.println(new GameRepository(db.dsl()).count());
        }
    }
}
