package org.emergo.store;

import java.io.IOException;

/** Another program holding a database open: opens it, says so, and closes it when its input ends. */
public final class HoldDatabase {

    public static void main(String[] args) throws IOException {
        try (Database db = Database.open(args[0])) {
            System.out.println("open");
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait for the test to close our input
            }
        }
    }
}
